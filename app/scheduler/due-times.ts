import { eachDay } from "~/utils/time/date-window";
import { localDay, localTime, zonedInstant, type LocalDay } from "~/utils/time/local-time";
import { isFirstOfMonth, isSunday, type SummaryKind } from "~/summaries/summary-days";
import { eveningQuestionSkip, type DayGoal } from "~/questions/evening-skip";

export type QuestionKind = "morning" | "evening";
export type Slot = { localDate: LocalDay; dueAt: Date };

export const WEEKLY_SUMMARY_TIME = "18:00"; // Sunday, before the evening question and quiet hours
export const MONTHLY_SUMMARY_TIME = "10:00"; // the first day of the month
export const QUIET_BEFORE = "08:00";
export const QUIET_FROM = "20:00";
export const DEFAULT_CATCH_UP_MS = 2 * 60 * 60 * 1000;
/** How far back a tick looks for sends it missed (to record them as expired). */
export const LOOKBACK_MS = 24 * 60 * 60 * 1000;

/**
 * The instants a wall-clock time falls on in (from, to], one per local day, in a zone. A time that a
 * spring-forward change skips is due at the first minute after it; a repeated time once, at its first
 * occurrence (see zonedInstant).
 */
export function dueSlots(
  timeZone: string,
  time: string,
  from: Date,
  to: Date,
  onDay?: (day: LocalDay) => boolean,
): Slot[] {
  const slots: Slot[] = [];
  const first = localDay(new Date(from.getTime() - 86_400_000), timeZone);
  for (const day of eachDay(first, localDay(to, timeZone))) {
    if (onDay && !onDay(day)) continue;
    const dueAt = zonedInstant(day, time, timeZone);
    if (dueAt > from && dueAt <= to) slots.push({ localDate: day, dueAt });
  }
  return slots;
}

export function summarySlots(timeZone: string, kind: SummaryKind, from: Date, to: Date) {
  return kind === "weekly_summary"
    ? dueSlots(timeZone, WEEKLY_SUMMARY_TIME, from, to, isSunday)
    : dueSlots(timeZone, MONTHLY_SUMMARY_TIME, from, to, isFirstOfMonth);
}

/** A due send inside the catch-up window goes out late; an older one is recorded as expired. */
export function isExpired(dueAt: Date, now: Date, catchUpMs = DEFAULT_CATCH_UP_MS) {
  return now.getTime() - dueAt.getTime() > catchUpMs;
}

/**
 * Where a tick starts looking: after the previous tick (so each due instant is seen once), at most a
 * day back; a tick "before" the last one (a clock set back, or a test) looks back one catch-up window.
 */
export function windowStart(now: Date, lastTickAt: Date | null, catchUpMs = DEFAULT_CATCH_UP_MS) {
  if (!lastTickAt) return new Date(now.getTime() - catchUpMs);
  if (lastTickAt >= now) return new Date(now.getTime() - catchUpMs);
  return new Date(Math.max(lastTickAt.getTime(), now.getTime() - LOOKBACK_MS));
}

/** Follow-ups and summaries keep quiet before 08:00 and from 20:00 local time. */
export function inQuietHours(instant: Date, timeZone: string) {
  const time = localTime(instant, timeZone);
  return time < QUIET_BEFORE || time >= QUIET_FROM;
}

const RETRY_DELAYS_MS = [30_000, 120_000, 480_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** Backoff before the next try of a send Twilio never accepted; null when it should give up. */
export function retryDelayMs(attemptsSoFar: number) {
  return RETRY_DELAYS_MS[attemptsSoFar - 1] ?? null;
}

export type NextQuestion = { kind: QuestionKind; dueAt: Date };

/**
 * The next question the scheduler will send a user who may receive texts: the first morning or evening
 * slot after `now` (dueSlots, as the tick computes them), skipping this evening's when it would stay
 * quiet. Tomorrow's goals are not set yet, so a later evening is always counted.
 */
export function nextQuestion(
  user: { timezone: string; morning: string; evening: string },
  now: Date,
  todaysGoals: DayGoal[],
): NextQuestion {
  const horizon = new Date(now.getTime() + 2 * 86_400_000);
  const today = localDay(now, user.timezone);
  const quietTonight = eveningQuestionSkip(todaysGoals) !== null;
  const slots = [
    ...dueSlots(user.timezone, user.morning, now, horizon).map((s) => ({
      ...s,
      kind: "morning" as const,
    })),
    ...dueSlots(user.timezone, user.evening, now, horizon)
      .filter((s) => !(quietTonight && s.localDate === today))
      .map((s) => ({ ...s, kind: "evening" as const })),
  ].sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
  const first = slots[0]!;
  return { kind: first.kind, dueAt: first.dueAt };
}
