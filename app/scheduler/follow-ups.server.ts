import { preparedQuery, sqlite } from "~/utils/db/db.server";
import { formatTime } from "~/utils/time/format";
import { localDay, localDayRange, localTime } from "~/utils/time/local-time";
import { BILLING_COLUMNS, mayReceiveScheduledTexts, type BillingRow } from "./access.server";
import { inQuietHours } from "./due-times";
import type { Candidate } from "./send-types";
import { scheduledTextsFilter } from "~/sms/may-text.server";

type Row = BillingRow & {
  goal_id: number;
  user_id: number;
  phone: string;
  timezone: string;
  evening: string;
  description: string;
  due_date: number;
  day_number: number | null;
};

const goalIdsOfDay = preparedQuery(() =>
  sqlite
    .prepare<[number, number, number], number>(
      "select id from goals where user_id = ? and due_date >= ? and due_date < ? order by due_date, id",
    )
    .pluck(),
);

/** The goal's day number; a goal written around the domain has none and counts its place instead. */
function numberInDay(row: Row, day: string) {
  if (row.day_number !== null) return row.day_number;
  const { start, end } = localDayRange(day, day, row.timezone);
  return goalIdsOfDay().all(row.user_id, start.getTime(), end.getTime()).indexOf(row.goal_id) + 1;
}

const dueUnfinished = preparedQuery(() =>
  sqlite.prepare<[number, number, number], Row>(
    `select g.id as goal_id, g.user_id, u.phone, u.timezone, u.preferred_check_in_time_evening as evening,
     g.description, g.due_date, g.day_number, ${BILLING_COLUMNS}
   from goals g join users u on u.id = g.user_id
   where g.due_date > ? and g.due_date <= ? and g.completed_at is null and g.skipped_at is null
     and ${scheduledTextsFilter("?")}
     and not exists (select 1 from follow_up_tasks f where f.goal_id = g.id)
   order by g.user_id, g.due_date`,
  ),
);

/** How long before a goal's own due time its reminder goes. */
export const FOLLOW_UP_LEAD_MS = 30 * 60 * 1000;

/**
 * One reminder for each open goal with a due time of its own (before the user's evening check-in,
 * which asks about the rest anyway), 30 minutes before that time. A goal set less than 30 minutes
 * before it is due gets none: its reminder's moment passed before the goal existed. Never in quiet
 * hours: neither the goal's due time, its reminder's moment, nor a late tick's.
 */
export function followUpCandidates(from: Date, now: Date): Candidate[] {
  return dueUnfinished()
    .all(from.getTime() + FOLLOW_UP_LEAD_MS, now.getTime() + FOLLOW_UP_LEAD_MS, now.getTime())
    .filter((row) => {
      const due = new Date(row.due_date);
      const remindAt = new Date(row.due_date - FOLLOW_UP_LEAD_MS);
      return (
        mayReceiveScheduledTexts(row, remindAt) &&
        !inQuietHours(due, row.timezone) &&
        !inQuietHours(remindAt, row.timezone) &&
        !inQuietHours(now, row.timezone) &&
        localTime(due, row.timezone) < row.evening
      );
    })
    .map((row) => {
      const due = new Date(row.due_date);
      const day = localDay(due, row.timezone);
      return {
        userId: row.user_id,
        phone: row.phone,
        kind: "follow_up" as const,
        localDate: `${day}:${row.goal_id}`,
        dueAt: new Date(row.due_date - FOLLOW_UP_LEAD_MS),
        body: followUpText(row.description, numberInDay(row, day), formatTime(due, row.timezone)),
        goalId: row.goal_id,
        linkedGoalIds: [row.goal_id],
      };
    });
}

export function followUpText(description: string, number: number, dueTime: string) {
  const name = description.length > 80 ? `${description.slice(0, 77)}...` : description;
  return `Reminder: "${name}" is due at ${dueTime}. Reply ${number} when it's done.`;
}
