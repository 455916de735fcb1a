import { and, asc, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { Goal } from "../../db/schema";
import { DATE_RANGES, dateRangeDays, goalState } from "~/goals/goal-rules";
import type { DateRange, GoalState } from "~/goals/goal-rules";
import { countOutcomes, type OutcomeCounts } from "~/goals/goal-numbers";
import { streaksFor, todayFor } from "~/goals/goals.server";
import { dayNotesBetween } from "~/goals/day-notes.server";
import { clampToWindow } from "~/utils/time/date-window";
import { db, schema } from "~/utils/db/db.server";
import { addDays, localDay, startOfLocalDay, type LocalDay } from "~/utils/time/local-time";
import type { WeekStart } from "~/utils/time/week-start";
import { isStoredProof, reportPhotos, type ReportPhoto } from "./proof-images.server";
import { tallyByDay, type DayCount } from "./report-rules";
import { habitSummaries, type HabitSummary } from "~/habits/habit-api.server";
import { listHabits } from "~/habits/habits.server";

const { goals } = schema;

/** Goals listed one by one in a report, at most (the newest); the counts, calendar and trend cover all. */
export const MAX_ROWS = 200;
/**
 * And at most this many characters of their text (description, photo caption, coach's note): laying
 * out 200 goals of 500 characters held the server for over a second; fewer long goals are listed.
 */
export const LISTED_TEXT_BUDGET = 40_000;

export type ReportUser = { id: number; email: string; timezone: string; weekStartsOn: WeekStart };

export type ReportData = {
  user: ReportUser;
  now: Date;
  today: LocalDay;
  rangeLabel: string;
  from: LocalDay;
  to: LocalDay;
  /** Goals of the period by state (goalState), and in all. */
  states: Record<GoalState, number>;
  /** The same goals by outcome: what the completion rate counts. */
  counts: OutcomeCounts;
  total: number;
  streak: { current: number; longest: number };
  tallies: Map<LocalDay, DayCount>;
  /** The newest goals of the period (MAX_ROWS, LISTED_TEXT_BUDGET), newest first. */
  listed: Goal[];
  /** The coach's note of each listed day that has one. */
  dayNotes: Map<LocalDay, string>;
  photos: Map<string, ReportPhoto>;
  /** Each habit with days due in the period, or still active: its period's tally and today's numbers. */
  habits: ReportHabit[];
};

/** `total`: a measured habit's values added up over the period. */
export type ReportHabit = HabitSummary & { done: number; due: number; total: number };

/**
 * Everything a report shows, in a fixed number of queries whatever the period: the outcome columns of
 * every goal in it (three numbers a goal: enough for counts, calendar and trend), the full rows of the
 * newest MAX_ROWS, the completion instants for the streaks, and at most MAX_REPORT_PHOTOS photos.
 */
export async function reportData(
  user: ReportUser,
  range: DateRange,
  now = new Date(),
): Promise<ReportData> {
  const tz = user.timezone;
  const today = todayFor(user, now);
  const bounds = dateRangeDays(range, today);
  const inPeriod: SQL | undefined = and(
    eq(goals.userId, user.id),
    bounds.from ? gte(goals.dueDate, startOfLocalDay(bounds.from, tz)) : undefined,
    bounds.to ? lt(goals.dueDate, startOfLocalDay(addDays(bounds.to, 1), tz)) : undefined,
  );
  const outcomes = db
    .select({
      dueDate: goals.dueDate,
      completedAt: goals.completedAt,
      skippedAt: goals.skippedAt,
      habitId: goals.habitId,
      value: goals.value,
    })
    .from(goals)
    .where(inPeriod)
    .orderBy(asc(goals.dueDate))
    .all();
  const listed = withinTextBudget(
    db
      .select()
      .from(goals)
      .where(inPeriod)
      .orderBy(desc(goals.dueDate), desc(goals.id))
      .limit(MAX_ROWS)
      .all(),
  );
  // "All time" has no bounds: the period is the one its goals' due dates span, inside the years
  // around today (a stored year-9999 goal still counts, but the calendar and trend stop at the window).
  const first = outcomes[0];
  const last = outcomes.at(-1);
  const from = bounds.from ?? (first ? clampToWindow(localDay(first.dueDate, tz), today) : today);
  const to = bounds.to ?? (last ? clampToWindow(localDay(last.dueDate, tz), today) : today);

  const states: Record<GoalState, number> = {
    completed: 0,
    skipped: 0,
    missed: 0,
    overdue: 0,
    pending: 0,
  };
  const stateOfEach = outcomes.map((goal) => goalState(goal, now, tz));
  for (const state of stateOfEach) states[state] += 1;

  return {
    user,
    now,
    today,
    rangeLabel: DATE_RANGES.find((r) => r.value === range)?.label ?? "All time",
    from,
    to,
    states,
    counts: countOutcomes(stateOfEach),
    total: outcomes.length,
    streak: streaksFor(user, now),
    tallies: tallyByDay(outcomes, tz, now),
    listed,
    dayNotes: listed.length
      ? dayNotesBetween(
          user.id,
          localDay(listed.at(-1)!.dueDate, tz),
          localDay(listed[0]!.dueDate, tz),
        )
      : new Map(),
    habits: reportHabits(user.id, outcomes, today),
    photos: await reportPhotos(
      user.id,
      listed.flatMap((goal) => goal.proofImageUrls.filter(isStoredProof)),
    ),
  };
}

/** The first of the goals whose printed text fits LISTED_TEXT_BUDGET; at least one. */
function withinTextBudget(newestFirst: Goal[]) {
  let characters = 0;
  const listed: Goal[] = [];
  for (const goal of newestFirst) {
    characters +=
      goal.description.length +
      (goal.proofDescription?.length ?? 0) +
      (goal.llmFeedback?.length ?? 0);
    if (listed.length > 0 && characters > LISTED_TEXT_BUDGET) break;
    listed.push(goal);
  }
  return listed;
}

function reportHabits(
  userId: number,
  outcomes: { habitId: number | null; completedAt: Date | null; value: number | null }[],
  today: LocalDay,
): ReportHabit[] {
  const tally = new Map<number, { done: number; due: number; total: number }>();
  for (const goal of outcomes) {
    if (goal.habitId === null) continue;
    const t = tally.get(goal.habitId) ?? { done: 0, due: 0, total: 0 };
    t.due += 1;
    t.total += goal.value ?? 0;
    if (goal.completedAt) t.done += 1;
    tally.set(goal.habitId, t);
  }
  const shown = listHabits(userId).filter((h) => h.active || tally.has(h.id));
  return habitSummaries(shown, today).map((h) => ({
    ...h,
    ...(tally.get(h.id) ?? { done: 0, due: 0, total: 0 }),
  }));
}
