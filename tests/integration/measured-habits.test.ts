import { createHabitGoalsOfDay } from "~/habits/habit-goals.server";
import { recordHabitDay } from "~/habits/habit-days.server";
import { habitDayNumbers } from "~/habits/habit-numbers.server";
import { HabitError, listHabits } from "~/habits/habits.server";
import { getUserById } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";
import { call, makeRequest, readJson, sessionCookie } from "../helpers/requests";
import { textFromUser, userVerifiedSinceNewYear } from "../helpers/texts";
import { pdfText } from "../e2e/pdf-text";
import * as exportRoute from "~/routes/settings_+/export[.json]";
import { habitsCsv } from "~/habits/habit-csv.server";
import { progressReportPdf } from "~/report/report-pdf.server";
import { summaryText } from "~/summaries/summaries.server";

// Measured habits by text (conventions v5): the target kept from "read 30 pages every day", a value
// and a note from the evening reply written to the habit's day, and the reply saying what it came to.

// New York, EDT. 2026-06-15 is a Monday; 12:00Z is 08:00 local, 23:10Z is 19:10.
const SUNDAY = new Date("2026-06-14T16:00:00Z");
const at = (day: string, hhmm = "23:10") => new Date(`2026-06-${day}T${hhmm}:00Z`);

const verifiedUser = userVerifiedSinceNewYear;

const text = textFromUser;

type DayRow = { habit_day: string; value: number | null; note: string | null; done: 0 | 1 };
/** The habit days from Monday 2026-06-15 on (adding a habit on Sunday makes Sunday's goal too). */
const habitDays = (userId: number) =>
  sqlite
    .prepare<[number], DayRow>(
      `select habit_day, value, note, completed_at is not null as done from goals
       where user_id = ? and habit_id is not null and habit_day >= '2026-06-15' order by habit_day`,
    )
    .all(userId);

describe("a measured habit made by text", () => {
  it("keeps the target, unit and period 'read 30 pages every day' names, and says them", async () => {
    const user = await verifiedUser();
    const made = await text(user.id, "read 30 pages every day", SUNDAY);
    expect(made.reply).toBe(
      'New habit: "read 30 pages", every day, 30 pages a day. It joins your list on those days; text "my habits" to see them all.',
    );
    expect(listHabits(user.id)).toMatchObject([
      { title: "read 30 pages", unit: "pages", target: 30, targetPer: "day", atMost: false },
    ]);
  });

  it("makes 'run 15k a week' a weekly target asked every day, not a question back", async () => {
    const user = await verifiedUser();
    const made = await text(user.id, "run 15k a week", SUNDAY);
    expect(made.intent).toBe("add_habit");
    expect(listHabits(user.id)).toMatchObject([
      { title: "run 15k", unit: "km", target: 15, targetPer: "week", atMost: false },
    ]);
    expect(listHabits(user.id)[0]!.schedules.at(-1)).toMatchObject({ days: [0, 1, 2, 3, 4, 5, 6] });
  });

  it("keeps an at-most limit", async () => {
    const user = await verifiedUser();
    await text(user.id, "at most 2 coffees a day", SUNDAY);
    expect(listHabits(user.id)).toMatchObject([
      { unit: "coffees", target: 2, targetPer: "day", atMost: true },
    ]);
  });
});

/** 30 pages a day and two habits a "stretched" fits, their goals made on Monday the 15th. */
async function readerWithTwoStretches() {
  const user = await verifiedUser();
  for (const habit of ["read 30 pages every day", "stretch every day", "stretch legs every day"])
    await text(user.id, habit, SUNDAY);
  createHabitGoalsOfDay(getUserById(user.id)!, at("15", "12:00"));
  return user;
}

describe("a value by text", () => {
  it("'read 35 - great chapter' writes the value and note to the day, checks it off, and says so", async () => {
    const user = await verifiedUser();
    await text(user.id, "read 30 pages every day", SUNDAY);
    createHabitGoalsOfDay(getUserById(user.id)!, at("15", "12:00"));
    const reply = await text(user.id, "read 35 - great chapter", at("15"));
    expect(reply.intent).toBe("check_in");
    expect(habitDays(user.id)).toEqual([
      { habit_day: "2026-06-15", value: 35, note: "great chapter", done: 1 },
    ]);
    expect(reply.reply).toContain("read 30 pages: 35 of 30 pages ✓.");
  });

  it("a value short of the target is kept, and the day stays open", async () => {
    const user = await verifiedUser();
    await text(user.id, "read 30 pages every day", SUNDAY);
    createHabitGoalsOfDay(getUserById(user.id)!, at("15", "12:00"));
    const reply = await text(user.id, "read 12", at("15"));
    expect(habitDays(user.id)).toEqual([
      { habit_day: "2026-06-15", value: 12, note: null, done: 0 },
    ]);
    expect(reply.reply).toContain("read 30 pages: 12 of 30 pages.");
    // A second report replaces the value: the day's amount, not a running sum.
    await text(user.id, "read 31", at("15", "23:40"));
    expect(habitDays(user.id)[0]).toMatchObject({ value: 31, done: 1 });
  });

  it("a weekly target's reply says the week's total", async () => {
    const user = await verifiedUser();
    await text(user.id, "run 15k a week", SUNDAY);
    createHabitGoalsOfDay(getUserById(user.id)!, at("15", "12:00"));
    await text(user.id, "ran 8 today", at("15"));
    createHabitGoalsOfDay(getUserById(user.id)!, at("16", "12:00"));
    const reply = await text(user.id, "ran 7.5", at("16"));
    expect(reply.reply).toContain("run 15k: 15.5 of 15 km this week ✓.");
    const habit = listHabits(user.id)[0]!;
    expect(habitDayNumbers([habit], "2026-06-16").get(habit.id)).toMatchObject({ streak: 1 });
  });

  it("a reply that also asks a question back keeps its certain value and note", async () => {
    const user = await readerWithTwoStretches();
    const reply = await text(user.id, "read 35 - great chapter, stretched", at("15"));
    expect(reply.reply).toMatch(
      /^Got it\. read 30 pages: 35 of 30 pages ✓\. Which one did you mean/,
    );
    const read = listHabits(user.id).find((h) => h.title === "read 30 pages")!;
    const days = sqlite
      .prepare<[number], Omit<DayRow, "habit_day">>(
        "select value, note, completed_at is not null as done from goals where habit_id = ? and habit_day = '2026-06-15'",
      )
      .all(read.id);
    expect(days).toEqual([{ value: 35, note: "great chapter", done: 1 }]);
  });

  it("a value and a goal word that two goals share, in one breath: the value is kept and the goal asked about", async () => {
    const user = await readerWithTwoStretches();
    const reply = await text(user.id, "read 35 and stretched", at("15"));
    expect(reply.reply).toMatch(
      /^Got it\. read 30 pages: 35 of 30 pages ✓\. Which one did you mean/,
    );
    await text(user.id, "3", at("15", "21:05"));
    const done = sqlite
      .prepare<[number], { title: string; value: number | null }>(
        `select h.title, g.value from goals g join habits h on h.id = g.habit_id
          where h.user_id = ? and g.habit_day = '2026-06-15' and g.completed_at is not null
          order by h.title`,
      )
      .all(user.id);
    expect(done).toEqual([
      { title: "read 30 pages", value: 35 },
      { title: "stretch legs", value: null },
    ]);
  });

  it("'undo' takes the value and the note back", async () => {
    const user = await verifiedUser();
    await text(user.id, "read 30 pages every day", SUNDAY);
    createHabitGoalsOfDay(getUserById(user.id)!, at("15", "12:00"));
    await text(user.id, "read 35 - great chapter", at("15"));
    await text(user.id, "undo", at("15", "23:20"));
    expect(habitDays(user.id)).toEqual([
      { habit_day: "2026-06-15", value: null, note: null, done: 0 },
    ]);
  });
});

describe("recordHabitDay (the pages', the /api's and the texts' one way in)", () => {
  it("refuses a value for a yes/no habit", async () => {
    const user = await verifiedUser();
    await text(user.id, "floss every day", SUNDAY);
    const habit = listHabits(user.id)[0]!;
    expect(() =>
      recordHabitDay(getUserById(user.id)!, habit.id, "2026-06-15", { value: 3 }, at("15")),
    ).toThrow(HabitError);
  });

  it("lets done or skipped say so over the value, and a null value clear the day", async () => {
    const user = await verifiedUser();
    await text(user.id, "read 30 pages every day", SUNDAY);
    const habit = listHabits(user.id)[0]!;
    const owner = getUserById(user.id)!;
    recordHabitDay(owner, habit.id, "2026-06-15", { value: 10, done: true }, at("15"));
    expect(habitDays(user.id)[0]).toMatchObject({ value: 10, done: 1 });
    recordHabitDay(owner, habit.id, "2026-06-15", { value: null, note: "" }, at("15"));
    expect(habitDays(user.id)[0]).toMatchObject({ value: null, note: null, done: 0 });
  });
});

describe("a measured habit's values where a person keeps them", () => {
  /** "Read" at 30 pages a day since Monday, with 35 (and a note) on Monday and 12 on Tuesday. */
  async function readerWithTwoDays() {
    const user = await verifiedUser();
    await text(user.id, "read 30 pages every day", SUNDAY);
    const habit = listHabits(user.id)[0]!;
    const owner = getUserById(user.id)!;
    recordHabitDay(owner, habit.id, "2026-06-15", { value: 35, note: "great chapter" }, at("15"));
    recordHabitDay(owner, habit.id, "2026-06-16", { value: 12 }, at("16"));
    return { user: getUserById(user.id)!, habit };
  }

  it("the data export holds the habit's target and each day's value and note", async () => {
    const { user } = await readerWithTwoDays();
    const response = await call(
      exportRoute.loader,
      makeRequest("/settings/export.json", { cookie: await sessionCookie(user.id) }),
    );
    const data = await readJson(response);
    expect(data.habits).toMatchObject([
      { title: "read 30 pages", target: 30, unit: "pages", per: "day", atMost: false },
    ]);
    expect(data.goals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ habitDay: "2026-06-15", value: 35, note: "great chapter" }),
        expect.objectContaining({ habitDay: "2026-06-16", value: 12, note: null }),
      ]),
    );
  });

  it("the habits CSV gives a day's value where a yes/no habit gives 1 or 0", async () => {
    const { user } = await readerWithTwoDays();
    const csv = [...habitsCsv(listHabits(user.id), "2026-06-16")].join("");
    expect(csv).toContain("2026-06-16,12\r\n2026-06-15,35\r\n");
  });

  it("the weekly summary adds the week's values up", async () => {
    const { user } = await readerWithTwoDays();
    const summary = summaryText(
      user,
      "weekly_summary",
      "2026-06-21",
      new Date("2026-06-22T01:00:00Z"),
    );
    expect(summary).toContain("read 30 pages 1/3 (total 47)");
  });

  it("the PDF report gives the target, the period's total, and each day's amount and note", async () => {
    const { user } = await readerWithTwoDays();
    const text = pdfText(await progressReportPdf(user, "30d", at("16")));
    expect(text).toContain("every day · 30 pages a day, 47 pages in this period");
    expect(text).toContain("Amount: 35 · Note: great chapter");
  });
});
