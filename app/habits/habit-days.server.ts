import { json } from "@remix-run/node";
import type { Habit } from "../../db/schema";
import { reopenGoal } from "~/goals/goal-edits.server";
import { completeGoal, GoalEditError, todayFor } from "~/goals/goals.server";
import { DATE_WINDOW_TEXT, isDayInWindow } from "~/utils/time/date-window";
import { formatLocalDay } from "~/utils/time/format";
import type { LocalDay } from "~/utils/time/local-time";
import { redirectWithToast, toastHeader, type Toast } from "~/utils/toast/toast.server";
import { canSetDay, parseDayIntent, type DayIntent } from "./habit-days";
import { habitGoalOn } from "./habit-goals.server";
import { getHabit, HabitError } from "./habits.server";

// A habit's day checked off or taken back, from /habits and the habit's page: the day's goal is
// completed or reopened by the same functions as on the dashboard.

type Owner = { id: number; timezone: string; preferredCheckInTimeEvening: string };

/** Undefined when the habit is not the user's; a HabitError for a day that cannot be set. */
export function setHabitDay(
  user: Owner,
  habitId: number,
  day: LocalDay,
  done: boolean,
  now = new Date(),
): Habit | undefined {
  const habit = getHabit(user.id, habitId);
  if (!habit) return undefined;
  const today = todayFor(user, now);
  if (!isDayInWindow(day, today)) throw new HabitError(`Pick a day ${DATE_WINDOW_TEXT}.`);
  if (day > today) throw new HabitError("That day has not come yet.");
  if (!canSetDay(habit, day, today))
    throw new HabitError(
      day < habit.startDate
        ? `"${habit.title}" started on ${formatLocalDay(habit.startDate)}.`
        : `"${habit.title}" was stopped on ${formatLocalDay(habit.stoppedOn!)}. Restart it first.`,
    );
  try {
    const goalId = habitGoalOn(user, habit, day, done, now);
    if (goalId === undefined) return habit;
    if (done) completeGoal(user.id, goalId, {}, now);
    else reopenGoal(user.id, goalId);
    return habit;
  } catch (error) {
    if (error instanceof GoalEditError) throw new HabitError(error.message);
    throw error;
  }
}

/** A toggle button's post (`intent` = "done:DAY" or "undo:DAY"): its toast, or a 404. */
function applyDayIntent(user: Owner, habitId: number, intent: DayIntent, now: Date): Toast {
  try {
    const habit = setHabitDay(user, habitId, intent.day, intent.done, now);
    if (!habit) throw new Response("Habit not found", { status: 404 });
    const when = intent.day === todayFor(user, now) ? "today" : formatLocalDay(intent.day);
    return intent.done
      ? { title: `"${habit.title}" done for ${when}` }
      : { title: `"${habit.title}" not done for ${when}`, type: "info" };
  } catch (error) {
    if (!(error instanceof HabitError)) throw error;
    return { title: "Error", description: error.message, type: "error" };
  }
}

/**
 * The answer to a day's toggle, from /habits and the habit's page: with JavaScript (a fetcher) the
 * page stays and reloads its numbers; without, it comes back at `backTo`. Either way with a toast.
 */
export async function dayIntentResponse(
  user: Owner,
  habitId: number,
  form: FormData,
  backTo: string,
  now = new Date(),
) {
  const intent = parseDayIntent(form.get("intent"));
  if (!intent) throw new Response("Unknown action", { status: 400 });
  const toast = applyDayIntent(user, habitId, intent, now);
  if (form.get("via") === "fetcher")
    return json(
      { ok: toast.type !== "error" },
      { headers: { "Set-Cookie": await toastHeader(toast) } },
    );
  return redirectWithToast(backTo, toast);
}

export const isDayIntent = (value: unknown) => parseDayIntent(value) !== null;
