import type { Habit } from "../../db/schema";
import { sqlite } from "~/utils/db.server";
import type { LocalDay } from "~/utils/local-time";
import { scheduleSpans } from "./habit-rules";
import type { DayOutcome, HabitDay, HabitHistory } from "./habit-stats";

type DayRow = { habit_id: number; habit_day: string; completed: number; skipped: number };

const daysOfHabits = (ids: number[]) =>
  sqlite
    .prepare<number[], DayRow>(
      `select habit_id, habit_day, completed_at is not null as completed, skipped_at is not null as skipped
       from goals where habit_id in (${ids.map(() => "?").join(",")}) order by habit_day`,
    )
    .all(...ids);

function outcomeOf(row: DayRow, today: LocalDay): DayOutcome {
  if (row.completed) return "done";
  if (row.skipped) return "skipped";
  return row.habit_day < today ? "missed" : "open";
}

/** Each habit's history of days (one query for all of them), for its streaks, strength and heatmap. */
export function habitHistories(habits: Habit[], today: LocalDay): Map<number, HabitHistory> {
  const days = new Map<number, HabitDay[]>(habits.map((h) => [h.id, []]));
  if (habits.length) {
    for (const row of daysOfHabits(habits.map((h) => h.id)))
      days.get(row.habit_id)?.push({ day: row.habit_day, outcome: outcomeOf(row, today) });
  }
  return new Map(
    habits.map((h) => [
      h.id,
      {
        start: h.startDate,
        schedules: scheduleSpans(h),
        days: days.get(h.id) ?? [],
        stoppedOn: h.stoppedOn,
      },
    ]),
  );
}
