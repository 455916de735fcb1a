import type { Goal, Habit } from "../../db/schema";
import { scheduleSpans } from "~/habits/habit-rules";
import type { HabitSchedule } from "~/habits/habit-stats";
import { dueToday } from "~/habits/habit-stats";
import { formatClockTime } from "~/utils/time/format";
import { addDays, localDay, zonedInstant, type LocalDay } from "~/utils/time/local-time";
import type { CalendarEvent } from "./ical";

/** How far ahead the feed shows habits and check-ins, today included. */
export const FEED_DAYS = 15;
const CHECK_IN_MINUTES = 10;

export type FeedOwner = {
  timezone: string;
  preferredCheckInTimeMorning: string;
  preferredCheckInTimeEvening: string;
  sendCheckInReminders: boolean;
};

type FeedGoal = Pick<
  Goal,
  "id" | "description" | "dueDate" | "completedAt" | "skippedAt" | "habitId" | "habitDay"
>;
type FeedHabit = Pick<Habit, "id" | "title" | "schedules" | "dueTime" | "startDate" | "active">;

/**
 * The feed's events from today on: every goal set for those days at its due time, each habit on the
 * days its schedule names (where no goal stands for it yet) at its time or the evening check-in, and
 * the morning and evening check-ins while the user gets them. A habit due some times a week has no
 * fixed day: it shows once it becomes the day's goal.
 */
export function feedEvents(
  owner: FeedOwner,
  today: LocalDay,
  goals: FeedGoal[],
  habits: FeedHabit[],
): CalendarEvent[] {
  const days = Array.from({ length: FEED_DAYS }, (_, i) => addDays(today, i));
  return [
    ...goals.map((goal) => goalEvent(goal, owner.timezone)),
    ...days.flatMap((day) => habitEvents(owner, day, habits, goals)),
    ...(owner.sendCheckInReminders ? days.flatMap((day) => checkInEvents(owner, day)) : []),
  ];
}

function goalEvent(goal: FeedGoal, timeZone: string): CalendarEvent {
  const done = goal.completedAt ? "Done: " : goal.skippedAt ? "Skipped: " : "";
  return {
    uid: `goal-${goal.id}`,
    summary: `${done}${goal.description}`,
    description: `Goal due ${localDay(goal.dueDate, timeZone)}. Reply DONE to your coach when it's done.`,
    start: goal.dueDate,
    minutes: 15,
    status: goal.skippedAt ? "CANCELLED" : "CONFIRMED",
  };
}

function habitEvents(
  owner: FeedOwner,
  day: LocalDay,
  habits: FeedHabit[],
  goals: FeedGoal[],
): CalendarEvent[] {
  return habits
    .filter((habit) => habit.active && habit.startDate <= day)
    .filter((habit) => !goals.some((g) => g.habitId === habit.id && g.habitDay === day))
    .filter((habit) => {
      const schedule = scheduleOn(habit, day);
      return schedule !== null && "days" in schedule && dueToday(schedule, day, 0);
    })
    .map((habit) => ({
      uid: `habit-${habit.id}-${day}`,
      summary: habit.title,
      description: "Habit due today.",
      start: zonedInstant(day, habit.dueTime ?? owner.preferredCheckInTimeEvening, owner.timezone),
      minutes: 15,
    }));
}

function scheduleOn(habit: FeedHabit, day: LocalDay): HabitSchedule | null {
  const spans = scheduleSpans(habit);
  return spans.filter((s) => s.from <= day).at(-1)?.schedule ?? spans[0]?.schedule ?? null;
}

function checkInEvents(owner: FeedOwner, day: LocalDay): CalendarEvent[] {
  const at = (time: string) => zonedInstant(day, time, owner.timezone);
  return [
    {
      uid: `check-in-morning-${day}`,
      summary: "Morning check-in",
      description: `Your coach texts at ${formatClockTime(owner.preferredCheckInTimeMorning)} to ask for today's goals.`,
      start: at(owner.preferredCheckInTimeMorning),
      minutes: CHECK_IN_MINUTES,
    },
    {
      uid: `check-in-evening-${day}`,
      summary: "Evening check-in",
      description: `Your coach texts at ${formatClockTime(owner.preferredCheckInTimeEvening)} to ask how the day went.`,
      start: at(owner.preferredCheckInTimeEvening),
      minutes: CHECK_IN_MINUTES,
    },
  ];
}
