// A measured habit's target ("read 30 pages a day", "at most 2 coffees a day", "run 15 km a week")
// and what a day's or a week's amount makes of it. Pure; the pages, the /api and texts share it.
import type { Habit } from "../../db/schema";

export type Measure = { unit: string; target: number; per: "day" | "week"; atMost: boolean };

/** The habit's target, or null for a yes/no habit. */
export function measureOf(
  habit: Pick<Habit, "unit" | "target" | "targetPer" | "atMost">,
): Measure | null {
  if (habit.unit === null || habit.target === null) return null;
  return {
    unit: habit.unit,
    target: habit.target,
    per: habit.targetPer ?? "day",
    atMost: habit.atMost,
  };
}

/** Whether an amount (a day's, or a week's total for a weekly target) meets the target. */
export const meetsTarget = (measure: Measure, amount: number) =>
  measure.atMost ? amount <= measure.target : amount >= measure.target;

/**
 * Loop's share of the target reached, 0 to 1: at least, the amount over the target; at most, full
 * marks within it, falling to nothing at twice the target.
 */
export function shareReached(measure: Measure, amount: number) {
  const { target } = measure;
  const clamp = (x: number) => Math.min(1, Math.max(0, x));
  if (!measure.atMost) return target > 0 ? clamp(amount / target) : 1;
  if (target > 0) return clamp(1 - (amount - target) / target);
  return amount > 0 ? 0 : 1;
}

/**
 * Whether a day's value checks the day's goal off: a daily target, when it is met; a weekly one,
 * when some of it was done that day (at most: when the day was counted at all).
 */
export function dayDoneBy(measure: Measure, value: number) {
  if (measure.per === "day") return meetsTarget(measure, value);
  return measure.atMost || value > 0;
}

/** 35 → "35", 3.25 → "3.25", 2.5 → "2.5": no trailing zeros, at most two decimals. */
export const formatAmount = (amount: number) => String(Math.round(amount * 100) / 100);

/** "30 pages a day", "at most 2 coffees a day", "15 km a week". */
export function describeMeasure(measure: Measure) {
  const amount = `${formatAmount(measure.target)} ${measure.unit}`;
  return `${measure.atMost ? "at most " : ""}${amount} a ${measure.per}`;
}

/** A day's value against a daily target, "35 of 30 pages ✓"; against a weekly one, the week's total. */
export function describeValue(measure: Measure, value: number, weekTotal = value) {
  const amount = measure.per === "day" ? value : weekTotal;
  const mark = meetsTarget(measure, amount) ? " ✓" : "";
  const of = `${formatAmount(amount)} of ${measure.atMost ? "at most " : ""}${formatAmount(measure.target)} ${measure.unit}`;
  return measure.per === "day" ? `${of}${mark}` : `${of} this week${mark}`;
}

export const MAX_AMOUNT = 1_000_000;
export const NOTE_MAX = 500;
