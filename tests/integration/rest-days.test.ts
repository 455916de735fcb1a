import { askEveningQuestion } from "~/conversation/inbound.server";
import { applyGoalIntent } from "~/goals/goal-intents.server";
import { streakFor } from "~/goals/goals.server";
import { REST_DAYS_PER_MONTH } from "~/goals/rest-days";
import { createHabitGoalsOfDay } from "~/habits/habit-goals.server";
import { habitDayNumbers } from "~/habits/habit-numbers.server";
import { createHabit, getHabit } from "~/habits/habits.server";
import { pausesOf } from "~/users/pauses.server";
import { getUserById, updateUser } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";
import * as habitsRoute from "~/routes/api+/habits";
import * as habitApiRoute from "~/routes/api+/habits_.$id";
import * as habitPageRoute from "~/routes/habits+/$id";
import * as skipRoute from "~/routes/api+/goals_.$id_.skip";
import { call, makeRequest, readJson, sessionCookie } from "../helpers/requests";
import { textFromUser, userVerifiedSinceNewYear } from "../helpers/texts";

// Pauses and rest days through the product's own paths: a text in, the rows it leaves, the reply, and
// the streaks every page reads. New York in November (EST): noon local is 17:00Z.
const noon = (day: string) => new Date(`2026-11-${day}T17:00:00Z`);

const verifiedUser = userVerifiedSinceNewYear;

const text = textFromUser;

/** The habit's goal of a day, made as the morning question makes it, then marked done or not. */
function habitDay(userId: number, habitId: number, day: string, done: boolean) {
  createHabitGoalsOfDay(getUserById(userId)!, noon(day));
  if (done)
    sqlite
      .prepare("update goals set completed_at = ? where habit_id = ? and habit_day = ?")
      .run(noon(day).getTime(), habitId, `2026-11-${day}`);
}

const habitStreak = (userId: number, habitId: number, day: string) =>
  habitDayNumbers([getHabit(userId, habitId)!], `2026-11-${day}`).get(habitId)!.streak;

const habitGoalOf = (habitId: number, day: string) =>
  sqlite
    .prepare<[number, string], { id: number; skipped_at: number | null }>(
      "select id, skipped_at from goals where habit_id = ? and habit_day = ?",
    )
    .get(habitId, `2026-11-${day}`)!;

describe("a pause freezes every streak", () => {
  it("'vacation for a week' by text: its days stay paused after it ends, for habits and goals", async () => {
    const user = await verifiedUser();
    const habit = createHabit(
      user,
      { title: "Meditate", schedule: { days: [0, 1, 2, 3, 4, 5, 6] }, time: null },
      noon("02"),
    );
    for (const day of ["02", "03", "04", "05"]) habitDay(user.id, habit.id, day, true);
    expect(habitStreak(user.id, habit.id, "05")).toBe(4);
    expect(streakFor(user, noon("05"))).toBe(4);

    const reply = await text(user.id, "vacation for a week", noon("06"));
    expect(reply.intent).toBe("pause");
    expect(pausesOf(user.id)).toEqual([{ from: "2026-11-06", to: "2026-11-12" }]);

    // No habit becomes a goal on a paused day: nothing there to count as missed.
    createHabitGoalsOfDay(getUserById(user.id)!, noon("08"));
    expect(habitGoalOf(habit.id, "08")).toBeUndefined();
    // Back on the 13th: nothing was asked or done for a week, and both streaks carry on.
    habitDay(user.id, habit.id, "13", true);
    expect(habitStreak(user.id, habit.id, "13")).toBe(5);
    expect(streakFor(user, noon("13"))).toBe(5);
    // A day after it with nothing done breaks them as any day would.
    expect(streakFor(user, noon("15"))).toBe(0);
  });

  it("the settings switch pauses until it is on again, and the days between stay paused", async () => {
    const user = await verifiedUser();
    const habit = createHabit(
      user,
      { title: "Stretch", schedule: { days: [0, 1, 2, 3, 4, 5, 6] }, time: null },
      noon("02"),
    );
    for (const day of ["02", "03"]) habitDay(user.id, habit.id, day, true);
    const settings = { sendCheckInReminders: false };
    updateUser(user.id, settings as Parameters<typeof updateUser>[1], noon("04"));
    expect(pausesOf(user.id)).toEqual([{ from: "2026-11-04", to: null }]);
    expect(habitStreak(user.id, habit.id, "20")).toBe(2);

    updateUser(
      user.id,
      { sendCheckInReminders: true } as Parameters<typeof updateUser>[1],
      noon("21"),
    );
    expect(pausesOf(user.id)).toEqual([{ from: "2026-11-04", to: "2026-11-20" }]);
    habitDay(user.id, habit.id, "21", true);
    expect(habitStreak(user.id, habit.id, "21")).toBe(3);
    expect(streakFor(getUserById(user.id)!, noon("21"))).toBe(3);
  });

  it("'resume' ends a pause early: the days from then on are ordinary days again", async () => {
    const user = await verifiedUser();
    await text(user.id, "pause for 2 weeks", noon("02"));
    await text(user.id, "resume", noon("05"));
    expect(pausesOf(user.id)).toEqual([{ from: "2026-11-02", to: "2026-11-04" }]);
    expect(getUserById(user.id)!.pausedUntil).toBeNull();
  });
});

describe("rest days", () => {
  it(`skipping a habit by text spends one of ${REST_DAYS_PER_MONTH} a month, says how many are left, and keeps the streak`, async () => {
    const user = await verifiedUser();
    const habit = createHabit(
      user,
      { title: "Gym", schedule: { days: [0, 1, 2, 3, 4, 5, 6] }, time: null },
      noon("02"),
    );
    habitDay(user.id, habit.id, "02", true);
    const replies: string[] = [];
    for (const day of ["03", "04", "05", "06"]) {
      habitDay(user.id, habit.id, day, false);
      replies.push((await text(user.id, "skip gym today", noon(day))).reply);
    }
    expect(replies[0]).toMatch(/Rest days left this month: 2\./);
    expect(replies[2]).toMatch(/Rest days left this month: 0\./);
    expect(replies[3]).toMatch(/No rest days left this month: Gym stays open\./);
    expect(habitGoalOf(habit.id, "05").skipped_at).not.toBeNull();
    expect(habitGoalOf(habit.id, "06").skipped_at).toBeNull();
    // Three rested days keep the streak of one; the fourth, not rested and not done, breaks it.
    expect(habitStreak(user.id, habit.id, "06")).toBe(1);
    expect(habitStreak(user.id, habit.id, "07")).toBe(0);
  });

  it("the web's Skip spends from the same allowance, and a new month brings it back", async () => {
    const user = await verifiedUser();
    const habit = createHabit(
      user,
      { title: "Read", schedule: { days: [0, 1, 2, 3, 4, 5, 6] }, time: null },
      noon("02"),
    );
    const skip = (day: string) => {
      habitDay(user.id, habit.id, day, false);
      const form = new FormData();
      form.set("goalId", String(habitGoalOf(habit.id, day).id));
      return applyGoalIntent(getUserById(user.id)!, "skip", form, noon(day));
    };
    expect(skip("10")).toMatchObject({
      ok: true,
      toast: {
        title: "Rest day",
        description: "It keeps the streak. 2 rest days left this month.",
      },
    });
    skip("11");
    skip("12");
    const refused = skip("13");
    expect(refused).toMatchObject({
      ok: false,
      toast: { description: expect.stringMatching(/^No rest days left this month/) },
    });
    expect(habitGoalOf(habit.id, "13").skipped_at).toBeNull();
    // December has its own.
    createHabitGoalsOfDay(getUserById(user.id)!, new Date("2026-12-01T17:00:00Z"));
    const december = sqlite
      .prepare<[number], number>(
        "select id from goals where habit_id = ? and habit_day = '2026-12-01'",
      )
      .pluck()
      .get(habit.id)!;
    const form = new FormData();
    form.set("goalId", String(december));
    const result = applyGoalIntent(
      getUserById(user.id)!,
      "skip",
      form,
      new Date("2026-12-01T17:00:00Z"),
    );
    expect(result.ok).toBe(true);
  });
});

describe("habits to avoid", () => {
  const evening = (day: string) => new Date(`2026-11-${day}T00:30:00Z`); // 19:30 the day before

  it("'habit: no sugar' by text: each day kept, 'Any slips?' at night, 'had sugar 😩' misses the day", async () => {
    const user = await verifiedUser();
    const added = await text(user.id, "habit: no sugar", noon("02"));
    expect(added.intent).toBe("add_habit");
    const habit = sqlite
      .prepare<[number], { id: number; avoid: number }>(
        "select id, avoid from habits where user_id = ?",
      )
      .get(user.id)!;
    expect(habit.avoid).toBe(1);
    for (const day of ["02", "03", "04"]) createHabitGoalsOfDay(getUserById(user.id)!, noon(day));
    // Nothing reported: every day is kept.
    expect(habitStreak(user.id, habit.id, "04")).toBe(3);

    const asked = await askEveningQuestion(getUserById(user.id)!, evening("05"));
    expect(asked.sent).toBe(true);
    const question = sqlite
      .prepare<[number], string>(
        "select body from messages where user_id = ? and kind = 'evening' order by id desc limit 1",
      )
      .pluck()
      .get(user.id)!;
    expect(question).toMatch(/^Evening check-in: any slips today\? 1\) no sugar\./i);

    const reply = await text(user.id, "had sugar 😩", evening("05"));
    expect(reply.intent).toBe("check_in");
    expect(reply.reply).toMatch(/Slip noted: no sugar\./i);
    const today = sqlite
      .prepare<[number], { completed_at: number | null }>(
        "select completed_at from goals where habit_id = ? and habit_day = '2026-11-04'",
      )
      .get(habit.id)!;
    expect(today.completed_at).toBeNull();
    expect(habitStreak(user.id, habit.id, "04")).toBe(0);
    // "no slips" records nothing: a kept day stays kept.
    createHabitGoalsOfDay(getUserById(user.id)!, noon("05"));
    await text(user.id, "no slips today", noon("05"));
    expect(habitStreak(user.id, habit.id, "06")).toBe(1);
  });
});

describe("switching a habit to avoid on and off", () => {
  const todayGoalDone = (habitId: number, day: string) =>
    sqlite
      .prepare<[number, string], number | null>(
        "select completed_at from goals where habit_id = ? and habit_day = ?",
      )
      .pluck()
      .get(habitId, `2026-11-${day}`) !== null;
  const isAvoid = (habitId: number) =>
    sqlite.prepare<[number], number>("select avoid from habits where id = ?").pluck().get(habitId);

  it("PATCH /api/habits/{id} and the habit page's edit form change it, and the streak follows", async () => {
    vi.useFakeTimers({ now: noon("05"), toFake: ["Date"] });
    try {
      const user = await verifiedUser();
      const cookie = await sessionCookie(user.id);
      const habit = createHabit(
        user,
        { title: "Sugar", schedule: { days: [0, 1, 2, 3, 4, 5, 6] }, time: null },
        noon("02"),
      );
      for (const day of ["02", "03", "04", "05"]) habitDay(user.id, habit.id, day, false);
      // A habit to do with nothing done: the days are missed.
      expect(habitStreak(user.id, habit.id, "05")).toBe(0);

      const patched = await call(
        habitApiRoute.action,
        makeRequest(`/api/habits/${habit.id}`, { method: "PATCH", cookie, json: { avoid: true } }),
        { id: String(habit.id) },
      );
      expect(patched.status).toBe(200);
      expect(await readJson(patched)).toMatchObject({ title: "Sugar", avoid: true });
      expect(isAvoid(habit.id)).toBe(1);
      // Today is kept until a slip, as a new habit to avoid's day is.
      expect(todayGoalDone(habit.id, "05")).toBe(true);
      expect(habitStreak(user.id, habit.id, "05")).toBe(1);

      const refused = await call(
        habitApiRoute.action,
        makeRequest(`/api/habits/${habit.id}`, { method: "PATCH", cookie, json: { avoid: "yes" } }),
        { id: String(habit.id) },
      );
      expect(refused.status).toBe(400);
      expect(isAvoid(habit.id)).toBe(1);

      // The habit page's edit form: the box unticked makes it a habit to do again.
      const form = new FormData();
      form.set("intent", "edit");
      form.set("title", "Sugar");
      form.set("schedule", "days");
      for (const d of [0, 1, 2, 3, 4, 5, 6]) form.append("days", String(d));
      const edited = await call(
        habitPageRoute.action,
        makeRequest(`/habits/${habit.id}`, { method: "POST", cookie, body: form }),
        { id: String(habit.id) },
      );
      expect(edited.status).toBe(302);
      expect(isAvoid(habit.id)).toBe(0);
      expect(todayGoalDone(habit.id, "05")).toBe(false);

      form.set("avoid", "on");
      await call(
        habitPageRoute.action,
        makeRequest(`/habits/${habit.id}`, { method: "POST", cookie, body: form }),
        { id: String(habit.id) },
      );
      expect(isAvoid(habit.id)).toBe(1);
      const page = await readJson(
        await call(habitPageRoute.loader, makeRequest(`/habits/${habit.id}`, { cookie }), {
          id: String(habit.id),
        }),
      );
      expect(page.habit.avoid).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the /api", () => {
  it("adds a habit to avoid, answers `avoid`, and refuses a skip with no rest day left (409)", async () => {
    const user = await verifiedUser();
    const cookie = await sessionCookie(user.id);
    const created = await call(
      habitsRoute.action,
      makeRequest("/api/habits", {
        method: "POST",
        cookie,
        json: { title: "No soda", days: [0, 1, 2, 3, 4, 5, 6], avoid: true },
      }),
    );
    expect(created.status).toBe(201);
    expect(await readJson(created)).toMatchObject({ title: "No soda", avoid: true });

    // Three days rested this month already: today's skip is refused and the goal stays as it was.
    const habit = createHabit(
      user,
      { title: "Gym", schedule: { days: [0, 1, 2, 3, 4, 5, 6] }, time: null },
      noon("02"),
    );
    for (const day of ["02", "03", "04"]) {
      habitDay(user.id, habit.id, day, false);
      sqlite
        .prepare("update goals set skipped_at = ? where habit_id = ? and habit_day = ?")
        .run(noon(day).getTime(), habit.id, `2026-11-${day}`);
    }
    habitDay(user.id, habit.id, "05", false);
    const goalId = habitGoalOf(habit.id, "05").id;
    const skip = await call(
      skipRoute.action,
      makeRequest(`/api/goals/${goalId}/skip`, { method: "PATCH", cookie }),
      { id: String(goalId) },
    );
    expect(skip.status).toBe(409);
    expect(await readJson(skip)).toMatchObject({
      message: expect.stringMatching(/^No rest days left this month/),
    });
    expect(habitGoalOf(habit.id, "05").skipped_at).toBeNull();
  });
});
