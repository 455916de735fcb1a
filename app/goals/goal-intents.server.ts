import { z } from "zod";
import type { Toast } from "~/utils/toast/toast.server";
import { DATE_WINDOW_TEXT, isDayInWindow } from "~/utils/time/date-window";
import { localDay, zonedInstant } from "~/utils/time/local-time";
import {
  deleteGoal,
  editGoal,
  GoalEditError,
  moveGoalToTomorrow,
  reopenGoal,
  skipGoal,
} from "./goal-edits.server";
import { completeGoal, getGoal } from "./goals.server";
import { journaled, snapshot, undoWebChange } from "./change-journal.server";
import { EditGoalFormSchema } from "./goal-schema";
import { restDaysLeftText } from "./rest-days.server";

// The dashboard's one-tap controls (Done, Skip, Undo) and its edit panel (wording and due time, move
// to tomorrow, delete): each a plain form post that names its intent and goal.

export const GOAL_INTENTS = ["complete", "skip", "reopen", "move", "delete", "edit"] as const;
export type GoalIntent = (typeof GOAL_INTENTS)[number];

export function isGoalIntent(value: unknown): value is GoalIntent {
  return GOAL_INTENTS.includes(value as GoalIntent);
}

type Owner = { id: number; timezone: string };

export type GoalIntentOutcome =
  | { ok: true; goalId: number; toast: Toast }
  | { ok: false; goalId: number | null; toast: Toast }
  | { ok: false; goalId: number; fieldErrors: Record<string, string[]> };

const NOT_FOUND: Toast = {
  title: "Error",
  description: "That goal was not found. Please try again.",
  type: "error",
};

const NOT_COMPLETED: Toast = {
  title: "Error",
  description: "Failed to complete goal. Please try again.",
  type: "error",
};

const DONE: Toast = {
  title: "Goal completed!",
  description: "Your goal has been marked as complete.",
};

const GoalIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export function applyGoalIntent(
  user: Owner,
  intent: GoalIntent,
  form: FormData,
  now = new Date(),
): GoalIntentOutcome {
  const parsedId = GoalIdSchema.safeParse(form.get("goalId"));
  if (!parsedId.success) {
    return { ok: false, goalId: null, toast: intent === "complete" ? NOT_COMPLETED : NOT_FOUND };
  }
  const goalId = parsedId.data;
  try {
    const toast = run(user, intent, goalId, form, now);
    if (toast === null)
      return { ok: false, goalId, toast: intent === "complete" ? NOT_COMPLETED : NOT_FOUND };
    if ("fieldErrors" in toast) return { ok: false, goalId, fieldErrors: toast.fieldErrors };
    return { ok: true, goalId, toast };
  } catch (error) {
    if (!(error instanceof GoalEditError)) throw error;
    return {
      ok: false,
      goalId,
      toast: { title: "Error", description: error.message, type: "error" },
    };
  }
}

function run(
  user: Owner,
  intent: GoalIntent,
  goalId: number,
  form: FormData,
  now: Date,
): Toast | { fieldErrors: Record<string, string[]> } | null {
  switch (intent) {
    case "complete":
      return completeGoal(user.id, goalId, {}, now) ? DONE : null;
    case "skip": {
      const goal = skipGoal(user.id, goalId, now);
      if (!goal) return null;
      return goal.habitDay
        ? { title: "Rest day", description: restDaysLeftText(user.id, goal.habitDay) }
        : { title: "Goal skipped", description: "Not today: it won't count as missed." };
    }
    case "reopen":
      return reopenGoal(user.id, goalId)
        ? { title: "Goal reopened", description: "It is open again.", type: "info" }
        : null;
    case "move":
      return moveGoalToTomorrow(user.id, goalId, user.timezone, now)
        ? { title: "Goal moved", description: "It is on tomorrow's list, at the same time." }
        : null;
    case "delete":
      return deleteKeepingACopy(user, goalId, now);
    case "edit":
      return edit(user, goalId, form, now);
  }
}

/** Delete asks nothing: the goal is kept in the journal and the toast's Undo brings it back. */
function deleteKeepingACopy(user: Owner, goalId: number, now: Date): Toast | null {
  const goal = getGoal(user.id, goalId);
  if (!goal) return null;
  const { entryId } = journaled(
    user,
    "web",
    () => snapshot("goals", [goalId]),
    () => deleteGoal(user.id, goalId),
    (deleted) => (deleted ? { summary: `deleted "${goal.description}"` } : null),
    now,
  );
  if (!entryId) return null;
  return {
    title: "Goal deleted",
    description: `"${goal.description}" is gone from your list.`,
    type: "info",
    undoEntryId: entryId,
  };
}

const EntryIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The Undo in the toast after a delete: the goal comes back as it was, outcome and all. */
export function restoreDeletedGoal(
  user: Owner,
  form: FormData,
  now = new Date(),
): { goalId: number | null; toast: Toast } {
  const entryId = EntryIdSchema.safeParse(form.get("entryId"));
  const restored = entryId.success ? undoWebChange(user, entryId.data, now) : null;
  if (!restored)
    return {
      goalId: null,
      toast: {
        title: "Error",
        description: "That goal can no longer be restored.",
        type: "error",
      },
    };
  return {
    goalId: restored[0] ?? null,
    toast: { title: "Goal restored", description: "It is back on your list." },
  };
}

function edit(user: Owner, goalId: number, form: FormData, now: Date) {
  const goal = getGoal(user.id, goalId);
  if (!goal) return null;
  const parsed = EditGoalFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues)
      (fieldErrors[String(issue.path[0])] ??= []).push(issue.message);
    return { fieldErrors };
  }
  // The new time applies to the day the goal is on: editing never moves it to another day.
  const day = localDay(goal.dueDate, user.timezone);
  if (!isDayInWindow(day, localDay(now, user.timezone)))
    throw new GoalEditError(
      `This goal is not due ${DATE_WINDOW_TEXT}, so it can no longer be changed. You can delete it.`,
    );
  editGoal(
    user.id,
    goalId,
    {
      description: parsed.data.description,
      dueDate: zonedInstant(day, parsed.data.dueTime, user.timezone),
    },
    now,
  );
  return { title: "Goal updated", description: "Your changes have been saved." };
}
