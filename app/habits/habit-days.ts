// Checking a habit off by day, as in Loop: which days a page offers, and what its buttons ask. Pure.
import { isCalendarDay } from "~/utils/time/date-window";
import { addDays, type LocalDay } from "~/utils/time/local-time";
import type { DayOutcome, HabitHistory, HeatmapCell } from "./habit-stats";

/** The days the habit's page lets a person set: today and the six before it. */
export const DAYS_TO_SET = 7;

export type DayToggle = {
  day: LocalDay;
  done: boolean;
  outcome: DayOutcome | null;
  scheduled: boolean;
  /** False before the habit's start, and from the day it was stopped. */
  settable: boolean;
};

type Span = { startDate: LocalDay; stoppedOn: LocalDay | null };

export function canSetDay(habit: Span, day: LocalDay, today: LocalDay) {
  return day <= today && day >= habit.startDate && (!habit.stoppedOn || day < habit.stoppedOn);
}

/** The last week's days, oldest first, read from the heatmap the page already draws. */
export function lastDays(cells: HeatmapCell[], habit: Span, today: LocalDay): DayToggle[] {
  const first = addDays(today, -(DAYS_TO_SET - 1));
  return cells
    .filter((c) => c.day >= first && c.day <= today)
    .map((c) => ({
      day: c.day,
      done: c.outcome === "done",
      outcome: c.outcome,
      scheduled: c.scheduled,
      settable: canSetDay(habit, c.day, today),
    }));
}

/** Today's outcome when the habit has a goal today (it is due), else null: nothing to check off. */
export function todayOutcome(history: HabitHistory, today: LocalDay): DayOutcome | null {
  for (let i = history.days.length - 1; i >= 0; i--) {
    const { day, outcome } = history.days[i]!;
    if (day === today) return outcome;
    if (day < today) return null;
  }
  return null;
}

export type DayIntent = { day: LocalDay; done: boolean };

/** A toggle button's intent value: "done:2026-11-26" or "undo:2026-11-26". */
export const dayIntentValue = ({ day, done }: DayIntent) => `${done ? "done" : "undo"}:${day}`;

export function parseDayIntent(value: unknown): DayIntent | null {
  if (typeof value !== "string") return null;
  const match = /^(done|undo):(.+)$/.exec(value);
  if (!match || !isCalendarDay(match[2]!)) return null;
  return { day: match[2]!, done: match[1] === "done" };
}
