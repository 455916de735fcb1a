import { formatDateTime, formatTime } from "~/utils/time/format";
import { localDay } from "~/utils/time/local-time";

/**
 * A goal row's times, short enough for a phone: today's list says only the time it is due, and
 * "Created at" drops the date when it is the day the goal is due.
 */
export function rowTimes(
  goal: { dueDate: Date; createdAt: Date },
  timeZone: string,
  onTodaysList: boolean,
) {
  const sameDay = localDay(goal.createdAt, timeZone) === localDay(goal.dueDate, timeZone);
  return {
    dueLabel: (onTodaysList ? formatTime : formatDateTime)(goal.dueDate, timeZone),
    createdLabel: (sameDay ? formatTime : formatDateTime)(goal.createdAt, timeZone),
  };
}
