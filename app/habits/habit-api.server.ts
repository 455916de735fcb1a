import type { Habit } from "../../db/schema";
import type { LocalDay } from "~/utils/time/local-time";
import { habitDayNumbers } from "./habit-numbers.server";
import { measureOf } from "./habit-measure";
import { currentSchedule, describeSchedule, scheduleFields } from "./habit-rules";
import { habitNumbers, type HabitHistory } from "./habit-stats";

type Numbers = ReturnType<typeof habitNumbers>;

/** A habit as the /api and the pages show it: its schedule and its numbers. */
export function habitSummary(habit: Habit, history: HabitHistory, today: LocalDay) {
  return habitSummaryFrom(habit, habitNumbers(history, today));
}

/** The same, from numbers already worked out (habitDayNumbers). */
export function habitSummaryFrom(habit: Habit, { streak, bestStreak, strength }: Numbers) {
  const schedule = currentSchedule(habit);
  const measure = measureOf(habit);
  return {
    id: habit.id,
    title: habit.title,
    ...scheduleFields(schedule),
    schedule: describeSchedule(schedule),
    time: habit.dueTime,
    active: habit.active,
    avoid: habit.avoid,
    startDate: habit.startDate,
    stoppedOn: habit.stoppedOn,
    streak,
    bestStreak,
    strength,
    streakUnit:
      "timesPerWeek" in schedule || measure?.per === "week"
        ? ("weeks" as const)
        : ("days" as const),
    target: measure?.target ?? null,
    unit: measure?.unit ?? null,
    per: measure?.per ?? null,
    atMost: measure?.atMost ?? false,
  };
}

export type HabitSummary = ReturnType<typeof habitSummary>;

export function habitSummaries(habits: Habit[], today: LocalDay): HabitSummary[] {
  const numbers = habitDayNumbers(habits, today);
  return habits.map((h) => habitSummaryFrom(h, numbers.get(h.id)!));
}
