// A habit's days checked off from its pages: the day's goal is completed or reopened, made on a day
// that had none, and only for the habit's owner, on days from its start to today.
import { habitSummaries } from "~/habits/habit-api.server";
import { setHabitDay } from "~/habits/habit-days.server";
import { createHabitGoalsOfDay } from "~/habits/habit-goals.server";
import { createHabit, getHabit, HabitError } from "~/habits/habits.server";
import { getUserById } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";
import { createTestUser } from "../helpers/requests";

// New York, EDT. 2026-06-15 is a Monday; 08:00 local is 12:00Z.
const at = (day: string, hhmm = "12:00") => new Date(`2026-06-${day}T${hhmm}:00Z`);

async function user() {
  const created = await createTestUser();
  return getUserById(created.id)!;
}

const days = (habitId: number) =>
  sqlite
    .prepare<[number], { habit_day: string; done: number; skipped: number }>(
      `select habit_day, completed_at is not null as done, skipped_at is not null as skipped
       from goals where habit_id = ? order by habit_day`,
    )
    .all(habitId);

describe("setHabitDay", () => {
  it("marks today done and undone through today's goal", async () => {
    const owner = await user();
    const habit = createHabit(
      owner,
      { title: "Meditate", schedule: { days: [0, 1, 2, 3, 4, 5, 6] }, time: null },
      at("10"),
    );
    createHabitGoalsOfDay(owner, at("15"));
    expect(setHabitDay(owner, habit.id, "2026-06-15", true, at("15", "14:00"))).toBeDefined();
    expect(days(habit.id)).toEqual([{ habit_day: "2026-06-15", done: 1, skipped: 0 }]);
    const today = "2026-06-15";
    const [summary] = habitSummaries([getHabit(owner.id, habit.id)!], today);
    expect(summary!.streak).toBe(1);
    setHabitDay(owner, habit.id, today, false, at("15", "14:05"));
    expect(days(habit.id)).toEqual([{ habit_day: today, done: 0, skipped: 0 }]);
  });

  it("sets a past day that has no goal yet, and a skipped day done", async () => {
    const owner = await user();
    const habit = createHabit(
      owner,
      { title: "Gym", schedule: { days: [1] }, time: "18:00" },
      at("08"),
    );
    sqlite
      .prepare(
        `insert into goals (user_id, description, due_date, habit_id, habit_day, skipped_at)
         values (?, 'Gym', ?, ?, '2026-06-08', ?)`,
      )
      .run(owner.id, at("08", "22:00").getTime(), habit.id, at("08", "23:00").getTime());
    setHabitDay(owner, habit.id, "2026-06-12", true, at("15")); // a Friday: not due, still kept
    setHabitDay(owner, habit.id, "2026-06-08", true, at("15"));
    setHabitDay(owner, habit.id, "2026-06-10", false, at("15")); // nothing to take back: no goal made
    expect(days(habit.id)).toEqual([
      { habit_day: "2026-06-08", done: 1, skipped: 0 },
      { habit_day: "2026-06-12", done: 1, skipped: 0 },
    ]);
    const due = sqlite
      .prepare<[number], number>(
        "select due_date from goals where habit_id = ? and habit_day = '2026-06-12'",
      )
      .pluck()
      .get(habit.id);
    expect(new Date(due!).toISOString()).toBe("2026-06-12T22:00:00.000Z"); // 18:00 EDT
  });

  it("refuses the future and the days before the habit started", async () => {
    const owner = await user();
    const habit = createHabit(
      owner,
      { title: "Read", schedule: { days: [0, 1, 2, 3, 4, 5, 6] }, time: null },
      at("12"),
    );
    expect(() => setHabitDay(owner, habit.id, "2026-06-16", true, at("15"))).toThrow(
      new HabitError("That day has not come yet."),
    );
    expect(() => setHabitDay(owner, habit.id, "2026-06-11", true, at("15"))).toThrow(
      '"Read" started on Jun 12, 2026.',
    );
    expect(() => setHabitDay(owner, habit.id, "2019-06-11", true, at("15"))).toThrow(HabitError);
    expect(days(habit.id)).toEqual([]);
  });

  it("leaves another user's habit alone", async () => {
    const owner = await user();
    const other = await user();
    const habit = createHabit(
      owner,
      { title: "Walk", schedule: { days: [0, 1, 2, 3, 4, 5, 6] }, time: null },
      at("10"),
    );
    expect(setHabitDay(other, habit.id, "2026-06-15", true, at("15"))).toBeUndefined();
    expect(days(habit.id)).toEqual([]);
  });
});
