import type { Habit } from "../../db/schema";
import { preparedQuery, sqlite } from "~/utils/db/db.server";
import type { LocalDay } from "~/utils/time/local-time";
import { DEFAULT_WEEK_START, type WeekStart } from "~/utils/time/week-start";
import { measureOf } from "./habit-measure";
import type { PausedDays } from "~/users/paused-days";
import { pausedDaysOf } from "~/users/pauses.server";
import { scheduleSpans } from "./habit-rules";
import type { DayOutcome, HabitDay, HabitHistory } from "./habit-stats";

// One row per habit, its days as "2026-06-15d,2026-06-16s:35,2026-06-17o" (done, skipped, neither;
// a measured habit's value after a colon):
// SQLite joins ten thousand days faster than it hands over ten thousand rows. No "order by" in the
// join: it sorts every day again (2.5 times the query) where the index (habit_id, habit_day) already
// hands them over in order; the days are checked and sorted only if they were not.
const daysOfHabits = (ids: number[]) =>
  sqlite
    .prepare<number[], [number, string]>(
      `select habit_id, group_concat(habit_day ||
         case when completed_at is not null then 'd' when skipped_at is not null then 's' else 'o' end ||
         coalesce(':' || value, ''), ',')
       from goals where habit_id in (${ids.map(() => "?").join(",")}) group by habit_id`,
    )
    .raw()
    .all(...ids);

/** A habit to avoid's goal is made done: open, it was slipped on, so missed even today. */
function outcomeOf(entry: string, today: LocalDay, avoid: boolean): HabitDay {
  const day = entry.slice(0, 10);
  const state = entry[10];
  const outcome: DayOutcome =
    state === "d" ? "done" : state === "s" ? "skipped" : day < today || avoid ? "missed" : "open";
  return entry.length > 12 ? { day, outcome, value: Number(entry.slice(12)) } : { day, outcome };
}

function oldestFirst(days: HabitDay[]) {
  for (let i = 1; i < days.length; i++) {
    if (days[i - 1]!.day > days[i]!.day) return days.sort((a, b) => (a.day < b.day ? -1 : 1));
  }
  return days;
}

const weekStartOfUser = preparedQuery(() =>
  sqlite.prepare<[number], WeekStart>("select week_starts_on from users where id = ?").pluck(),
);

/** The first day of a habit owner's weeks, as their settings say. */
export function ownerWeekStart(userId: number): WeekStart {
  return weekStartOfUser().get(userId) ?? DEFAULT_WEEK_START;
}

/** Each habit's history of days (one query for all of them), for its streaks, strength and heatmap. */
export function habitHistories(habits: Habit[], today: LocalDay): Map<number, HabitHistory> {
  const days = new Map<number, HabitDay[]>(habits.map((h) => [h.id, []]));
  const avoided = new Set(habits.filter((h) => h.avoid).map((h) => h.id));
  if (habits.length) {
    for (const [id, list] of daysOfHabits(habits.map((h) => h.id))) {
      const outcomes = list.split(",").map((entry) => outcomeOf(entry, today, avoided.has(id)));
      days.set(id, oldestFirst(outcomes));
    }
  }
  const weekStarts = new Map<number, WeekStart>();
  const weekStartOf = (userId: number) => {
    if (!weekStarts.has(userId)) weekStarts.set(userId, ownerWeekStart(userId));
    return weekStarts.get(userId)!;
  };
  const pauses = new Map<number, PausedDays>();
  const pausedDaysOfOwner = (userId: number) => {
    if (!pauses.has(userId)) pauses.set(userId, pausedDaysOf(userId));
    return pauses.get(userId)!;
  };
  return new Map(
    habits.map((h) => [
      h.id,
      {
        start: h.startDate,
        schedules: scheduleSpans(h),
        days: days.get(h.id) ?? [],
        stoppedOn: h.stoppedOn,
        weekStartsOn: weekStartOf(h.userId),
        measure: measureOf(h),
        paused: pausedDaysOfOwner(h.userId),
        avoid: h.avoid,
      },
    ]),
  );
}
