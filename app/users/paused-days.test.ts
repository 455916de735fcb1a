import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { longestStreakOfDayNumbers, streakOfDayNumbers } from "~/goals/goal-rules";
import { habitNumbers, type DayOutcome, type HabitHistory } from "~/habits/habit-stats";
import { addDays, dayNumber } from "~/utils/time/local-time";
import { NO_PAUSES, pausedDays } from "./paused-days";

const day = (n: number) => addDays("2026-01-01", n);
const pauseOf = (from: number, to: number | null) =>
  pausedDays([{ from: day(from), to: to === null ? null : day(to) }]);
// Day numbers as the streak rule reads them (days since 1970), newest first.
const numbers = (days: number[]) => [...days].sort((a, b) => b - a).map((d) => dayNumber(day(d)));
const goalStreaks = (days: number[], today: number, paused = NO_PAUSES) => ({
  current: streakOfDayNumbers(numbers(days), dayNumber(day(today)), paused),
  longest: longestStreakOfDayNumbers(numbers(days), paused),
});

/** Days 0..today with completions; a pause of `length` days inserted before day `at` shifts the rest. */
const history = fc
  .record({
    today: fc.integer({ min: 1, max: 60 }),
    done: fc.array(fc.boolean(), { minLength: 61, maxLength: 61 }),
    at: fc.integer({ min: 0, max: 61 }),
    length: fc.integer({ min: 1, max: 20 }),
  })
  .map(({ today, done, at, length }) => ({
    today,
    days: done.flatMap((d, i) => (d && i <= today ? [i] : [])),
    at: Math.min(at, today + 1),
    length,
  }));

describe("pausedDays", () => {
  it("ranks unpaused days one after another across a pause, a paused day like the day before it", () => {
    const paused = pausedDays([
      { from: day(3), to: day(5) },
      { from: day(5), to: day(6) },
      { from: day(10), to: null },
    ]);
    expect([2, 3, 6, 7, 9, 10, 400].map((d) => paused.isPaused(dayNumber(day(d))))).toEqual([
      false,
      true,
      true,
      false,
      false,
      true,
      true,
    ]);
    const rank = (d: number) => paused.rank(dayNumber(day(d))) - paused.rank(dayNumber(day(2)));
    expect([2, 3, 6, 7, 9, 10, 400].map(rank)).toEqual([0, 0, 0, 1, 3, 3, 3]);
  });

  it("ignores a pause that ends before it begins", () => {
    expect(pausedDays([{ from: day(5), to: day(4) }]).isPaused(dayNumber(day(5)))).toBe(false);
  });
});

describe("the goals' streak with pauses", () => {
  it("a pause is no gap, and a streak stays current while the pause lasts", () => {
    // Done on days 0 to 4, paused 5 to 9 (a week's vacation and a weekend), done again on 10.
    const paused = pauseOf(5, 9);
    expect(goalStreaks([0, 1, 2, 3, 4, 10], 10, paused)).toEqual({ current: 6, longest: 6 });
    expect(goalStreaks([0, 1, 2, 3, 4], 8, paused).current).toBe(5);
    expect(goalStreaks([0, 1, 2, 3, 4], 10, paused).current).toBe(5);
    expect(goalStreaks([0, 1, 2, 3, 4], 11, paused).current).toBe(0);
    // Without the pause the same days have a gap.
    expect(goalStreaks([0, 1, 2, 3, 4, 10], 10)).toEqual({ current: 1, longest: 5 });
  });

  it("an open pause (texts switched off) holds the streak for as long as it lasts", () => {
    expect(goalStreaks([0, 1, 2], 200, pauseOf(3, null)).current).toBe(3);
  });

  it("property: inserting a pause anywhere changes neither the current nor the longest streak", () => {
    fc.assert(
      fc.property(history, ({ today, days, at, length }) => {
        const shifted = days.map((d) => (d >= at ? d + length : d));
        const paused = pauseOf(at, at + length - 1);
        expect(goalStreaks(shifted, today + length, paused)).toEqual(goalStreaks(days, today));
      }),
    );
  });

  it("property: a completion on a paused day neither breaks nor extends a streak", () => {
    fc.assert(
      fc.property(history, ({ today, days, at, length }) => {
        const paused = pauseOf(at, at + length - 1);
        const pausedDay = (d: number) => d >= at && d < at + length;
        const withAll = [...days, ...Array.from({ length }, (_, i) => at + i)].filter(
          (d) => d <= today,
        );
        const withNone = days.filter((d) => !pausedDay(d));
        expect(goalStreaks(withAll, today, paused)).toEqual(goalStreaks(withNone, today, paused));
      }),
    );
  });
});

const EVERY_DAY = { days: [0, 1, 2, 3, 4, 5, 6] };
const outcome = fc.constantFrom<DayOutcome | null>("done", "done", "done", "skipped", null);

function habitHistory(
  outcomes: (DayOutcome | null)[],
  paused = NO_PAUSES,
  schedule: HabitHistory["schedules"][number]["schedule"] = EVERY_DAY,
): HabitHistory {
  return {
    start: day(0),
    schedules: [{ from: day(0), schedule }],
    days: outcomes.flatMap((o, i) => (o ? [{ day: day(i), outcome: o }] : [])),
    stoppedOn: null,
    weekStartsOn: "monday",
    paused,
  };
}

describe("a habit's numbers with pauses", () => {
  it("a paused day is neither due nor missed: the streak carries over the vacation", () => {
    const outcomes: (DayOutcome | null)[] = ["done", "done", "done", null, null, null, "done"];
    const today = day(6);
    expect(habitNumbers(habitHistory(outcomes, pauseOf(3, 5)), today).streak).toBe(4);
    expect(habitNumbers(habitHistory(outcomes), today).streak).toBe(1);
  });

  it("a times-per-week habit asks a paused week for nothing", () => {
    // Day 0 is Thursday 2026-01-01, day 4 Monday the 5th: week one done twice, week two paused whole, week three done twice.
    const outcomes = Array.from({ length: 26 }, (_, i): DayOutcome | null =>
      [4, 5, 18, 19].includes(i) ? "done" : null,
    );
    const twice = { timesPerWeek: 2 };
    const paused = pausedDays([{ from: "2026-01-12", to: "2026-01-18" }]);
    expect(habitNumbers(habitHistory(outcomes, paused, twice), day(25)).streak).toBe(2);
    // Without the pause, the empty week breaks it: only week three counts.
    expect(habitNumbers(habitHistory(outcomes, NO_PAUSES, twice), day(25)).streak).toBe(1);
  });

  it("property: inserting a pause leaves streak, best streak and strength as they were", () => {
    fc.assert(
      fc.property(
        fc.array(outcome, { minLength: 2, maxLength: 60 }),
        fc.nat(),
        fc.integer({ min: 1, max: 15 }),
        (outcomes, rawAt, length) => {
          const today = outcomes.length - 1;
          const at = rawAt % (today + 1);
          const shifted = [
            ...outcomes.slice(0, at),
            ...Array.from({ length }, () => null),
            ...outcomes.slice(at),
          ];
          const paused = pauseOf(at, at + length - 1);
          expect(habitNumbers(habitHistory(shifted, paused), day(today + length))).toEqual(
            habitNumbers(habitHistory(outcomes), day(today)),
          );
        },
      ),
    );
  });

  it("property: what is recorded on a paused day changes nothing", () => {
    fc.assert(
      fc.property(
        fc.array(outcome, { minLength: 2, maxLength: 60 }),
        fc.array(outcome, { minLength: 1, maxLength: 10 }),
        fc.nat(),
        (outcomes, onPause, rawAt) => {
          const at = rawAt % outcomes.length;
          const paused = pauseOf(at, at + onPause.length - 1);
          const blank = [...outcomes];
          const marked = [...outcomes];
          onPause.forEach((o, i) => {
            blank[at + i] = null;
            marked[at + i] = o ?? "missed";
          });
          const today = day(Math.max(outcomes.length, at + onPause.length) - 1);
          expect(habitNumbers(habitHistory(marked, paused), today)).toEqual(
            habitNumbers(habitHistory(blank, paused), today),
          );
        },
      ),
    );
  });
});
