import { describe, expect, it } from "vitest";
import { addDays } from "~/utils/time/local-time";
import {
  describeMeasure,
  describeValue,
  dayDoneBy,
  meetsTarget,
  shareReached,
} from "./habit-measure";
import type { Measure } from "./habit-measure";
import { habitNumbers, strengthSeries, type HabitHistory } from "./habit-stats";
import { pausedDays } from "~/users/paused-days";
import { dailyValues, measuredNumbers, weeklyTotals } from "./measured-stats";

const PAGES: Measure = { unit: "pages", target: 30, per: "day", atMost: false };
const COFFEES: Measure = { unit: "coffees", target: 2, per: "day", atMost: true };
const KM_A_WEEK: Measure = { unit: "km", target: 15, per: "week", atMost: false };
const DAILY = { days: [0, 1, 2, 3, 4, 5, 6] };

/** A measured habit's history from `start`: a value per listed day (the rest have no goal). */
function history(start: string, values: Record<string, number>, measure: Measure): HabitHistory {
  return {
    start,
    schedules: [{ from: start, schedule: DAILY }],
    days: Object.entries(values)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, value]) => ({
        day,
        outcome: dayDoneBy(measure, value) ? "done" : "missed",
        value,
      })),
    stoppedOn: null,
    weekStartsOn: "monday",
    measure,
  };
}

const days = (from: string, values: number[]) =>
  Object.fromEntries(values.map((v, i) => [addDays(from, i), v]));

describe("a measured target", () => {
  it("is met at or over it, or (at most) at or under it", () => {
    expect([meetsTarget(PAGES, 30), meetsTarget(PAGES, 29.5)]).toEqual([true, false]);
    expect([meetsTarget(COFFEES, 2), meetsTarget(COFFEES, 3)]).toEqual([true, false]);
  });

  it("gives Loop's share reached: capped at the target, and (at most) nothing at twice it", () => {
    expect(shareReached(PAGES, 15)).toBe(0.5);
    expect(shareReached(PAGES, 60)).toBe(1);
    expect(shareReached(COFFEES, 1)).toBe(1);
    expect(shareReached(COFFEES, 3)).toBe(0.5);
    expect(shareReached(COFFEES, 5)).toBe(0);
  });

  it("checks a weekly target's day off by any amount, a daily one only when met", () => {
    expect([dayDoneBy(PAGES, 20), dayDoneBy(PAGES, 30)]).toEqual([false, true]);
    expect([dayDoneBy(KM_A_WEEK, 0), dayDoneBy(KM_A_WEEK, 3.2)]).toEqual([false, true]);
  });

  it("says the target and a day's value in words", () => {
    expect(describeMeasure(PAGES)).toBe("30 pages a day");
    expect(describeMeasure(COFFEES)).toBe("at most 2 coffees a day");
    expect(describeValue(PAGES, 35)).toBe("35 of 30 pages ✓");
    expect(describeValue(PAGES, 12.5)).toBe("12.5 of 30 pages");
    expect(describeValue(KM_A_WEEK, 3.2, 16.2)).toBe("16.2 of 15 km this week ✓");
  });
});

describe("a measured habit's numbers (Loop's rule for numerical habits)", () => {
  it("counts a streak of days that meet the target; a day short breaks it", () => {
    const h = history("2026-06-01", days("2026-06-01", [30, 10, 35, 31, 40]), PAGES);
    expect(habitNumbers(h, "2026-06-05")).toMatchObject({ streak: 3, bestStreak: 3 });
  });

  it("leaves today open until its value meets the target", () => {
    const h = history("2026-06-01", days("2026-06-01", [30, 30, 12]), PAGES);
    expect(habitNumbers(h, "2026-06-03").streak).toBe(2);
  });

  it("grows strength by the share reached: half the target, half the climb", () => {
    const full = history("2026-06-01", days("2026-06-01", Array(20).fill(30)), PAGES);
    const half = history("2026-06-01", days("2026-06-01", Array(20).fill(15)), PAGES);
    const fullStrength = habitNumbers(full, "2026-06-20").strength;
    const halfStrength = habitNumbers(half, "2026-06-20").strength;
    expect(halfStrength).toBeGreaterThan(0);
    expect(Math.abs(halfStrength - fullStrength / 2)).toBeLessThanOrEqual(1);
    expect(habitNumbers(half, "2026-06-20").streak).toBe(0);
  });

  it("moves strength as a yes/no habit does when every day is met", () => {
    const yesNo: HabitHistory = { ...history("2026-06-01", {}, PAGES), measure: null };
    yesNo.days = Object.keys(days("2026-06-01", Array(10).fill(1))).map((day) => ({
      day,
      outcome: "done" as const,
    }));
    const measured = history("2026-06-01", days("2026-06-01", Array(10).fill(30)), PAGES);
    expect(habitNumbers(measured, "2026-06-10").strength).toBe(
      habitNumbers(yesNo, "2026-06-10").strength,
    );
  });

  it("starts an at-most habit at full strength and lowers it by the overshoot", () => {
    const kept = history("2026-06-01", days("2026-06-01", [1, 2, 0, 2]), COFFEES);
    const over = history("2026-06-01", days("2026-06-01", [1, 2, 4, 2]), COFFEES);
    expect(habitNumbers(kept, "2026-06-04")).toMatchObject({ strength: 100, streak: 4 });
    expect(habitNumbers(over, "2026-06-04")).toMatchObject({ streak: 1, bestStreak: 2 });
    expect(habitNumbers(over, "2026-06-04").strength).toBeLessThan(100);
  });

  it("counts a weekly target by the week's total, and the streak in weeks", () => {
    // Mondays: 2026-06-01, 06-08, 06-15. Week 1: 16 km, week 2: 9 km, week 3: 15 km.
    const h = history(
      "2026-06-01",
      { "2026-06-01": 8, "2026-06-04": 8, "2026-06-09": 9, "2026-06-15": 5, "2026-06-20": 10 },
      KM_A_WEEK,
    );
    expect(measuredNumbers(h, KM_A_WEEK, "2026-06-21")).toMatchObject({ streak: 1, bestStreak: 1 });
    // This week short so far: still open, so last week's miss is what ends the streak.
    const open = history(
      "2026-06-01",
      { "2026-06-01": 16, "2026-06-08": 15, "2026-06-15": 3 },
      KM_A_WEEK,
    );
    expect(measuredNumbers(open, KM_A_WEEK, "2026-06-17").streak).toBe(2);
  });

  it("leaves paused days and weeks out: a pause neither breaks nor extends the streak", () => {
    // 06-02 and 06-03 were paused with nothing read: without the pause the streak would be 2.
    const h = history("2026-06-01", days("2026-06-01", [30, 0, 0, 31, 40]), PAGES);
    const paused = pausedDays([{ from: "2026-06-02", to: "2026-06-03" }]);
    expect(habitNumbers(h, "2026-06-05")).toMatchObject({ streak: 2 });
    expect(habitNumbers({ ...h, paused }, "2026-06-05")).toMatchObject({
      streak: 3,
      bestStreak: 3,
    });
    // Week 2 (06-08) short of 15 km, but a day of it was paused: the streak of weeks holds.
    const weeks = history(
      "2026-06-01",
      { "2026-06-01": 16, "2026-06-09": 4, "2026-06-15": 15 },
      KM_A_WEEK,
    );
    const weekPause = pausedDays([{ from: "2026-06-10", to: "2026-06-12" }]);
    expect(measuredNumbers(weeks, KM_A_WEEK, "2026-06-21").streak).toBe(1);
    expect(measuredNumbers({ ...weeks, paused: weekPause }, KM_A_WEEK, "2026-06-21").streak).toBe(
      2,
    );
  });

  it("draws a strength series that ends at the habit's strength", () => {
    const h = history("2026-06-01", days("2026-06-01", [30, 20, 35, 0, 30]), PAGES);
    expect(strengthSeries(h, "2026-06-05").at(-1)!.strength).toBe(
      habitNumbers(h, "2026-06-05").strength,
    );
  });
});

describe("a measured habit's chart data", () => {
  it("gives each day's value, null where none was given", () => {
    const h = history("2026-06-01", { "2026-06-02": 12 }, PAGES);
    expect(dailyValues(h, "2026-06-03", 3)).toEqual([
      { day: "2026-06-01", value: null },
      { day: "2026-06-02", value: 12 },
      { day: "2026-06-03", value: null },
    ]);
  });

  it("sums each of the owner's weeks", () => {
    const h = history(
      "2026-06-01",
      { "2026-06-01": 3, "2026-06-07": 4, "2026-06-08": 5 },
      KM_A_WEEK,
    );
    expect(weeklyTotals(h, "2026-06-10", 2)).toEqual([
      { weekStart: "2026-06-01", total: 7 },
      { weekStart: "2026-06-08", total: 5 },
    ]);
  });
});

describe("a measured habit imported from before the date window", () => {
  it("counts its streak from its real start (2017), and a start before 2015 from 2015", () => {
    const today = "2026-06-15";
    const nineYears = days(
      "2017-06-15",
      Array.from({ length: 3288 }, () => 35),
    );
    expect(habitNumbers(history("2017-06-15", nineYears, PAGES), today).streak).toBe(3288);
    const ancient = days(
      "1990-01-01",
      Array.from({ length: 3 }, () => 35),
    );
    const fromLongAgo = { ...nineYears, ...ancient };
    // Days before 2015-01-01 are outside any walk; the missed years between are counted from 2015.
    expect(habitNumbers(history("1990-01-01", fromLongAgo, PAGES), today).streak).toBe(3288);
  });
});
