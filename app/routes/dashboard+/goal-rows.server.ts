import type { GoalRowData } from "~/components/goals/goal-list";
import { goalState } from "~/goals/goal-rules";
import { rowTimes } from "~/goals/row-times";
import { habitsToAvoidOf } from "~/habits/habit-slips.server";
import { localTime } from "~/utils/time/local-time";
import type { Goal } from "../../../db/schema";

/** What every row of the dashboard's lists is shown with: the user's zone, the time, their habits to avoid. */
type RowContext = { timezone: string; now: Date; avoided: Set<number> };

export function goalRowsOf(user: { id: number; timezone: string }, now: Date): RowContext {
  return { timezone: user.timezone, now, avoided: habitsToAvoidOf(user.id) };
}

export function toRow(
  goal: Goal,
  { timezone, now, avoided }: RowContext,
  onTodaysList = false,
): GoalRowData {
  return {
    id: goal.id,
    description: goal.description,
    ...rowTimes(goal, timezone, onTodaysList),
    dueTime: localTime(goal.dueDate, timezone),
    status: goalState(goal, now, timezone),
    proofImageUrls: goal.proofImageUrls.filter((url) => url.startsWith("/media/")),
    proofDescription: goal.proofDescription,
    habitId: goal.habitId,
    dayNumber: goal.dayNumber,
    toAvoid: goal.habitId !== null && avoided.has(goal.habitId),
  };
}
