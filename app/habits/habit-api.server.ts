import type { Habit } from "../../db/schema";
import type { LocalDay } from "~/utils/local-time";
import { habitHistories } from "./habit-history.server";
import { currentSchedule, describeSchedule, scheduleFields } from "./habit-rules";
import { habitNumbers, type HabitHistory } from "./habit-stats";

/** A habit as the /api and the pages show it: its schedule and its numbers. */
export function habitSummary(habit: Habit, history: HabitHistory, today: LocalDay) {
  const schedule = currentSchedule(habit);
  return {
    id: habit.id,
    title: habit.title,
    ...scheduleFields(schedule),
    schedule: describeSchedule(schedule),
    time: habit.dueTime,
    active: habit.active,
    startDate: habit.startDate,
    stoppedOn: habit.stoppedOn,
    ...habitNumbers(history, today),
    streakUnit: "timesPerWeek" in schedule ? ("weeks" as const) : ("days" as const),
  };
}

export type HabitSummary = ReturnType<typeof habitSummary>;

export function habitSummaries(habits: Habit[], today: LocalDay): HabitSummary[] {
  const histories = habitHistories(habits, today);
  return habits.map((h) => habitSummary(h, histories.get(h.id)!, today));
}
