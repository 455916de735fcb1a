import { randomUUID } from "node:crypto";
import { preparedQuery, sqlite } from "~/utils/db/db.server";
import { addDays, localDay } from "~/utils/time/local-time";

// The events a user's webhooks receive, each queued once per enabled endpoint of theirs in the
// transaction of the change it tells of: a change that rolls back sends nothing, one that commits is
// sent however the process ends after (the queue is a table; webhook-delivery.server.ts sends it).
// A new delivery is due at 0, at once: the next tick takes it, whatever clock that tick runs on.

export const WEBHOOK_EVENT_TYPES = [
  "goal.set",
  "goal.done",
  "goal.skipped",
  "goal.moved",
  "habit_day.kept",
  "habit_day.missed",
  "summary.ready",
  "ping",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

type MissedDay = {
  goalId: number;
  userId: number;
  habitId: number;
  day: string;
  title: string;
  timezone: string;
};

const statements = {
  enqueue: preparedQuery(() =>
    sqlite.prepare(
      `insert or ignore into webhook_deliveries (endpoint_id, event_id, type, payload, next_attempt_at, created_at)
     select id, @eventId, @type, @payload, 0, @at from webhook_endpoints
     where user_id = @userId and disabled_at is null and (@endpointId is null or id = @endpointId)`,
    ),
  ),
  missedHabitDays: preparedQuery(() =>
    sqlite.prepare<[{ since: number; until: number }], MissedDay>(
      // Only users with an endpoint, and only their last few days: one index lookup each.
      `select g.id as goalId, g.user_id as userId, g.habit_id as habitId, g.habit_day as day,
         g.description as title, u.timezone as timezone
       from (select distinct user_id from webhook_endpoints where disabled_at is null) e
       join users u on u.id = e.user_id
       join goals g on g.user_id = e.user_id and g.habit_id is not null
         and g.due_date >= @since and g.due_date < @until
         and g.completed_at is null and g.skipped_at is null`,
    ),
  ),
};

type GoalLike = {
  id: number;
  description: string;
  dueDate: Date;
  completedAt: Date | null;
  skippedAt: Date | null;
  habitId: number | null;
  habitDay: string | null;
};

/** A goal as every goal.* and habit_day.* event carries it. */
export function goalEventData(goal: GoalLike) {
  return {
    goal: {
      id: goal.id,
      description: goal.description,
      dueAt: goal.dueDate.toISOString(),
      completedAt: goal.completedAt?.toISOString() ?? null,
      skippedAt: goal.skippedAt?.toISOString() ?? null,
      ...(goal.habitId !== null ? { habitId: goal.habitId, habitDay: goal.habitDay } : {}),
    },
  };
}

/**
 * Queues an event for every enabled endpoint of the user. Call it inside the transaction of the change
 * (one connection: the row commits or rolls back with it). `eventId` is given for events that may be
 * noticed twice (a missed day): the same id is queued once per endpoint.
 */
export function enqueueEvent(
  userId: number,
  type: WebhookEventType,
  data: Record<string, unknown>,
  options: { now?: Date; eventId?: string; endpointId?: number } = {},
) {
  if (!sqlite.inTransaction)
    throw new Error("enqueueEvent belongs inside the change's transaction");
  const now = options.now ?? new Date();
  const eventId = options.eventId ?? `evt_${randomUUID()}`;
  const payload = JSON.stringify({ id: eventId, type, createdAt: now.toISOString(), data });
  statements.enqueue().run({
    eventId,
    type,
    payload,
    at: now.getTime(),
    userId,
    endpointId: options.endpointId ?? null,
  });
}

/** How far back a day not kept is still told of, once it has ended in the user's zone. */
const MISSED_LOOK_BACK_DAYS = 2;

/**
 * habit_day.missed: a habit's day that ended in the user's time zone neither done nor skipped. Asked on
 * every scheduler tick for the last days; the event id is the goal's, so each day is told once.
 */
export function enqueueMissedHabitDays(now: Date) {
  const rows = statements.missedHabitDays().all({
    since: now.getTime() - (MISSED_LOOK_BACK_DAYS + 1) * 86_400_000,
    until: now.getTime(),
  });
  const ended = rows.filter((row) => {
    const today = localDay(now, row.timezone);
    return row.day < today && row.day >= addDays(today, -MISSED_LOOK_BACK_DAYS);
  });
  if (ended.length === 0) return 0;
  sqlite.transaction(() => {
    for (const row of ended)
      enqueueEvent(
        row.userId,
        "habit_day.missed",
        { habitDay: { habitId: row.habitId, goalId: row.goalId, day: row.day, title: row.title } },
        { now, eventId: `evt_missed_${row.goalId}` },
      );
  })();
  return ended.length;
}
