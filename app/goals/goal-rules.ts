import { addDays, dayNumber, firstOfMonth, localDayNumber } from "~/utils/time/local-time";
import type { LocalDay } from "~/utils/time/local-time";
import { NO_PAUSES, type PausedDays } from "~/users/paused-days";
import { weekStartOf, type WeekStart } from "~/utils/time/week-start";
import { outcomeOf, saidOutcome, type GoalState } from "./goal-numbers";

/** Goals one local day may hold, habits' included: the dashboard and every text list them all. */
export const MAX_GOALS_PER_DAY = 50;

export function dayFullMessage(isToday: boolean) {
  return isToday
    ? `You already have ${MAX_GOALS_PER_DAY} goals today, the most one day can hold. Finish or delete one first.`
    : `That day already has ${MAX_GOALS_PER_DAY} goals, the most one day can hold. Choose another day.`;
}

/** Where a goal stands; one rule for every page, export, text and /api answer. */
export type { GoalState };

export const GOAL_STATE_LABELS: Record<GoalState, string> = {
  pending: "Pending",
  overdue: "Overdue",
  completed: "Completed",
  skipped: "Skipped",
  missed: "Missed",
};

type StateInput = { completedAt: Date | null; skippedAt: Date | null; dueDate: Date };

/**
 * Done and skipped are what the user said. Otherwise a goal is missed once the user's local day it was
 * due on has ended, overdue once its due time has passed that day, and pending before.
 */
export function goalState(goal: StateInput, now: Date, timeZone: string): GoalState {
  const outcome = outcomeOf({
    completed: Boolean(goal.completedAt),
    skipped: Boolean(goal.skippedAt),
    dueDayEnded:
      localDayNumber(now.getTime(), timeZone) > localDayNumber(goal.dueDate.getTime(), timeZone),
  });
  if (outcome !== "open") return outcome;
  return goal.dueDate.getTime() < now.getTime() ? "overdue" : "pending";
}

/** A goal's outcome while its due day lasts (today's list, a check-in): what the user said, or open. */
export function outcomeOnItsDay(goal: Pick<StateInput, "completedAt" | "skippedAt">) {
  return saidOutcome({ completed: Boolean(goal.completedAt), skipped: Boolean(goal.skippedAt) });
}

/** Whether a goal can still be done today, or has an outcome (done, skipped or missed). */
export function isOpen(state: GoalState) {
  return state === "pending" || state === "overdue";
}

/**
 * Consecutive local days with at least one completion, counted back from the latest such day.
 * The streak is current only while that day is today or yesterday (today may still be in progress).
 * Days are day numbers (see localDayNumber), newest first; reading stops at the first gap. Paused days
 * are left out of the calendar: a completion on one counts for nothing, and a pause is no gap.
 */
export function streakOfDayNumbers(
  daysNewestFirst: Iterable<number>,
  today: number,
  paused: PausedDays = NO_PAUSES,
) {
  let streak = 0;
  let expected: number | null = null;
  for (const day of unpausedRanks(daysNewestFirst, paused)) {
    if (expected === null) {
      if (paused.rank(today) - day > 1) return 0;
      streak = 1;
      expected = day - 1;
    } else if (day === expected) {
      streak += 1;
      expected = day - 1;
    } else if (day < expected) {
      break;
    }
  }
  return streak;
}

function* unpausedRanks(days: Iterable<number>, paused: PausedDays) {
  for (const day of days) if (!paused.isPaused(day)) yield paused.rank(day);
}

/** The longest run of consecutive unpaused days in a set of day numbers (any order, repeats allowed). */
export function longestStreakOfDayNumbers(days: Iterable<number>, paused: PausedDays = NO_PAUSES) {
  const sorted = Array.from(new Set(unpausedRanks(days, paused))).sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  for (let i = 0; i < sorted.length; i++) {
    run = i > 0 && sorted[i]! === sorted[i - 1]! + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  return longest;
}

export function currentStreak(completionDaysNewestFirst: Iterable<LocalDay>, today: LocalDay) {
  function* numbers() {
    for (const day of completionDaysNewestFirst) yield dayNumber(day);
  }
  return streakOfDayNumbers(numbers(), dayNumber(today));
}

export const DATE_RANGES = [
  { value: "7d", label: "Last 7 days" },
  { value: "30d", label: "Last 30 days" },
  { value: "this-month", label: "This month" },
  { value: "last-month", label: "Last month" },
  { value: "all", label: "All time" },
] as const;
export type DateRange = (typeof DATE_RANGES)[number]["value"];

/** SPEC's empty-list text, for a user with no goals at all. */
export const EMPTY_GOALS = "No goals found. Start creating new goals to track your progress!";

/**
 * What an empty 'Previous Goals' says: SPEC's invitation only while the user has no goal anywhere;
 * once there are goals (today's, say) it says what is missing from this list.
 */
export function previousGoalsEmptyText(totalGoals: number, range: DateRange) {
  if (totalGoals === 0) return EMPTY_GOALS;
  if (range === "all") return "No goals before today yet. Goals move here once their day is over.";
  return "No goals before today in this range. Choose All time to see every one.";
}

/**
 * What an empty "Today's Goals" says: SPEC's invitation while the user has no goal anywhere; once
 * there are goals on other days, that today has none yet. Both say goals can be texted in.
 */
export function todayGoalsEmptyText(totalGoals: number, serviceNumber: string | null) {
  const textThem = `text your goals to ${serviceNumber ?? "the number we text you from"}.`;
  if (totalGoals === 0) return `${EMPTY_GOALS} You can also ${textThem}`;
  return `No goals for today yet. Add one with New Goal, or ${textThem}`;
}

export function parseDateRange(value: string | null | undefined): DateRange {
  return DATE_RANGES.some((r) => r.value === value) ? (value as DateRange) : "all";
}

/** The local days a range covers, inclusive; null bounds mean open-ended. */
export function dateRangeDays(
  range: DateRange,
  today: LocalDay,
): { from: LocalDay | null; to: LocalDay | null } {
  switch (range) {
    case "7d":
      return { from: addDays(today, -6), to: today };
    case "30d":
      return { from: addDays(today, -29), to: today };
    case "this-month":
      return { from: firstOfMonth(today), to: addDays(firstOfMonth(today, 1), -1) };
    case "last-month":
      return { from: firstOfMonth(today, -1), to: addDays(firstOfMonth(today), -1) };
    case "all":
      return { from: null, to: null };
  }
}

export type DayTally = { day: LocalDay; total: number; completed: number; skipped?: number };

/** What a calendar day shows. A day still running has no outcome yet unless something is done. */
export type DayOutcome = "upcoming" | "open" | "empty" | "done" | "partial" | "skipped" | "missed";

export function dayOutcome(cell: DayTally & { future: boolean; today: boolean }): DayOutcome {
  if (cell.future) return "upcoming";
  if (cell.total === 0) return "empty";
  if (cell.completed === cell.total) return "done";
  if (cell.completed > 0) return "partial";
  if (cell.today) return "open";
  return cell.skipped === cell.total ? "skipped" : "missed";
}

/** Whole weeks (starting on the user's first day) ending with the week of today, each day with its tally. */
export function calendarWeeks(
  tallies: DayTally[],
  today: LocalDay,
  weeks: number,
  firstDay: WeekStart,
) {
  const byDay = new Map(tallies.map((t) => [t.day, t]));
  const first = addDays(weekStartOf(today, firstDay), -7 * (weeks - 1));
  return Array.from({ length: weeks }, (_, w) =>
    Array.from({ length: 7 }, (_, d) => {
      const day = addDays(first, w * 7 + d);
      const tally = byDay.get(day) ?? { day, total: 0, completed: 0, skipped: 0 };
      return { skipped: 0, ...tally, future: day > today, today: day === today };
    }),
  );
}

export const PAGE_SIZE = 10;

export function pageCount(total: number) {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}

export function clampPage(raw: string | null | undefined, total: number) {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) return 1;
  return Math.min(n, pageCount(total));
}

/** '1 to 10 of 42' as the pagination footer shows it. */
export function pageSummary(page: number, total: number) {
  if (total === 0) return "0 to 0 of 0";
  const first = (page - 1) * PAGE_SIZE + 1;
  return `${first} to ${Math.min(page * PAGE_SIZE, total)} of ${total}`;
}
