import type { Habit } from "../../db/schema";
import { inArray } from "drizzle-orm";
import { db, inOneRead, schema } from "~/utils/db/db.server";
import type { LocalDay } from "~/utils/time/local-time";
import type { WeekStart } from "~/utils/time/week-start";
import { todayOutcome } from "./habit-days";
import { habitHistories, ownerWeekStart } from "./habit-history.server";
import { habitNumbers, type DayOutcome } from "./habit-stats";

/** A habit's numbers as of a local day, and that day's outcome (null when it is not due that day). */
export type HabitDayNumbers = ReturnType<typeof habitNumbers> & { today: DayOutcome | null };

type Kept = { version: number; today: LocalDay; weekStartsOn: WeekStart; numbers: HabitDayNumbers };

// Habits whose numbers are kept, the most recently used last; each entry is about 100 bytes.
const MAX_KEPT = 20_000;
const kept = new Map<number, Kept>();

// The habits are read again inside the read that reads their days: a row the caller holds may be
// older than the days (another process wrote between), and a row from an UPDATE's RETURNING shows the
// version before the triggers raised it.
const currentRows = (ids: number[]) =>
  new Map(
    db
      .select()
      .from(schema.habits)
      .where(inArray(schema.habits.id, ids))
      .all()
      .map((habit) => [habit.id, habit]),
  );

/**
 * Each habit's numbers (streak, best streak, strength) and today's outcome. Working them out reads all
 * of a habit's days; they are kept per habit and reused while the habit's version (raised by triggers
 * on any change to it or its goals, whoever writes), the local day and the owner's first day of the
 * week are the same, so a list of
 * habits reads only the days of those that changed.
 */
export function habitDayNumbers(habits: Habit[], today: LocalDay): Map<number, HabitDayNumbers> {
  if (habits.length === 0) return new Map();
  return inOneRead(() => numbersOf(habits, today));
}

function numbersOf(habits: Habit[], today: LocalDay) {
  const rows = currentRows(habits.map((h) => h.id));
  const found = new Map<number, HabitDayNumbers>();
  const stale: Habit[] = [];
  const weekStarts = new Map<number, WeekStart>();
  for (const habit of habits) {
    const row = rows.get(habit.id) ?? habit;
    const entry = kept.get(habit.id);
    if (!weekStarts.has(row.userId)) weekStarts.set(row.userId, ownerWeekStart(row.userId));
    const weekStartsOn = weekStarts.get(row.userId)!;
    if (
      entry &&
      entry.version === row.version &&
      entry.today === today &&
      entry.weekStartsOn === weekStartsOn
    ) {
      kept.delete(habit.id);
      kept.set(habit.id, entry);
      found.set(habit.id, entry.numbers);
    } else {
      stale.push(row);
    }
  }
  if (stale.length === 0) return found;
  const histories = habitHistories(stale, today);
  for (const habit of stale) {
    const history = histories.get(habit.id)!;
    const numbers = { ...habitNumbers(history, today), today: todayOutcome(history, today) };
    kept.delete(habit.id);
    const { weekStartsOn } = history;
    if (rows.has(habit.id))
      kept.set(habit.id, { version: habit.version, today, weekStartsOn, numbers });
    found.set(habit.id, numbers);
  }
  for (const id of kept.keys()) {
    if (kept.size <= MAX_KEPT) break;
    kept.delete(id);
  }
  return found;
}
