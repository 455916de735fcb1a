import { json } from "@remix-run/node";
import { eq } from "drizzle-orm";
import type { Goal, Habit } from "../../db/schema";
import { reopenGoal, skipGoal } from "~/goals/goal-edits.server";
import { db, schema } from "~/utils/db/db.server";
import { dayDoneBy, measureOf, type Measure } from "./habit-measure";
import { completeGoal, GoalEditError, todayFor } from "~/goals/goals.server";
import { DATE_WINDOW_TEXT, isCalendarDay, isDayInWindow } from "~/utils/time/date-window";
import { formatLocalDay } from "~/utils/time/format";
import type { LocalDay } from "~/utils/time/local-time";
import { redirectWithToast, toastHeader, type Toast } from "~/utils/toast/toast.server";
import { canSetDay, parseDayIntent, type DayIntent } from "./habit-days";
import { readDayEntryForm } from "./habit-form.server";
import { habitGoalOn } from "./habit-goals.server";
import { valueEcho } from "./habit-values.server";
import { getHabit, HabitError } from "./habits.server";

// A habit's day checked off or taken back, from /habits and the habit's page: the day's goal is
// completed or reopened by the same functions as on the dashboard.

type Owner = { id: number; timezone: string; preferredCheckInTimeEvening: string };

/** The user's habit, if that day of it can be set; undefined when it is not theirs. */
function settableHabit(user: Owner, habitId: number, day: LocalDay, now: Date) {
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
  return habit;
}

/** Undefined when the habit is not the user's; a HabitError for a day that cannot be set. */
export function setHabitDay(
  user: Owner,
  habitId: number,
  day: LocalDay,
  done: boolean,
  now = new Date(),
): Habit | undefined {
  const habit = settableHabit(user, habitId, day, now);
  if (!habit) return undefined;
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

/**
 * What a day of a habit holds: done or skipped, a measured habit's value (null clears it) and a
 * note (null or "" clears it). Fields left out keep what the day had.
 */
export type HabitDayEntry = {
  done?: boolean;
  skipped?: boolean;
  value?: number | null;
  note?: string | null;
};

/**
 * Records a habit's day from a page, the /api or a text. A measured habit's value decides whether
 * the day is done (its target met, or for a weekly target, some of it done), unless `done` or
 * `skipped` says so. Undefined when the habit is not the user's; a HabitError for a day that cannot
 * be set or a value for a yes/no habit.
 */
export function recordHabitDay(
  user: Owner,
  habitId: number,
  day: LocalDay,
  entry: HabitDayEntry,
  now = new Date(),
): { habit: Habit; goal: Goal } | undefined {
  const habit = settableHabit(user, habitId, day, now);
  if (!habit) return undefined;
  const measure = measureOf(habit);
  if (typeof entry.value === "number" && !measure)
    throw new HabitError(`"${habit.title}" has no target to count a value against.`);
  try {
    return db.transaction(() => {
      const goalId = habitGoalOn(user, habit, day, true, now)!;
      const note = entry.note === undefined ? undefined : entry.note?.trim() || null;
      if (entry.value !== undefined || note !== undefined)
        db.update(schema.goals)
          .set({
            ...(entry.value !== undefined ? { value: entry.value } : {}),
            ...(note !== undefined ? { note } : {}),
          })
          .where(eq(schema.goals.id, goalId))
          .run();
      const outcome = outcomeOf(entry, measure);
      if (outcome === "skipped") skipGoal(user.id, goalId, now);
      else if (outcome === "done") completeGoal(user.id, goalId, {}, now);
      else if (outcome === "open") reopenGoal(user.id, goalId);
      const goal = db.select().from(schema.goals).where(eq(schema.goals.id, goalId)).get()!;
      return { habit, goal };
    });
  } catch (error) {
    if (error instanceof GoalEditError) throw new HabitError(error.message);
    throw error;
  }
}

function outcomeOf(entry: HabitDayEntry, measure: Measure | null) {
  if (entry.skipped) return "skipped";
  if (entry.done !== undefined) return entry.done ? "done" : "open";
  if (entry.skipped === false) return "open";
  if (measure && typeof entry.value === "number")
    return dayDoneBy(measure, entry.value) ? "done" : "open";
  if (measure && entry.value === null) return "open";
  return "unchanged";
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

/** A day's value form (intent "value", from /habits and the habit's page): back with a toast. */
export async function dayEntryResponse(
  user: Owner,
  habitId: number,
  form: FormData,
  backTo: string,
  now = new Date(),
) {
  const day = String(form.get("day") ?? "");
  if (!isCalendarDay(day)) throw new Response("Unknown day", { status: 400 });
  const parsed = readDayEntryForm(form);
  if (!parsed.ok) {
    const description = Object.values(parsed.errors).flat().join(" ");
    return redirectWithToast(backTo, { title: "Error", description, type: "error" });
  }
  try {
    const recorded = recordHabitDay(user, habitId, day, parsed.value, now);
    if (!recorded) throw new Response("Habit not found", { status: 404 });
    const { summary } = habitDayAnswer(recorded.habit, recorded.goal);
    const when = day === todayFor(user, now) ? "today" : formatLocalDay(day);
    return redirectWithToast(backTo, {
      title: `"${recorded.habit.title}" ${when}${summary ? `: ${summary}` : ": saved"}`,
    });
  } catch (error) {
    if (!(error instanceof HabitError)) throw error;
    return redirectWithToast(backTo, { title: "Error", description: error.message, type: "error" });
  }
}

/** A habit's day as the /api gives it (HabitDayAnswerSchema). */
export function habitDayAnswer(habit: Habit, goal: Goal) {
  const summary = goal.value === null ? null : valueEcho(habit, goal.habitDay!, goal.value);
  return {
    habitId: habit.id,
    day: goal.habitDay!,
    status: goal.completedAt
      ? ("done" as const)
      : goal.skippedAt
        ? ("skipped" as const)
        : ("open" as const),
    value: goal.value,
    note: goal.note,
    summary,
  };
}

export const isDayIntent = (value: unknown) => parseDayIntent(value) !== null;
