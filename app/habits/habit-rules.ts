// Pure rules about a habit's schedule, shared by the pages, the /api, texts and the scheduler.
import type { Habit, HabitScheduleSpan } from "../../db/schema";
import type { HabitScheduleInput } from "./habit-schema";
import { weekdayLabels, weekdaysInOrder } from "~/utils/time/week-start";
import type { HabitSchedule, ScheduleSpan } from "./habit-stats";

/** Indexed by Date#getUTCDay, 0 = Sunday. */
const WEEKDAY_SHORT = weekdayLabels("sunday", "short");

export function scheduleSpan(from: string, schedule: HabitScheduleInput): HabitScheduleSpan {
  return "days" in schedule
    ? { from, days: [...schedule.days] }
    : { from, timesPerWeek: schedule.timesPerWeek };
}

/** A restarted habit was due on no day while it was stopped, so the pause costs no streak. */
export function pausedBetween(
  spans: HabitScheduleSpan[],
  stoppedOn: string,
  restartedOn: string,
): HabitScheduleSpan[] {
  const current = spans.at(-1);
  if (!current) return spans;
  return [
    ...spans.filter((s) => s.from < stoppedOn),
    { from: stoppedOn, days: [] },
    { ...current, from: restartedOn },
  ];
}

const toSchedule = (span: HabitScheduleSpan): HabitSchedule =>
  span.timesPerWeek !== undefined ? { timesPerWeek: span.timesPerWeek } : { days: span.days ?? [] };

export function currentSchedule(habit: Pick<Habit, "schedules">): HabitSchedule {
  const last = habit.schedules.at(-1);
  return last ? toSchedule(last) : { days: [] };
}

export function scheduleSpans(habit: Pick<Habit, "schedules">): ScheduleSpan[] {
  return habit.schedules.map((span) => ({ from: span.from, schedule: toSchedule(span) }));
}

/** "every day", "weekdays", "weekends", "Mon, Wed, Fri", "3 times a week". */
export function describeSchedule(schedule: HabitSchedule): string {
  if ("timesPerWeek" in schedule)
    return schedule.timesPerWeek === 1 ? "once a week" : `${schedule.timesPerWeek} times a week`;
  const key = schedule.days.join(",");
  if (key === "0,1,2,3,4,5,6") return "every day";
  if (key === "1,2,3,4,5") return "weekdays";
  if (key === "0,6") return "weekends";
  // Monday first whatever the user's calendar shows, as people say it ("Mon, Wed, Sun").
  return weekdaysInOrder("monday")
    .filter((d) => schedule.days.includes(d))
    .map((d) => WEEKDAY_SHORT[d])
    .join(", ");
}

/** The fields every /api answer and page shows of a schedule. */
export function scheduleFields(schedule: HabitSchedule) {
  return "timesPerWeek" in schedule
    ? { days: null, timesPerWeek: schedule.timesPerWeek }
    : { days: schedule.days, timesPerWeek: null };
}
