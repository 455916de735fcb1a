// What a Loop habit becomes here, decided before anything is written. Pure.
// - Frequency: Loop's "numerator times in denominator days". Daily (n/n) is every day; n/7 is n times
//   a week; any other period (2 in 3 days, once in 5, monthly) is the same rate a week, rounded, at
//   least once and at most every day. A numerical habit is every day, its target per day (1/1), per
//   week (n/7), or for another period scaled to a week.
// - Days: YES_MANUAL is done, SKIP is skipped, a numerical amount is the day's value (done as the
//   target says); YES_AUTO (a day Loop's frequency excused), NO and UNKNOWN are no check-in: the day
//   is left without a goal, unless it has a note, which is kept on a goal not done.
// - Loop's reminder is the habit's time of day.
// - Archived is stopped, the day after its last day. Days in the future or before HISTORY_FIRST_DAY
//   (date-window: older than Loop itself) are left out; older than the 5 years a person may name is kept.
import { dayDoneBy, NOTE_MAX, type Measure } from "~/habits/habit-measure";
import { HABIT_TITLE_MAX, UNIT_MAX, type HabitScheduleInput } from "~/habits/habit-schema";
import { isDayInHistory } from "~/utils/time/date-window";
import { addDays, type LocalDay } from "~/utils/time/local-time";
import type { LoopDay, LoopHabit } from "./loop-habits";

export type PlannedDay = {
  day: LocalDay;
  done: boolean;
  skipped: boolean;
  value: number | null;
  note: string | null;
};

export type PlannedHabit = {
  uuid: string | null;
  title: string;
  schedule: HabitScheduleInput;
  /** Loop's reminder as the habit's time; null for the evening check-in's. */
  time: string | null;
  measure: Measure | null;
  startDate: LocalDay;
  /** Null while active; an archived habit's day after its last. */
  stoppedOn: LocalDay | null;
  days: PlannedDay[];
  /** Days of the file left out: in the future, or too long ago. */
  leftOut: number;
};

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

/** Loop's frequency as a schedule here (see the head of this file). */
export function scheduleOfFrequency(numerator: number, denominator: number): HabitScheduleInput {
  if (numerator >= denominator) return { days: EVERY_DAY };
  const perWeek = denominator === 7 ? numerator : Math.round((numerator * 7) / denominator);
  const clamped = Math.min(7, Math.max(1, perWeek));
  return clamped === 7 ? { days: EVERY_DAY } : { timesPerWeek: clamped };
}

/** A numerical habit's target: per day for a daily frequency, else per week (scaled to 7 days). */
export function measureOfLoop(habit: LoopHabit): Measure | null {
  if (!habit.measured) return null;
  const { unit, target, atMost } = habit.measured;
  const daily = habit.denominator === 1 || habit.numerator >= habit.denominator;
  const weekly = daily ? target : (target * 7) / habit.denominator;
  return {
    unit: (unit.trim() || "times").slice(0, UNIT_MAX),
    target: Math.round(weekly * 100) / 100,
    per: daily ? "day" : "week",
    atMost,
  };
}

function plannedDay(day: LoopDay, measure: Measure | null): PlannedDay | null {
  const note = day.note.trim().slice(0, NOTE_MAX) || null;
  const base = { day: day.day, done: false, skipped: false, value: null, note };
  if (day.mark === "skip") return { ...base, skipped: true };
  if (measure && day.amount !== null)
    return { ...base, value: day.amount, done: dayDoneBy(measure, day.amount) };
  if (day.mark === "yes") return { ...base, done: true };
  return note ? base : null;
}

export function planHabit(habit: LoopHabit, today: LocalDay): PlannedHabit {
  const measure = measureOfLoop(habit);
  const inWindow = habit.days.filter((d) => d.day <= today && isDayInHistory(d.day, today));
  const days = inWindow.flatMap((d) => plannedDay(d, measure) ?? []);
  const first = inWindow[0]?.day ?? today;
  const last = inWindow.at(-1)?.day ?? today;
  return {
    uuid: habit.uuid,
    title: habit.name.slice(0, HABIT_TITLE_MAX),
    schedule: measure
      ? { days: EVERY_DAY }
      : scheduleOfFrequency(habit.numerator, habit.denominator),
    time: habit.reminder,
    measure,
    startDate: first,
    stoppedOn: habit.archived ? (last < today ? addDays(last, 1) : today) : null,
    days,
    leftOut: habit.days.length - inWindow.length,
  };
}
