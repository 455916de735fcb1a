// A measured habit's numbers, by Loop Habit Tracker's rule for numerical habits: each due day (or,
// for a weekly target, each week) moves strength by the share of the target reached, and counts for
// the streak when it meets the target. Pure, on local calendar days, as habit-stats.ts.
import { clampToHistory } from "~/utils/time/date-window";
import { dayNumber, type LocalDay } from "~/utils/time/local-time";
import { weekStartNumber } from "~/utils/time/week-start";
import { meetsTarget, shareReached, type Measure } from "./habit-measure";
import type { HabitHistory } from "./habit-stats";
import { bestStreakOf, streakOf, type StreakStatus } from "./streaks";

const DAY_MS = 86_400_000;
const toDay = (n: number): LocalDay => new Date(n * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (n: number) => (n + 4) % 7;

/** One due day, or one week of a weekly target: its share reached, and whether it is decided yet. */
export type MeasuredOccasion = {
  /** Its last day (a week's last day), when it is counted. */
  day: number;
  share: number;
  status: StreakStatus;
  multiplier: number;
};

/** Loop's daily multiplier 0.5^(sqrt(f)/13), taken once per occasion: m^(1/f) decays as a week of days. */
const multiplierFor = (dueDaysPerWeek: number) => {
  const f = Math.max(dueDaysPerWeek, 1) / 7;
  return Math.pow(0.5, 1 / (13 * Math.sqrt(f)));
};

type DayEntry = { outcome: string; value: number | null };

function entriesByDay(history: HabitHistory) {
  const byDay = new Map<number, DayEntry>();
  for (const d of history.days)
    byDay.set(dayNumber(d.day), { outcome: d.outcome, value: d.value ?? null });
  return byDay;
}

function span(history: HabitHistory, today: LocalDay) {
  const t = dayNumber(today);
  const start = dayNumber(clampToHistory(history.start, today));
  const lastDue = history.stoppedOn ? Math.min(dayNumber(history.stoppedOn) - 1, t) : t;
  return { t, start, lastDue };
}

/** A daily target: each day the schedule asks for (or that has a value), in order. */
function dailyOccasions(history: HabitHistory, measure: Measure, today: LocalDay) {
  const { t, start, lastDue } = span(history, today);
  const entries = entriesByDay(history);
  const spans = history.schedules.map((s) => ({ from: dayNumber(s.from), schedule: s.schedule }));
  const occasions: MeasuredOccasion[] = [];
  let i = 0;
  for (let n = start; n <= lastDue; n++) {
    while (i + 1 < spans.length && spans[i + 1]!.from <= n) i++;
    const schedule = spans[i]?.schedule ?? { days: [] };
    const entry = entries.get(n);
    const weekly = "timesPerWeek" in schedule;
    const due = !weekly && schedule.days.includes(weekdayOf(n));
    if (entry?.outcome === "skipped" || history.paused?.isPaused(n)) continue;
    if (!due && (entry?.value ?? null) === null) continue;
    const multiplier = multiplierFor(weekly ? schedule.timesPerWeek : schedule.days.length);
    // A day checked off without a value ("done") counts as its target reached (conventions v5).
    const value = entry?.value ?? null;
    const checked = entry?.outcome === "done";
    const met = value !== null ? meetsTarget(measure, value) : checked;
    const share = value !== null ? shareReached(measure, value) : checked ? 1 : 0;
    const status = met ? "met" : n >= t ? "pending" : "missed";
    occasions.push({ day: n, share, status, multiplier });
  }
  return occasions;
}

/** A weekly target: each week's total against it (the owner's weeks); this week stays open until met. */
function weeklyOccasions(history: HabitHistory, measure: Measure, today: LocalDay) {
  const { t, start, lastDue } = span(history, today);
  if (start > lastDue) return [];
  const totals = new Map<number, number>();
  for (const d of history.days) {
    const n = dayNumber(d.day);
    if (d.value === null || d.value === undefined || n < start || n > lastDue) continue;
    const week = weekStartNumber(n, history.weekStartsOn);
    totals.set(week, (totals.get(week) ?? 0) + d.value);
  }
  const multiplier = multiplierFor(1);
  const occasions: MeasuredOccasion[] = [];
  for (let week = weekStartNumber(start, history.weekStartsOn); week <= lastDue; week += 7) {
    const total = totals.get(week) ?? 0;
    const last = Math.min(week + 6, lastDue);
    const met = meetsTarget(measure, total);
    const open = week + 6 >= t && !history.stoppedOn;
    const status = weekStatus(measure.atMost, met, open);
    // A week with a paused day is not asked to reach its target (a pause freezes the streak).
    if (status !== "met" && pausedWithin(history, week, last)) continue;
    occasions.push({ day: last, share: shareReached(measure, total), status, multiplier });
  }
  return occasions;
}

function pausedWithin(history: HabitHistory, from: number, to: number) {
  for (let n = from; n <= to; n++) if (history.paused?.isPaused(n)) return true;
  return false;
}

/** At least: met once reached. At most: missed once exceeded, met only when the week is over. */
function weekStatus(atMost: boolean, met: boolean, open: boolean): MeasuredOccasion["status"] {
  if (atMost) return !met ? "missed" : open ? "pending" : "met";
  return met ? "met" : open ? "pending" : "missed";
}

export function measuredOccasions(history: HabitHistory, measure: Measure, today: LocalDay) {
  return measure.per === "week"
    ? weeklyOccasions(history, measure, today)
    : dailyOccasions(history, measure, today);
}

/** An occasion still under way moves nothing yet. */
const step = (score: number, o: MeasuredOccasion) =>
  o.status === "pending" ? score : score * o.multiplier + o.share * (1 - o.multiplier);

/** Loop's numerical habits start an at-most habit's score at full, an at-least one at nothing. */
const initialScore = (measure: Measure) => (measure.atMost ? 1 : 0);

/** Streak, best streak and strength (0–100) of a measured habit. */
export function measuredNumbers(history: HabitHistory, measure: Measure, today: LocalDay) {
  const occasions = measuredOccasions(history, measure, today);
  return {
    streak: streakOf(occasions),
    bestStreak: bestStreakOf(occasions),
    strength: Math.round(occasions.reduce(step, initialScore(measure)) * 100),
  };
}

/** Strength at the end of each day (each week for a habit older than 90 days), over the last year. */
export function measuredStrengthSeries(history: HabitHistory, measure: Measure, today: LocalDay) {
  const { t, start } = span(history, today);
  if (start > t) return [];
  const from = Math.max(start, t - 364);
  const every = t - start <= 90 ? 1 : 7;
  const samples: number[] = [];
  for (let n = t; n >= from; n -= every) samples.unshift(n);
  const occasions = measuredOccasions(history, measure, today);
  let score = initialScore(measure);
  let i = 0;
  return samples.map((n) => {
    while (i < occasions.length && occasions[i]!.day <= n) score = step(score, occasions[i++]!);
    return { day: toDay(n), strength: Math.round(score * 100) };
  });
}

/** Each of the last `count` days' value (null when none was given), oldest first, for the chart. */
export function dailyValues(history: HabitHistory, today: LocalDay, count = 30) {
  const values = new Map(history.days.map((d) => [d.day, d.value ?? null]));
  const t = dayNumber(today);
  return Array.from({ length: count }, (_, i) => {
    const day = toDay(t - count + 1 + i);
    return { day, value: values.get(day) ?? null };
  });
}

/** The totals of the last `count` weeks (the owner's weeks, this one last), oldest first. */
export function weeklyTotals(history: HabitHistory, today: LocalDay, count = 12) {
  const thisWeek = weekStartNumber(dayNumber(today), history.weekStartsOn);
  const first = thisWeek - 7 * (count - 1);
  const totals = new Array<number>(count).fill(0);
  for (const d of history.days) {
    if (d.value === null || d.value === undefined) continue;
    const week = weekStartNumber(dayNumber(d.day), history.weekStartsOn);
    if (week >= first && week <= thisWeek) totals[(week - first) / 7]! += d.value;
  }
  return totals.map((total, i) => ({ weekStart: toDay(first + 7 * i), total }));
}
