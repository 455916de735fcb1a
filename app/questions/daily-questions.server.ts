import { inDayNumberOrder, carriedOverGoals } from "~/goals/goals.server";
import { createHabitGoalsOfDay, habitGoalsOfDay } from "~/habits/habit-goals.server";
import { greetingAt, templates } from "~/replies/templates";
import { localTime, type LocalDay } from "~/utils/time/local-time";
import { askedInTheEvening, eveningQuestionSkip } from "./evening-skip";

// The morning and evening questions, worded alike for the tick, the conversation engine and send-now.

type Asked = { id: number; timezone: string; preferredCheckInTimeEvening: string };

/**
 * The morning question of a user on the local day `at` falls on (`day`): the day's habit goals are made
 * first and listed ("Today's habits: 1) Meditate …"), and goals set on an earlier day for this one are
 * named. `hasHabits: false` (the tick finds who has any for a page of users at once) skips the habits.
 */
export function morningQuestion(user: Asked, day: LocalDay, at: Date, hasHabits = true): string {
  const greeting = greetingAt(Number(localTime(at, user.timezone).slice(0, 2)));
  if (hasHabits) createHabitGoalsOfDay(user, at);
  const habits = hasHabits ? habitGoalsOfDay(user.id, day) : [];
  // Habits and carried-over goals are numbered together, as the day numbers them.
  const listed = inDayNumberOrder(
    [...habits, ...carriedOverGoals(user, day)].map((g, i) => ({ ...g, habit: i < habits.length })),
  ).map((g) => ({ number: g.dayNumber, description: g.description, habit: g.habit }));
  const of = (habit: boolean) =>
    listed
      .filter((g) => g.habit === habit)
      .map(({ number, description }) => ({ number, description }));
  return templates.morningQuestion(of(true), of(false), greeting);
}

type DayGoal = {
  id: number;
  description: string;
  dayNumber: number | null;
  completedAt: number | Date | null;
  skippedAt: number | Date | null;
  /** The day's goal of a habit to avoid. */
  avoid?: boolean;
};

export type EveningQuestion = { body: string; linkedGoalIds: number[] } | { skip: string };

/**
 * The evening check-in lists the day's open goals, numbered as the replies read them (goals done or
 * skipped on the web are not asked about again); with none open it stays quiet and says why.
 */
export function eveningQuestion(goals: DayGoal[]): EveningQuestion {
  const asked = inDayNumberOrder(goals).filter((g) =>
    askedInTheEvening({ completed_at: g.completedAt, skipped_at: g.skippedAt, avoid: g.avoid }),
  );
  const skip = eveningQuestionSkip(
    goals.map((g) => ({ completed_at: g.completedAt, skipped_at: g.skippedAt, avoid: g.avoid })),
  );
  if (skip) return { skip };
  const numbered = (list: typeof asked) =>
    list.map((g) => ({ number: g.dayNumber, description: g.description }));
  return {
    body: templates.eveningQuestion(
      numbered(asked.filter((g) => !g.avoid)),
      numbered(asked.filter((g) => g.avoid)),
    ),
    linkedGoalIds: asked.map((g) => g.id),
  };
}
