// Which of a person's local days a pause covers. A paused day is neither due nor missed: every streak
// (goals' and habits') reads its days through `pausedDays`, so a pause neither breaks nor extends one.
import { dayNumber, type LocalDay } from "~/utils/time/local-time";

/** A pause on local days, both ends included; `to` null while it lasts until the person resumes. */
export type PauseSpan = { from: LocalDay; to: LocalDay | null };

export type PausedDays = {
  isPaused: (day: number) => boolean;
  /**
   * A day's place on the person's unpaused calendar: consecutive unpaused days have consecutive ranks
   * with any pause between them, and a paused day shares the rank of the last unpaused day before it.
   */
  rank: (day: number) => number;
};

/** Spans as sorted, disjoint ranges of day numbers; an open pause runs on for ever. */
function mergedRanges(spans: PauseSpan[]) {
  const ranges = spans
    .map((s) => ({ from: dayNumber(s.from), to: s.to === null ? Infinity : dayNumber(s.to) }))
    .filter((r) => r.to >= r.from)
    .sort((a, b) => a.from - b.from);
  const merged: { from: number; to: number }[] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range.from <= last.to + 1) last.to = Math.max(last.to, range.to);
    else merged.push({ ...range });
  }
  return merged;
}

export function pausedDays(spans: PauseSpan[]): PausedDays {
  const ranges = mergedRanges(spans);
  if (ranges.length === 0) return NO_PAUSES;
  return {
    isPaused: (day) => ranges.some((r) => day >= r.from && day <= r.to),
    rank: (day) => {
      let paused = 0;
      for (const r of ranges) {
        if (r.from > day) break;
        paused += Math.min(r.to, day) - r.from + 1;
      }
      return day - paused;
    },
  };
}

export const NO_PAUSES: PausedDays = { isPaused: () => false, rank: (day) => day };
