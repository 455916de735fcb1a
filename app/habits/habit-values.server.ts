import { and, gte, inArray, lte } from "drizzle-orm";
import type { Habit } from "../../db/schema";
import { db, schema } from "~/utils/db/db.server";
import { addDays, dayNumber, type LocalDay } from "~/utils/time/local-time";
import { weekStartNumber } from "~/utils/time/week-start";
import { describeValue, measureOf } from "./habit-measure";
import { ownerWeekStart } from "./habit-history.server";

const { goals } = schema;
const DAY_MS = 86_400_000;
const toDay = (n: number): LocalDay => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The value and note of each of these habits' days from `from` to `to`, by "habitId:day". */
export function habitDayEntries(habitIds: number[], from: LocalDay, to: LocalDay) {
  if (habitIds.length === 0)
    return new Map<string, { value: number | null; note: string | null }>();
  const rows = db
    .select({ habitId: goals.habitId, day: goals.habitDay, value: goals.value, note: goals.note })
    .from(goals)
    .where(
      and(inArray(goals.habitId, habitIds), gte(goals.habitDay, from), lte(goals.habitDay, to)),
    )
    .all();
  return new Map(rows.map((r) => [`${r.habitId}:${r.day}`, { value: r.value, note: r.note }]));
}

/** The total of a habit's values over the owner's week that holds `day`. */
export function weekTotal(habit: Habit, day: LocalDay) {
  const first = toDay(weekStartNumber(dayNumber(day), ownerWeekStart(habit.userId)));
  const entries = habitDayEntries([habit.id], first, addDays(first, 6));
  let total = 0;
  for (const { value } of entries.values()) total += value ?? 0;
  return total;
}

/** "35 of 30 pages ✓", "16.2 of 15 km this week ✓": what a day's value came to; null for yes/no. */
export function valueEcho(habit: Habit, day: LocalDay, value: number) {
  const measure = measureOf(habit);
  if (!measure) return null;
  return describeValue(measure, value, measure.per === "week" ? weekTotal(habit, day) : value);
}
