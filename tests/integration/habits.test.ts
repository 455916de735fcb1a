import type { SendResult, SentRecord, SmsTransport } from "~/sms/transport.server";
import { call, createTestUser, makeRequest, readJson, sessionCookie } from "../helpers/requests";
import { textFromUser, userVerifiedSinceNewYear } from "../helpers/texts";
import { runTick } from "~/scheduler/tick.server";
import { listTodayGoals } from "~/goals/goals.server";
import { createHabitGoalsOfDay } from "~/habits/habit-goals.server";
import { createHabit, listHabits } from "~/habits/habits.server";
import { habitsCsv } from "~/habits/habit-csv.server";
import { getUserById } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";
import { summaryPageData, summaryText } from "~/summaries/summaries.server";
import * as habitsRoute from "~/routes/api+/habits";
import * as habitRoute from "~/routes/api+/habits_.$id";

// Habits end to end below the browser: made by text, listed in the morning question on their days
// only, one goal per habit and day whoever asks first, completed by the evening reply, and the /api.

class Outbox implements SmsTransport {
  readonly name = "local" as const;
  readonly sent: { to: string; body: string }[] = [];
  async send(to: string, body: string): Promise<SendResult> {
    this.sent.push({ to, body });
    return { sid: `SMhabit${this.sent.length}${Math.random()}`, status: "queued" };
  }
  async listSentSince(): Promise<SentRecord[]> {
    return [];
  }
  async fetchMedia(): Promise<never> {
    throw new Error("not used");
  }
  to(phone: string) {
    return this.sent.filter((m) => m.to === phone).map((m) => m.body);
  }
}

// New York, EDT. 2026-06-15 is a Monday; 08:00 local is 12:00Z.
const SUNDAY = new Date("2026-06-14T16:00:00Z");
const at = (day: string, hhmm = "12:00") => new Date(`2026-06-${day}T${hhmm}:00Z`);

const verifiedUser = userVerifiedSinceNewYear;

const text = textFromUser;

const habitGoals = (userId: number) =>
  sqlite
    .prepare<[number], { description: string; habit_day: string; completed_at: number | null }>(
      "select description, habit_day, completed_at from goals where user_id = ? and habit_id is not null order by habit_day",
    )
    .all(userId);

describe("a habit made by text", () => {
  it("'gym every Mon, Wed and Fri' is asked on those days only and completed by the evening reply", async () => {
    const user = await verifiedUser();
    const outbox = new Outbox();
    const made = await text(user.id, "gym every Mon, Wed and Fri", SUNDAY);
    expect(made.intent).toBe("add_habit");
    expect(made.reply).toBe(
      'New habit: "gym", Mon, Wed, Fri. It joins your list on those days; text "my habits" to see them all.',
    );
    expect(listHabits(user.id)).toMatchObject([{ title: "gym", active: true }]);
    expect(habitGoals(user.id)).toEqual([]); // Sunday is not a gym day

    await runTick(at("15"), { transport: outbox });
    expect(outbox.to(user.phone)).toEqual([
      `Good morning! Today's habits: 1) gym. Anything else today? Reply with your goals, or "ok" to keep just the habits.`,
    ]);
    expect(habitGoals(user.id)).toMatchObject([{ description: "gym", habit_day: "2026-06-15" }]);

    await text(user.id, "run 5k, read", at("15", "12:30"));
    const today = listTodayGoals(getUserById(user.id)!, at("15", "13:00"));
    expect(today.map((g) => g.description)).toEqual(["gym", "run 5k", "read"]);

    await runTick(at("15", "23:00"), { transport: outbox });
    const reply = await text(user.id, "1 and 3", at("15", "23:10"));
    expect(reply.intent).toBe("check_in");
    expect(habitGoals(user.id)[0]!.completed_at).not.toBeNull();

    // Tuesday: the plain morning question and no habit goal.
    await runTick(at("16"), { transport: outbox });
    expect(outbox.to(user.phone).at(-1)).toMatch(/^Good morning! What are your goals for today\?/);
    expect(habitGoals(user.id).map((g) => g.habit_day)).toEqual(["2026-06-15"]);

    // Wednesday: asked again.
    await runTick(at("17"), { transport: outbox });
    expect(outbox.to(user.phone).at(-1)).toMatch(/^Good morning! Today's habits: 1\) gym\./);
  });

  it("an 'ok' to the morning question keeps just the habits", async () => {
    const user = await verifiedUser();
    await text(user.id, "every day: meditate", SUNDAY);
    await runTick(at("15"), { transport: new Outbox() });
    const reply = await text(user.id, "ok", at("15", "12:05"));
    expect(reply.reply).toBe("OK, today is your habits: 1) meditate. I'll check in at 7:00 PM.");
    expect(getUserById(user.id)!.pendingPrompt).toBeNull();
  });

  it("lists and stops habits by text; a stopped habit makes no more goals", async () => {
    const user = await verifiedUser();
    await text(user.id, "floss daily", SUNDAY);
    await text(user.id, "run 3x a week", SUNDAY);
    expect((await text(user.id, "my habits", SUNDAY)).reply).toBe(
      'Your habits: 1) floss (every day) 2) run (3 times a week). Text "stop habit NAME" to stop one.',
    );
    expect((await text(user.id, "stop habit flossing", SUNDAY)).reply).toMatch(/^Stopped "floss"/);
    expect((await text(user.id, "stop habit yoga", SUNDAY)).reply).toBe(
      'No active habit matches "yoga". Your habits: 1) run',
    );
    createHabitGoalsOfDay(getUserById(user.id)!, at("15"));
    const monday = habitGoals(user.id).filter((g) => g.habit_day === "2026-06-15");
    expect(monday.map((g) => g.description)).toEqual(["run"]);
  });
});

describe("one goal per habit and day", () => {
  it("whoever asks first, and however many ask at once", async () => {
    const user = await verifiedUser();
    createHabit(user, { title: "Read", schedule: { days: [1] }, time: "21:00" }, SUNDAY);
    await Promise.all(Array.from({ length: 5 }, async () => createHabitGoalsOfDay(user, at("15"))));
    await runTick(at("15"), { transport: new Outbox() });
    await text(user.id, "what are my goals", at("15", "13:00"));
    expect(habitGoals(user.id)).toHaveLength(1);
    const [goal] = listTodayGoals(user, at("15", "13:00"));
    expect(goal!.dueDate.toISOString()).toBe("2026-06-16T01:00:00.000Z"); // 21:00 local
  });

  it("offers a times-per-week habit every day until the week's count is met", async () => {
    const user = await verifiedUser();
    createHabit(user, { title: "Swim", schedule: { timesPerWeek: 2 }, time: null }, SUNDAY);
    for (const day of ["15", "16"]) {
      createHabitGoalsOfDay(user, at(day));
      sqlite
        .prepare("update goals set completed_at = ? where user_id = ? and habit_day = ?")
        .run(at(day, "20:00").getTime(), user.id, `2026-06-${day}`);
    }
    createHabitGoalsOfDay(user, at("17")); // met: no goal on Wednesday
    createHabitGoalsOfDay(user, at("22")); // a new week: offered again
    expect(habitGoals(user.id).map((g) => g.habit_day)).toEqual([
      "2026-06-15",
      "2026-06-16",
      "2026-06-22",
    ]);
  });

  it("exports the days as Loop's CSV: a date column and one column per habit", async () => {
    const user = await verifiedUser();
    createHabit(user, { title: "Stretch, daily", schedule: { days: [1, 2] }, time: null }, SUNDAY);
    createHabitGoalsOfDay(user, at("15"));
    sqlite
      .prepare("update goals set completed_at = 1 where user_id = ? and habit_day = '2026-06-15'")
      .run(user.id);
    createHabitGoalsOfDay(user, at("16"));
    expect([...habitsCsv(listHabits(user.id), "2026-06-16")].join("")).toBe(
      'Date,"Stretch, daily"\r\n2026-06-16,0\r\n2026-06-15,1\r\n2026-06-14,\r\n',
    );
  });

  it("exports habit names a spreadsheet would run as formulas as plain text", async () => {
    const user = await verifiedUser();
    for (const title of [";=cmd|' /C calc'!A0", "=1+1", "@SUM(A1)", "-2 cups"])
      createHabit(user, { title, schedule: { days: [1] }, time: null }, SUNDAY);
    const [header] = [...habitsCsv(listHabits(user.id), "2026-06-14")].join("").split("\r\n");
    expect(header).toBe("Date,';=cmd|' /C calc'!A0,'=1+1,'@SUM(A1),'-2 cups");
  });
});

describe("/api/habits", () => {
  const post = (cookie: string, json: unknown) =>
    call(habitsRoute.action, makeRequest("/api/habits", { method: "POST", cookie, json }));
  const patch = (cookie: string, id: number, json: unknown) =>
    call(habitRoute.action, makeRequest(`/api/habits/${id}`, { method: "PATCH", cookie, json }), {
      id: String(id),
    });
  const remove = (cookie: string, id: number) =>
    call(habitRoute.action, makeRequest(`/api/habits/${id}`, { method: "DELETE", cookie }), {
      id: String(id),
    });
  const count = (userId: number) =>
    sqlite
      .prepare<[number], { n: number }>("select count(*) n from habits where user_id = ?")
      .get(userId)!.n;

  it("creates, lists, changes and deletes the caller's own habits", async () => {
    const user = await verifiedUser();
    const cookie = await sessionCookie(user.id);
    const created = await post(cookie, { title: "Meditate", days: [1, 3, 5], time: "07:30" });
    expect(created.status).toBe(201);
    const habit = await readJson(created);
    expect(habit).toMatchObject({
      title: "Meditate",
      days: [1, 3, 5],
      timesPerWeek: null,
      time: "07:30",
      active: true,
      streak: 0,
      bestStreak: 0,
      strength: expect.any(Number),
    });
    const list = await readJson(
      await call(habitsRoute.loader, makeRequest("/api/habits", { cookie })),
    );
    expect(list.map((h: { id: number }) => h.id)).toEqual([habit.id]);

    const changed = await readJson(
      await patch(cookie, habit.id, { timesPerWeek: 4, active: false }),
    );
    expect(changed).toMatchObject({ days: null, timesPerWeek: 4, active: false });
    expect((await remove(cookie, habit.id)).status).toBe(204);
    expect(count(user.id)).toBe(0);
  });

  it.each([
    [{ days: [1] }, "title"],
    [{ title: "x", days: [] }, "days"],
    [{ title: "x", days: [7] }, "days.0"],
    [{ title: "x" }, "days"],
    [{ title: "x", days: [1], timesPerWeek: 2 }, "days"],
    [{ title: "x", timesPerWeek: 8 }, "timesPerWeek"],
    [{ title: "x", days: [1], time: "25:00" }, "time"],
  ])("answers 400 naming the field for %j and writes nothing", async (body, field) => {
    const user = await verifiedUser();
    const response = await post(await sessionCookie(user.id), body);
    expect(response.status).toBe(400);
    expect(Object.keys((await readJson(response)).errors)).toContain(field);
    expect(count(user.id)).toBe(0);
  });

  it("answers 404 for another user's habit, admins included", async () => {
    const owner = await verifiedUser();
    const admin = await createTestUser({ admin: true });
    const habit = createHabit(owner, { title: "Run", schedule: { days: [1] }, time: null });
    for (const cookie of [
      await sessionCookie((await verifiedUser()).id),
      await sessionCookie(admin.id),
    ]) {
      expect((await patch(cookie, habit.id, { title: "Mine" })).status).toBe(404);
      expect((await remove(cookie, habit.id)).status).toBe(404);
    }
    expect(listHabits(owner.id)).toMatchObject([{ title: "Run" }]);
  });

  it("keeps at most 20 active habits", async () => {
    const user = await verifiedUser();
    const cookie = await sessionCookie(user.id);
    for (let i = 0; i < 20; i++)
      expect((await post(cookie, { title: `H${i}`, timesPerWeek: 1 })).status).toBe(201);
    const refused = await post(cookie, { title: "One more", timesPerWeek: 1 });
    expect(refused.status).toBe(409);
    expect((await readJson(refused)).message).toMatch(/at most 20 active habits/);
    expect(count(user.id)).toBe(20);
  });
});

describe("habits in the weekly summary", () => {
  it("counts each habit's days done of due, in the text and on the page", async () => {
    // A Monday-first user: Sunday's summary is of the week ending that day.
    const { id } = await verifiedUser();
    sqlite.prepare("update users set week_starts_on = 'monday' where id = ?").run(id);
    const user = getUserById(id)!;
    createHabit(
      user,
      { title: "Meditate", schedule: { days: [0, 1, 2, 3, 4, 5, 6] }, time: null },
      at("08"),
    );
    createHabit(user, { title: "Gym", schedule: { days: [1, 3, 5] }, time: null }, at("08"));
    // The week of Monday 8 to Sunday 14 June: Meditate done on 5 of 7 days, Gym on 2 of 3.
    for (const day of ["08", "09", "10", "11", "12", "13", "14"]) {
      createHabitGoalsOfDay(user, at(day));
      if (["09", "13"].includes(day)) continue;
      sqlite
        .prepare(
          "update goals set completed_at = ? where user_id = ? and habit_day = ? and (description = 'Meditate' or ? <> '12')",
        )
        .run(at(day, "20:00").getTime(), user.id, `2026-06-${day}`, day);
    }
    const text = summaryText(user, "weekly_summary", "2026-06-14", at("14", "23:00"));
    expect(text).toContain("Habits: Meditate 5/7, Gym 2/3.");
    const page = summaryPageData(user, "weekly_summary", "2026-06-14", at("14", "23:00"));
    expect(page.habits).toEqual([
      expect.objectContaining({ title: "Meditate", done: 5, due: 7 }),
      expect.objectContaining({ title: "Gym", done: 2, due: 3 }),
    ]);
  });
});
