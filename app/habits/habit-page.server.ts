import type { DayToggle } from "~/habits/habit-days";
import { habitDayEntries } from "~/habits/habit-values.server";
import { dailyValues, weeklyTotals } from "~/habits/measured-stats";
import type { HabitHistory } from "~/habits/habit-stats";
import { addDays } from "~/utils/time/local-time";

/** The days a person may fill in (a value, a note), today first. */
export function dayEntries(habitId: number, week: DayToggle[], today: string) {
  const settable = week.filter((d) => d.settable);
  const entries = habitDayEntries([habitId], settable[0]?.day ?? today, today);
  const empty = { value: null, note: null };
  return settable
    .map((d) => ({ day: d.day, ...(entries.get(`${habitId}:${d.day}`) ?? empty) }))
    .reverse();
}

/** A measured habit's values over the last 30 days and its weeks' totals. */
export function measuredView(history: HabitHistory, today: string) {
  return {
    measure: history.measure!,
    values: dailyValues(history, today, 30),
    weeks: weeklyTotals(history, today, 12),
  };
}

/** The notes of the last 30 days, newest first, to read beside the values. */
export function recentNotes(habitId: number, today: string) {
  const entries = habitDayEntries([habitId], addDays(today, -29), today);
  return [...entries.entries()]
    .filter(([, e]) => e.note)
    .map(([key, e]) => ({ day: key.slice(key.indexOf(":") + 1), note: e.note!, value: e.value }))
    .sort((a, b) => (a.day < b.day ? 1 : -1));
}

export type MeasuredView = ReturnType<typeof measuredView>;
export type RecentNote = ReturnType<typeof recentNotes>[number];
