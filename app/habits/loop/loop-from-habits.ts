// The account's habits in Loop Habit Tracker's shape, for the export back to Loop. Pure.
// - Schedule: every day is Loop's 1/1; k weekdays or k times a week is k/7 (Loop has no fixed
//   weekdays: the days themselves do not go across). A measured habit is 1/1 with a daily target,
//   1/7 with a weekly one.
// - Days: done is YES_MANUAL (a measured habit's value is its amount), skipped is SKIP, a past day
//   not done is NO; today's open goal goes only for its note, as UNKNOWN.
// - A habit's own time is Loop's reminder, every day of the week.
import { createHash } from "node:crypto";
import type { Habit } from "../../../db/schema";
import { measureOf } from "~/habits/habit-measure";
import { currentSchedule } from "~/habits/habit-rules";
import type { LocalDay } from "~/utils/time/local-time";
import type { LoopDay, LoopHabit } from "./loop-habits";

export type HabitDayRow = {
  day: LocalDay;
  done: boolean;
  skipped: boolean;
  value: number | null;
  note: string | null;
};

function frequencyOf(habit: Habit): { numerator: number; denominator: number } {
  const measure = measureOf(habit);
  if (measure) return { numerator: 1, denominator: measure.per === "week" ? 7 : 1 };
  const schedule = currentSchedule(habit);
  const perWeek = "timesPerWeek" in schedule ? schedule.timesPerWeek : schedule.days.length;
  if (perWeek >= 7) return { numerator: 1, denominator: 1 };
  return { numerator: Math.max(1, perWeek), denominator: 7 };
}

function loopDayOf(row: HabitDayRow, measured: boolean, today: LocalDay): LoopDay | null {
  const note = row.note ?? "";
  const amount = measured ? row.value : null;
  if (row.skipped) return { day: row.day, mark: "skip", amount: null, note };
  if (row.done || amount !== null) return { day: row.day, mark: "yes", amount, note };
  if (row.day < today) return { day: row.day, mark: "no", amount: null, note };
  return note ? { day: row.day, mark: "unknown", amount: null, note } : null;
}

/** The habit's Loop uuid: the one it came with, else one of its own that stays the same. */
export const loopUuidOf = (habit: Habit) =>
  habit.loopUuid ??
  createHash("sha256").update(`streakcoach habit ${habit.id}`).digest("hex").slice(0, 32);

/** One habit in Loop's shape at its place in the list, with its days (any order; each habit's own). */
export function loopHabitOf(
  habit: Habit,
  position: number,
  days: HabitDayRow[],
  today: LocalDay,
): LoopHabit {
  const measure = measureOf(habit);
  return {
    uuid: loopUuidOf(habit),
    name: habit.title,
    question: "",
    description: "",
    position,
    ...frequencyOf(habit),
    measured: measure
      ? { unit: measure.unit, target: measure.target, atMost: measure.atMost }
      : null,
    archived: !habit.active,
    reminder: habit.dueTime,
    days: days
      .flatMap((row) => loopDayOf(row, measure !== null, today) ?? [])
      .sort((a, b) => (a.day < b.day ? -1 : 1)),
  };
}
