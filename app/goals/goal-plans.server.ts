import type { Goal } from "../../db/schema";
import { db } from "~/utils/db/db.server";
import { zonedInstant, type LocalDay } from "~/utils/time/local-time";
import { dayOfWeekday, createGoal, todayFor } from "./goals.server";

// Goals set by text or the web chat, in the order given (so they take their day numbers in it).

type Planner = { id: number; timezone: string; preferredCheckInTimeEvening: string };

/** `time`: 'HH:MM' the goal names, or null; `weekday`: 0 = Sunday, the day it names with "on", or null. */
export type WantedGoal = { description: string; time: string | null; weekday: number | null };

export type PlannedGoal = { goal: Goal; time: string | null; day: LocalDay };

/**
 * Each goal on today, or on the day its weekday names (the next one; today when it is that day).
 * Without a time a goal is due at the evening check-in; set after today's check-in, by the end of
 * today rather than already late. All or none are written.
 */
export function planGoals(user: Planner, wanted: WantedGoal[], now = new Date()): PlannedGoal[] {
  const today = todayFor(user, now);
  const evening = user.preferredCheckInTimeEvening;
  const lateToday = zonedInstant(today, evening, user.timezone) <= now;
  return db.transaction(() =>
    wanted.map(({ description, time, weekday }) => {
      const day = weekday === null ? today : dayOfWeekday(today, weekday);
      const fallback = day === today && lateToday ? "23:59" : evening;
      const dueDate = zonedInstant(day, time ?? fallback, user.timezone);
      return { goal: createGoal(user.id, { description, dueDate }), time, day };
    }),
  );
}
