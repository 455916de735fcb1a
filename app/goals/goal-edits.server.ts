import { and, eq } from "drizzle-orm";
import type { Goal } from "../../db/schema";
import { db, preparedQuery, schema, sqlite } from "~/utils/db/db.server";
import {
  DATE_WINDOW_TEXT,
  isDayInWindow,
  isInstantInWindow,
  WINDOW_FUTURE_YEARS,
  WINDOW_PAST_YEARS,
} from "~/utils/time/date-window";
import { addDays, localDay, localTime, zonedInstant } from "~/utils/time/local-time";
import { assertRoomOnDay, GoalEditError } from "./goals.server";
import { dayNumberAfterMove } from "./day-numbers.server";
import { enqueueEvent, goalEventData } from "~/webhooks/webhook-events.server";
import type { WebhookEventType } from "~/webhooks/webhook-events.server";
import { assertRestDayFor } from "./rest-days.server";

export { GoalEditError };

// Everything a person changes about a goal after setting it: the same functions serve the dashboard,
// the /api, texts and the web chat. Each acts on the user's own goal only and returns undefined when
// the goal is not theirs (callers answer that as "not found").

const { goals, followUpTasks } = schema;

const zoneOf = preparedQuery(() =>
  sqlite.prepare<[number], string>("select timezone from users where id = ?").pluck(),
);
const timezoneOf = (userId: number) => zoneOf().get(userId) ?? "UTC";

function ownGoal(userId: number, goalId: number) {
  return db
    .select()
    .from(goals)
    .where(and(eq(goals.id, goalId), eq(goals.userId, userId)))
    .get();
}

/** A new due time earns a new follow-up (the ledger holds one per goal); `event` tells webhooks. */
function update(goalId: number, changes: Partial<Goal>, event?: WebhookEventType) {
  return db.transaction((tx) => {
    if (changes.dueDate) tx.delete(followUpTasks).where(eq(followUpTasks.goalId, goalId)).run();
    const goal = tx.update(goals).set(changes).where(eq(goals.id, goalId)).returning().get();
    if (event) enqueueEvent(goal.userId, event, goalEventData(goal));
    return goal;
  });
}

/**
 * The user will not do it today: an outcome, like done, that Undo takes back. A habit's day skipped
 * is a rest day and keeps its streak, while the month has one left (rest-days.ts).
 */
export function skipGoal(userId: number, goalId: number, now = new Date()): Goal | undefined {
  const goal = ownGoal(userId, goalId);
  if (!goal) return undefined;
  assertRestDayFor(userId, goal);
  return update(
    goalId,
    { skippedAt: goal.skippedAt ?? now, completedAt: null },
    goal.skippedAt ? undefined : "goal.skipped",
  );
}

/** A note on the goal's day, in the person's words (from a check-in by text). */
export function noteGoal(userId: number, goalId: number, note: string): Goal | undefined {
  if (!ownGoal(userId, goalId)) return undefined;
  return update(goalId, { note });
}

/** Undo: the goal is open again (its proof photos and the coach's note stay). */
export function reopenGoal(userId: number, goalId: number): Goal | undefined {
  if (!ownGoal(userId, goalId)) return undefined;
  return update(goalId, { completedAt: null, skippedAt: null });
}

export function editGoal(
  userId: number,
  goalId: number,
  changes: { description?: string; dueDate?: Date },
  now = new Date(),
): Goal | undefined {
  const goal = ownGoal(userId, goalId);
  if (!goal) return undefined;
  const dueDate = changes.dueDate;
  if (dueDate && !isInstantInWindow(dueDate, now))
    throw new GoalEditError(`Please pick a due date ${DATE_WINDOW_TEXT}.`);
  if (dueDate) assertRoomOnDay(userId, dueDate, goalId);
  // The number taken for another day is written with the goal, or not at all.
  const moved = dueDate !== undefined && dueDate.getTime() !== goal.dueDate.getTime();
  return db.transaction(() =>
    update(
      goalId,
      {
        ...(changes.description !== undefined ? { description: changes.description.trim() } : {}),
        ...(dueDate !== undefined
          ? {
              dueDate,
              dayNumber: dayNumberAfterMove(userId, timezoneOf(userId), goal, dueDate),
            }
          : {}),
      },
      moved ? "goal.moved" : undefined,
    ),
  );
}

export function deleteGoal(userId: number, goalId: number): boolean {
  const result = db
    .delete(goals)
    .where(and(eq(goals.id, goalId), eq(goals.userId, userId)))
    .run();
  return result.changes > 0;
}

/**
 * The same local time on the next local day: a goal for tomorrow, open again if it was skipped. Only
 * inside the years around today (an old goal from before that window cannot be moved either).
 */
export function tomorrowSameTime(dueDate: Date, timeZone: string, now = new Date()) {
  const day = addDays(localDay(dueDate, timeZone), 1);
  if (!isDayInWindow(day, localDay(now, timeZone)))
    throw new GoalEditError(
      dueDate > now
        ? `That would put the goal more than ${WINDOW_FUTURE_YEARS} years ahead. Pick a due date within the next ${WINDOW_FUTURE_YEARS} years.`
        : `This goal is more than ${WINDOW_PAST_YEARS} years old and can no longer be moved.`,
    );
  return zonedInstant(day, localTime(dueDate, timeZone), timeZone);
}

export function moveGoalToTomorrow(
  userId: number,
  goalId: number,
  timeZone: string,
  now = new Date(),
): Goal | undefined {
  const goal = ownGoal(userId, goalId);
  if (!goal) return undefined;
  if (goal.completedAt) throw new GoalEditError("This goal is done. Undo it first to move it.");
  const dueDate = tomorrowSameTime(goal.dueDate, timeZone, now);
  assertRoomOnDay(userId, dueDate, goalId);
  return db.transaction(() =>
    update(
      goalId,
      { dueDate, skippedAt: null, dayNumber: dayNumberAfterMove(userId, timeZone, goal, dueDate) },
      "goal.moved",
    ),
  );
}
