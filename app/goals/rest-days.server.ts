import type { Goal } from "../../db/schema";
import { preparedQuery, sqlite } from "~/utils/db/db.server";
import { firstOfMonth, type LocalDay } from "~/utils/time/local-time";
import { GoalEditError } from "./goals.server";
import { grantRestDays, monthOf, NO_REST_DAYS_LEFT, restDaysLeft } from "./rest-days";

// A rest day is a local day with a habit's goal skipped: counted from the goals themselves, so the
// dashboard, the /api, texts and an undo agree without a counter to keep.
const restedDaysBetween = preparedQuery(() =>
  sqlite
    .prepare<[number, string, string], LocalDay>(
      `select distinct habit_day from goals where user_id = ? and habit_id is not null
         and skipped_at is not null and habit_day >= ? and habit_day < ?`,
    )
    .pluck(),
);

/** The days rested in the calendar month of `day`. */
export function restedDaysInMonthOf(userId: number, day: LocalDay) {
  return restedDaysBetween().all(userId, firstOfMonth(day), firstOfMonth(day, 1));
}

/** Rest days left in the month of `day`. */
export function restDaysLeftIn(userId: number, day: LocalDay) {
  return restDaysLeft(restedDaysInMonthOf(userId, day).length);
}

const restDayOf = (goal: Pick<Goal, "habitId" | "habitDay" | "skippedAt">) =>
  goal.habitId !== null && goal.habitDay !== null && goal.skippedAt === null ? goal.habitDay : null;

/**
 * Goals to skip, split into those that may be skipped and the habits' goals the month's rest days
 * refuse (a goal that is not a habit's, or is skipped already, spends nothing).
 */
export function planRestDays<G extends Pick<Goal, "habitId" | "habitDay" | "skippedAt">>(
  userId: number,
  goals: G[],
) {
  const asked = goals.map(restDayOf);
  const months = new Map(asked.filter((d) => d !== null).map((d) => [monthOf(d), d]));
  const rested = [...months.values()].flatMap((day) => restedDaysInMonthOf(userId, day));
  const { refused } = grantRestDays(
    rested,
    asked.filter((d) => d !== null),
  );
  const refusedDays = new Set(refused);
  return {
    allowed: goals.filter((_, i) => asked[i] === null || !refusedDays.has(asked[i]!)),
    refused: goals.filter((_, i) => asked[i] !== null && refusedDays.has(asked[i]!)),
  };
}

/** A habit's day is skipped only while the month has a rest day left for it. */
export function assertRestDayFor(userId: number, goal: Goal) {
  if (planRestDays(userId, [goal]).refused.length) throw new GoalEditError(NO_REST_DAYS_LEFT);
}

/** "2 rest days left this month.", as a toast or a page says it after a habit's day is rested. */
export function restDaysLeftText(userId: number, day: LocalDay) {
  const left = restDaysLeftIn(userId, day);
  return `It keeps the streak. ${left === 1 ? "1 rest day" : `${left} rest days`} left this month.`;
}
