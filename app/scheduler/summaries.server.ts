import { goalsBetween, streakFor } from "~/goals/goals.server";
import { completionRate } from "~/goals/goal-rules";
import { env } from "~/utils/env.server";
import { addDays, dayOfWeek, firstOfMonth, localDay, type LocalDay } from "~/utils/local-time";
import type { SummaryKind } from "./due-times";

type Owner = { id: number; timezone: string };

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** The span a summary sent on `sentOn` covers: the week ending that Sunday, or the month before the 1st. */
export function summaryPeriod(kind: SummaryKind, sentOn: LocalDay) {
  return kind === "weekly_summary"
    ? { from: addDays(sentOn, -6), to: sentOn }
    : { from: firstOfMonth(sentOn, -1), to: addDays(firstOfMonth(sentOn), -1) };
}

export function summaryFigures(user: Owner, kind: SummaryKind, sentOn: LocalDay, now = new Date()) {
  const { from, to } = summaryPeriod(kind, sentOn);
  const goals = goalsBetween(user, from, to);
  const completed = goals.filter((g) => g.completedAt);
  const perWeekday = new Array<number>(7).fill(0);
  for (const goal of completed) perWeekday[dayOfWeek(localDay(goal.dueDate, user.timezone))]! += 1;
  const best = Math.max(...perWeekday);
  return {
    from,
    to,
    set: goals.length,
    completed: completed.length,
    rate: completionRate(goals.length, completed.length),
    streak: streakFor(user, now),
    bestDay: best > 0 ? WEEKDAYS[perWeekday.indexOf(best)]! : null,
    goals,
  };
}

export function summaryPath(kind: SummaryKind, sentOn: LocalDay) {
  return `/summaries/${kind === "weekly_summary" ? "weekly" : "monthly"}/${sentOn}`;
}

/**
 * At most two segments: the figures and a link to the page with the details. The streak is the one at
 * `now`, the instant the summary is for (the tick's slot, not the clock of a late or simulated tick).
 */
export function summaryText(user: Owner, kind: SummaryKind, sentOn: LocalDay, now = new Date()) {
  const f = summaryFigures(user, kind, sentOn, now);
  const period = kind === "weekly_summary" ? "Your week" : "Your month";
  const best = f.bestDay ? ` Best day: ${f.bestDay}.` : "";
  return `${period}: ${f.set} goals set, ${f.completed} done (${f.rate}%). Streak: ${f.streak} ${f.streak === 1 ? "day" : "days"}.${best} Details: ${env.APP_URL}${summaryPath(kind, sentOn)}`;
}
