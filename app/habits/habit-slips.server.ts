import type { Goal } from "../../db/schema";
import { reopenGoal } from "~/goals/goal-edits.server";
import { getGoal } from "~/goals/goals.server";
import { preparedQuery, sqlite } from "~/utils/db/db.server";

// A slip on a habit to avoid ("had sugar 😩"), by text or on the web: the day's goal, made done, is
// open again, so the day counts as missed once it ends unless the slip is taken back.

const avoidHabitIds = preparedQuery(() =>
  sqlite.prepare<[number], number>("select id from habits where user_id = ? and avoid = 1").pluck(),
);

/** The ids of a person's habits to avoid, stopped ones included. */
export function habitsToAvoidOf(userId: number) {
  return new Set(avoidHabitIds().all(userId));
}

/** Undefined when the goal is not the user's or not a habit to avoid's day. */
export function reportSlip(userId: number, goalId: number): Goal | undefined {
  const goal = getGoal(userId, goalId);
  if (!goal?.habitId || !habitsToAvoidOf(userId).has(goal.habitId)) return undefined;
  return reopenGoal(userId, goalId);
}
