import { skipGoal } from "~/goals/goal-edits.server";
import { GoalEditError, todayFor } from "~/goals/goals.server";
import { restDaysLeftText } from "~/goals/rest-days.server";
import { isCalendarDay } from "~/utils/time/date-window";
import type { Toast } from "~/utils/toast/toast.server";
import { habitGoalOn } from "./habit-goals.server";
import { reportSlip } from "./habit-slips.server";
import { getHabit } from "./habits.server";

// The habits page's Rest and Slipped buttons (`intent` = "rest:DAY" or "slip:DAY"): the same domain
// functions as a text's "skip gym today" and "had sugar 😩".

type Owner = { id: number; timezone: string; preferredCheckInTimeEvening: string };
export type RestOrSlip = { kind: "rest" | "slip"; day: string };

export function parseRestOrSlip(value: unknown): RestOrSlip | null {
  const match = typeof value === "string" ? /^(rest|slip):(.+)$/.exec(value) : null;
  if (!match || !isCalendarDay(match[2]!)) return null;
  return { kind: match[1] as RestOrSlip["kind"], day: match[2]! };
}

/** Its toast; a 404 when the habit is not the user's. */
export function restOrSlip(
  user: Owner,
  habitId: number,
  { kind, day }: RestOrSlip,
  now = new Date(),
): Toast {
  const habit = getHabit(user.id, habitId);
  if (!habit) throw new Response("Habit not found", { status: 404 });
  const goalId =
    day === todayFor(user, now) ? habitGoalOn(user, habit, day, false, now) : undefined;
  if (goalId === undefined)
    return { title: "Error", description: `"${habit.title}" is not due today.`, type: "error" };
  if (kind === "slip") {
    if (!reportSlip(user.id, goalId))
      return {
        title: "Error",
        description: `"${habit.title}" is not a habit to avoid.`,
        type: "error",
      };
    return {
      title: `Slip noted: "${habit.title}"`,
      description: "Today counts as missed. Tomorrow is a new day.",
      type: "info",
    };
  }
  try {
    skipGoal(user.id, goalId, now);
    return { title: `Rest day: "${habit.title}"`, description: restDaysLeftText(user.id, day) };
  } catch (error) {
    if (!(error instanceof GoalEditError)) throw error;
    return { title: "No rest days left", description: error.message, type: "error" };
  }
}
