// A habit's numbers, fair to its schedule: streaks count only the days (or weeks) it was due, and
// strength is Loop Habit Tracker's exponentially smoothed score. Pure, on local calendar days, so a
// DST change (a 23- or 25-hour day) is one day like any other.
import type { HabitSchedule } from "~/replies/interpret-habits";
import { NO_PAUSES, type PausedDays } from "~/users/paused-days";
import { clampToHistory } from "~/utils/time/date-window";
import { dayNumber, type LocalDay } from "~/utils/time/local-time";
import { weekStartNumber, type WeekStart } from "~/utils/time/week-start";
import type { Measure } from "./habit-measure";
import { measuredNumbers, measuredStrengthSeries } from "./measured-stats";
import { bestStreakOf, streakOf, type StreakStatus } from "./streaks";

export type { HabitSchedule };

/** What happened to a habit on a day it has a goal: "open" only for today's, "missed" for a past one. */
export type DayOutcome = "done" | "skipped" | "missed" | "open";
/** `value`: a measured habit's amount that day, when one was given. */
export type HabitDay = { day: LocalDay; outcome: DayOutcome; value?: number | null };
/** A schedule holds from its day on, until the next one. */
export type ScheduleSpan = { from: LocalDay; schedule: HabitSchedule };
export type HabitHistory = {
  start: LocalDay;
  schedules: ScheduleSpan[];
  /** The habit's goals, oldest first. */
  days: HabitDay[];
  stoppedOn: LocalDay | null;
  /** The owner's first day of the week: a times-per-week habit's weeks and the heatmap's columns. */
  weekStartsOn: WeekStart;
  /** A measured habit's target: its numbers follow measured-stats.ts. */
  measure?: Measure | null;
  /** The owner's paused days: neither due nor missed, whatever was recorded on them. */
  paused?: PausedDays;
  /** A habit to avoid: a past due day with no goal made was kept (only a reported slip misses). */
  avoid?: boolean;
};

const DAY_MS = 86_400_000;
const toDay = (n: number): LocalDay => new Date(n * DAY_MS).toISOString().slice(0, 10);
// Day 0 (1970-01-01) was a Thursday; 0 = Sunday as in Date#getDay.
const weekdayOf = (n: number) => (n + 4) % 7;

export function isScheduledOn(schedule: HabitSchedule, day: LocalDay) {
  return "timesPerWeek" in schedule || schedule.days.includes(weekdayOf(dayNumber(day)));
}

/** Whether a habit becomes a goal on a day: its weekday, or its weekly count not met yet. */
export function dueToday(schedule: HabitSchedule, day: LocalDay, doneThisWeek: number) {
  return "timesPerWeek" in schedule
    ? doneThisWeek < schedule.timesPerWeek
    : schedule.days.includes(weekdayOf(dayNumber(day)));
}

/**
 * Loop's score moves by m = 0.5^(sqrt(f)/13) a day, f being the share of days the habit is due. We
 * move it once per due occasion instead, by m^(1/f), which decays the same amount over a week.
 */
const occasionMultiplier = (schedule: HabitSchedule) => {
  const perWeek = "timesPerWeek" in schedule ? schedule.timesPerWeek : schedule.days.length;
  const f = Math.max(perWeek, 1) / 7;
  return Math.pow(0.5, 1 / (13 * Math.sqrt(f)));
};

type Occasion = { day: number; done: boolean; multiplier: number };
/** A due day, or a week of a times-per-week habit: met, missed, or still under way. */
type Unit = { status: StreakStatus; occasions: Occasion[] };

type Week = {
  first: number;
  last: number;
  timesPerWeek: number;
  multiplier: number;
  done: number[];
  skipped: number;
};

function closeWeek(week: Week, today: number): Unit | null {
  const available = week.last - week.first + 1;
  const target = Math.max(0, Math.min(week.timesPerWeek, available - week.skipped));
  if (target === 0) return null;
  const done = week.done.slice(0, target).map((day) => ({
    day,
    done: true,
    multiplier: week.multiplier,
  }));
  if (done.length >= target) return { status: "met", occasions: done };
  if (week.last >= today) return { status: "pending", occasions: done };
  const misses = Array.from({ length: target - done.length }, () => ({
    day: week.last,
    done: false,
    multiplier: week.multiplier,
  }));
  return { status: "missed", occasions: [...done, ...misses] };
}

type Walk = {
  units: Unit[];
  outcomeOn: (n: number) => DayOutcome | undefined;
  scheduleAt: (n: number) => HabitSchedule;
  start: number;
  lastDue: number;
};

/**
 * Each day's outcome by day number (the last one given for a day): an array over the days' span, a
 * lookup far cheaper than a Map's over a walk of years; a Map where the days lie far apart.
 */
function outcomeLookup(numbers: number[], days: HabitDay[]) {
  if (numbers.length === 0) return () => undefined;
  let low = Infinity;
  let high = -Infinity;
  for (const n of numbers) {
    if (n < low) low = n;
    if (n > high) high = n;
  }
  const span = high - low + 1;
  if (!(span >= 1 && span <= 4 * numbers.length + 400)) {
    const byDay = new Map<number, DayOutcome>();
    numbers.forEach((n, i) => byDay.set(n, days[i]!.outcome));
    return (n: number) => byDay.get(n);
  }
  const byDay = new Array<DayOutcome | undefined>(span).fill(undefined);
  numbers.forEach((n, i) => {
    if (Number.isInteger(n)) byDay[n - low] = days[i]!.outcome;
  });
  return (n: number) => byDay[n - low];
}

/** The habit's due days and weeks from its start to today, in order. */
function walk(history: HabitHistory, today: LocalDay): Walk {
  const t = dayNumber(today);
  const weekOf = (n: number) => weekStartNumber(n, history.weekStartsOn);
  // A start before the history window (imported from Loop's first years, or bad data) is walked from its first day.
  const start = dayNumber(clampToHistory(history.start, today));
  const spans = history.schedules.map((s) => ({
    from: dayNumber(s.from),
    schedule: s.schedule,
    multiplier: occasionMultiplier(s.schedule),
  }));
  const spanIndexAt = (n: number) => {
    let i = 0;
    while (i + 1 < spans.length && spans[i + 1]!.from <= n) i++;
    return i;
  };
  const scheduleAt = (n: number): HabitSchedule => spans[spanIndexAt(n)]?.schedule ?? { days: [] };
  const numbers = history.days.map((d) => dayNumber(d.day));
  const outcomeOn = outcomeLookup(numbers, history.days);
  // Stopping drops the open goal of that day, so a stopped habit was last due the day before.
  const lastDue = history.stoppedOn ? Math.min(dayNumber(history.stoppedOn) - 1, t) : t;
  const paused = history.paused ?? NO_PAUSES;
  let last = lastDue;
  for (const n of numbers) if (n <= t && n > last) last = n;

  const units: Unit[] = [];
  // Cast so the closure's writes are not narrowed away.
  let week = null as (Week & { span: number }) | null;
  const flushWeek = () => {
    const unit = week && closeWeek(week, t);
    if (unit) units.push(unit);
    week = null;
  };
  let span = spanIndexAt(start);
  for (let n = start; n <= last; n++) {
    while (span + 1 < spans.length && spans[span + 1]!.from <= n) span++;
    const schedule = spans[span]?.schedule ?? { days: [] };
    const outcome = outcomeOn(n);
    if (outcome === undefined && n > lastDue) continue;
    if ("timesPerWeek" in schedule) {
      if (week && (weekOf(n) !== weekOf(week.first) || week.span !== span)) flushWeek();
      if (!week) {
        const nextSpan: number = spans[span + 1]?.from ?? Infinity;
        const stopped = history.stoppedOn ? lastDue : Infinity;
        week = {
          span,
          first: n,
          last: Math.min(weekOf(n) + 6, nextSpan - 1, stopped),
          timesPerWeek: schedule.timesPerWeek,
          multiplier: spans[span]!.multiplier,
          done: [],
          skipped: 0,
        };
      }
      // A paused day is one the week cannot be asked to hold, like a skipped one.
      if (paused.isPaused(n)) week!.skipped += 1;
      else if (outcome === "done") week!.done.push(n);
      else if (outcome === "skipped") week!.skipped += 1;
      continue;
    }
    flushWeek();
    if (paused.isPaused(n)) continue;
    if (outcome === undefined && !schedule.days.includes(weekdayOf(n))) continue;
    if (outcome === "skipped") continue;
    const multiplier = spans[span]?.multiplier ?? occasionMultiplier(schedule);
    if (outcome === "done" || (outcome === undefined && history.avoid && n < t))
      units.push({ status: "met", occasions: [{ day: n, done: true, multiplier }] });
    // Today is under way, unless it is already missed (a slip on a habit to avoid).
    else if (n >= t && outcome !== "missed") units.push({ status: "pending", occasions: [] });
    else units.push({ status: "missed", occasions: [{ day: n, done: false, multiplier }] });
  }
  flushWeek();
  return { units, outcomeOn, scheduleAt, start, lastDue };
}

/** Streak, best streak and strength from one pass over the history. */
export function habitNumbers(history: HabitHistory, today: LocalDay) {
  if (history.measure) return measuredNumbers(history, history.measure, today);
  const { units } = walk(history, today);
  return {
    streak: streakOf(units),
    bestStreak: bestStreakOf(units),
    strength: percent(occasionsOf(units).reduce(step, 0)),
  };
}

/** Due days (or weeks met) done in a row up to today; today's or this week's, still open, breaks nothing. */
export const currentStreak = (history: HabitHistory, today: LocalDay) =>
  streakOf(walk(history, today).units);

export const bestStreak = (history: HabitHistory, today: LocalDay) =>
  bestStreakOf(walk(history, today).units);

const byDayDoneFirst = (a: Occasion, b: Occasion) =>
  a.day - b.day || Number(b.done) - Number(a.done);

/** Every occasion, by day (done before missed on one day); the walk yields them in that order already. */
function occasionsOf(units: Unit[]) {
  const occasions: Occasion[] = [];
  let sorted = true;
  for (const unit of units) {
    for (const occasion of unit.occasions) {
      const previous = occasions[occasions.length - 1];
      if (previous && byDayDoneFirst(previous, occasion) > 0) sorted = false;
      occasions.push(occasion);
    }
  }
  return sorted ? occasions : occasions.sort(byDayDoneFirst);
}

const step = (score: number, o: Occasion) => score * o.multiplier + (o.done ? 1 - o.multiplier : 0);

const percent = (score: number) => Math.round(score * 100);

/** Loop's habit strength, 0–100: each due occasion done pulls it up, each miss lets it decay. */
export function strength(history: HabitHistory, today: LocalDay): number {
  return percent(occasionsOf(walk(history, today).units).reduce(step, 0));
}

/** Strength at the end of each day (each week for a habit older than 90 days), over the last year. */
export function strengthSeries(history: HabitHistory, today: LocalDay) {
  if (history.measure) return measuredStrengthSeries(history, history.measure, today);
  const { units, start } = walk(history, today);
  const t = dayNumber(today);
  if (start > t) return [];
  const from = Math.max(start, t - 364);
  const every = t - start <= 90 ? 1 : 7;
  const samples: number[] = [];
  for (let n = t; n >= from; n -= every) samples.unshift(n);
  const occasions = occasionsOf(units);
  let score = 0;
  let i = 0;
  return samples.map((n) => {
    while (i < occasions.length && occasions[i]!.day <= n) score = step(score, occasions[i++]!);
    return { day: toDay(n), strength: percent(score) };
  });
}

export type HeatmapCell = { day: LocalDay; scheduled: boolean; outcome: DayOutcome | null };

/**
 * 53 weeks of days, starting on the owner's first day, ending with the last day of this week. A times-per-week habit has
 * no due day of its own, so only its days done and skipped show.
 */
export function yearHeatmap(history: HabitHistory, today: LocalDay): HeatmapCell[] {
  const { outcomeOn, scheduleAt, start, lastDue } = walk(history, today);
  const t = dayNumber(today);
  const first = weekStartNumber(t, history.weekStartsOn) - 52 * 7;
  const stopped = history.stoppedOn !== null;
  const paused = history.paused ?? NO_PAUSES;
  return Array.from({ length: 371 }, (_, i) => {
    const n = first + i;
    const schedule = scheduleAt(n);
    const weekly = "timesPerWeek" in schedule;
    const inRange = n >= start && (n <= lastDue || (n > t && !stopped));
    const scheduled = inRange && !weekly && schedule.days.includes(weekdayOf(n));
    let outcome = outcomeOn(n) ?? null;
    const unasked = weekly || paused.isPaused(n);
    if (unasked && (outcome === "missed" || outcome === "open")) outcome = null;
    if (outcome === null && scheduled && !unasked && n <= t) outcome = n < t ? "missed" : "open";
    return { day: toDay(n), scheduled, outcome };
  });
}

/** Days done and skipped, and due occasions missed (a due day with no goal at all counts too). */
export function dayCounts(history: HabitHistory, today: LocalDay) {
  const count = (outcome: DayOutcome) => history.days.filter((d) => d.outcome === outcome).length;
  const missed = walk(history, today)
    .units.flatMap((u) => u.occasions)
    .filter((o) => !o.done).length;
  return { done: count("done"), skipped: count("skipped"), missed };
}
