import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, dayOfWeek } from "~/utils/time/local-time";
import { WEEK_STARTS, weekStartOf } from "~/utils/time/week-start";
import { pausedBetween, scheduleSpans } from "./habit-rules";
import {
  bestStreak,
  dayCounts,
  currentStreak,
  dueToday,
  strength,
  strengthSeries,
  yearHeatmap,
} from "./habit-stats";
import type { DayOutcome, HabitHistory, HabitSchedule } from "./habit-stats";

const DAILY: HabitSchedule = { days: [0, 1, 2, 3, 4, 5, 6] };
const MWF: HabitSchedule = { days: [1, 3, 5] };

/** A history from `start` with an outcome per listed day (the rest have no goal). */
function history(
  start: string,
  outcomes: Record<string, DayOutcome>,
  schedule: HabitSchedule = DAILY,
  more: Partial<HabitHistory> = {},
): HabitHistory {
  return {
    start,
    schedules: [{ from: start, schedule }],
    days: Object.entries(outcomes)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, outcome]) => ({ day, outcome })),
    stoppedOn: null,
    weekStartsOn: "monday",
    ...more,
  };
}

const daysFrom = (start: string, count: number) =>
  Array.from({ length: count }, (_, i) => addDays(start, i));

const all = (days: string[], outcome: DayOutcome) =>
  Object.fromEntries(days.map((d) => [d, outcome])) as Record<string, DayOutcome>;

describe("weekStartOf and dueToday", () => {
  it("weeks run Monday to Sunday for a Monday-first user", () => {
    expect(weekStartOf("2026-06-15", "monday")).toBe("2026-06-15"); // a Monday
    expect(weekStartOf("2026-06-21", "monday")).toBe("2026-06-15"); // its Sunday
    expect(weekStartOf("2026-06-14", "monday")).toBe("2026-06-08");
    expect(weekStartOf("2027-01-01", "monday")).toBe("2026-12-28"); // across a new year
  });

  it("a weekday habit is due on its days; a weekly one until its count is met", () => {
    expect(dueToday(MWF, "2026-06-15", 0)).toBe(true);
    expect(dueToday(MWF, "2026-06-16", 0)).toBe(false);
    expect(dueToday({ timesPerWeek: 3 }, "2026-06-16", 2)).toBe(true);
    expect(dueToday({ timesPerWeek: 3 }, "2026-06-17", 3)).toBe(false);
  });
});

describe("streaks count only the days a habit is due", () => {
  const today = "2026-06-19"; // a Friday

  it("a Monday, Wednesday and Friday habit is not broken by the days between", () => {
    const h = history(
      "2026-06-01",
      all(["2026-06-01", "2026-06-03", "2026-06-05", "2026-06-08", "2026-06-10"], "done"),
      MWF,
    );
    // Fri 12th missed; Mon 15th, Wed 17th done; Fri 19th (today) still open.
    Object.assign(h, {
      days: [
        ...h.days,
        { day: "2026-06-15", outcome: "done" },
        { day: "2026-06-17", outcome: "done" },
        { day: "2026-06-19", outcome: "open" },
      ],
    });
    expect(currentStreak(h, today)).toBe(2);
    expect(bestStreak(h, today)).toBe(5);
  });

  it("today's open goal breaks nothing, and counts once done", () => {
    const done = all(daysFrom("2026-06-10", 9), "done");
    expect(currentStreak(history("2026-06-10", { ...done, [today]: "open" }), today)).toBe(9);
    expect(currentStreak(history("2026-06-10", { ...done, [today]: "done" }), today)).toBe(10);
  });

  it("a due day with no goal at all is a miss", () => {
    const h = history("2026-06-10", all(["2026-06-10", "2026-06-11", "2026-06-13"], "done"));
    expect(currentStreak(h, "2026-06-13")).toBe(1);
    expect(bestStreak(h, "2026-06-13")).toBe(2);
  });

  it("a skipped day neither counts nor breaks the streak", () => {
    const h = history("2026-06-15", {
      "2026-06-15": "done",
      "2026-06-16": "skipped",
      "2026-06-17": "done",
    });
    expect(currentStreak(h, "2026-06-17")).toBe(2);
  });

  it("a times-per-week habit counts weeks met, this week's shortfall breaking nothing yet", () => {
    const weekly: HabitSchedule = { timesPerWeek: 3 };
    const h = history(
      "2026-06-01",
      all(
        [
          ...["2026-06-01", "2026-06-03", "2026-06-06"], // week 1 met
          ...["2026-06-08", "2026-06-09", "2026-06-14"], // week 2 met
          "2026-06-16", // this week, 1 of 3 by Friday
        ],
        "done",
      ),
      weekly,
    );
    expect(currentStreak(h, today)).toBe(2);
    const missedWeek = history("2026-06-01", all(["2026-06-01", "2026-06-16"], "done"), weekly);
    expect(currentStreak(missedWeek, today)).toBe(0);
  });

  it("a times-per-week habit's weeks start on its owner's first day", () => {
    // Twice a week, done on Sunday the 14th and Monday the 15th: one Sunday-first week, met; across
    // two Monday-first weeks, the first short of its count.
    const done = all(["2026-06-14", "2026-06-15"], "done");
    const sunday = history("2026-06-08", done, { timesPerWeek: 2 }, { weekStartsOn: "sunday" });
    const monday = history("2026-06-08", done, { timesPerWeek: 2 }, { weekStartsOn: "monday" });
    expect(currentStreak(sunday, "2026-06-21")).toBe(1);
    expect(currentStreak(monday, "2026-06-21")).toBe(0);
  });

  it("a first week that starts late asks only for what its days allow", () => {
    // Started on a Saturday with 3 a week: two days left, both done, is a week met.
    const h = history("2026-06-13", all(["2026-06-13", "2026-06-14"], "done"), {
      timesPerWeek: 3,
    });
    expect(currentStreak(h, "2026-06-15")).toBe(1);
  });

  it("a schedule changed mid-way judges each day by the schedule it had", () => {
    const h: HabitHistory = {
      ...history("2026-06-01", all(["2026-06-01", "2026-06-03", "2026-06-05"], "done"), MWF),
      schedules: [
        { from: "2026-06-01", schedule: MWF },
        { from: "2026-06-06", schedule: DAILY },
      ],
    };
    h.days.push(...daysFrom("2026-06-06", 3).map((day) => ({ day, outcome: "done" as const })));
    expect(currentStreak(h, "2026-06-08")).toBe(6);
    // Tuesday the 2nd was not due then; Tuesday the 9th is, and missing it breaks the streak.
    expect(currentStreak(h, "2026-06-10")).toBe(0);
  });

  it("the days a habit was stopped are not misses once it restarts", () => {
    const spans = pausedBetween(
      [{ from: "2026-06-01", days: DAILY.days }],
      "2026-06-05",
      "2026-06-12",
    );
    const h: HabitHistory = {
      ...history(
        "2026-06-01",
        all([...daysFrom("2026-06-01", 4), ...daysFrom("2026-06-12", 3)], "done"),
      ),
      schedules: scheduleSpans({ schedules: spans }),
    };
    expect(currentStreak(h, "2026-06-14")).toBe(7);
  });

  it("a stopped habit keeps its numbers as they were", () => {
    const h = history("2026-06-01", all(daysFrom("2026-06-01", 5), "done"), DAILY, {
      stoppedOn: "2026-06-06",
    });
    expect(currentStreak(h, "2026-06-20")).toBe(5);
    expect(strength(h, "2026-06-20")).toBe(strength(h, "2026-06-06"));
  });

  it("counts local days across a DST change like any other", () => {
    // US clocks go forward on 2026-03-08 and back on 2026-11-01.
    const spring = history("2026-03-06", all(daysFrom("2026-03-06", 5), "done"));
    expect(currentStreak(spring, "2026-03-10")).toBe(5);
    const autumn = history("2026-10-30", all(["2026-10-30", "2026-11-02"], "done"), MWF);
    expect(currentStreak(autumn, "2026-11-02")).toBe(2); // Fri 30th and Mon 2nd
    expect(weekStartOf("2026-11-01", "monday")).toBe("2026-10-26");
  });
});

describe("strength, Loop's smoothed score", () => {
  it("rises with each day done and starts at zero", () => {
    const days = daysFrom("2026-01-01", 60);
    const scores = days.map((d, i) =>
      strength(history("2026-01-01", all(days.slice(0, i + 1), "done")), d),
    );
    expect(strength(history("2026-01-01", {}), "2026-01-01")).toBe(0);
    for (let i = 1; i < scores.length; i++)
      expect(scores[i]!).toBeGreaterThanOrEqual(scores[i - 1]!);
    expect(scores[12]).toBe(50); // half-way there after 13 days, as in Loop
    expect(scores.at(-1)).toBeGreaterThan(95);
  });

  it("one miss after a long run costs a little, not everything", () => {
    const days = daysFrom("2026-01-01", 100);
    const run = all(days, "done");
    const before = strength(history("2026-01-01", run), days.at(-1)!);
    const after = strength(
      history("2026-01-01", { ...run, [days.at(-1)!]: "missed" }),
      days.at(-1)!,
    );
    expect(before - after).toBeGreaterThan(0);
    expect(before - after).toBeLessThanOrEqual(6);
  });

  it("decays the same over a week for a weekday habit as for a daily one", () => {
    const daily = history("2026-01-05", all(daysFrom("2026-01-05", 7 * 8), "done"));
    const mwfDays = daysFrom("2026-01-05", 7 * 8).filter((d) => [1, 3, 5].includes(dayOfWeek(d)));
    const mwf = history("2026-01-05", all(mwfDays, "done"), MWF);
    const end = addDays("2026-01-05", 7 * 8 - 1);
    // Both perfect for 8 weeks: the rarer habit has fewer, larger steps, so it is not far behind.
    expect(Math.abs(strength(daily, end) - strength(mwf, end))).toBeLessThanOrEqual(15);
  });

  it("its series ends on today's strength", () => {
    const h = history(
      "2025-01-01",
      all(
        daysFrom("2025-01-01", 400).filter((_, i) => i % 3),
        "done",
      ),
    );
    const series = strengthSeries(h, "2026-02-04");
    expect(series.at(-1)).toEqual({ day: "2026-02-04", strength: strength(h, "2026-02-04") });
    expect(series.length).toBeGreaterThan(40); // weekly points over the last year
    expect(series[0]!.day >= "2025-02-05").toBe(true);
  });
});

describe("the year heatmap", () => {
  it("is 53 Monday-first weeks ending with this week, days coloured by what happened", () => {
    const h = history("2026-06-01", { "2026-06-15": "done", "2026-06-17": "skipped" }, MWF);
    const cells = yearHeatmap(h, "2026-06-18");
    expect(cells).toHaveLength(371);
    expect(dayOfWeek(cells[0]!.day)).toBe(1);
    expect(cells.at(-1)!.day).toBe("2026-06-21");
    const byDay = new Map(cells.map((c) => [c.day, c]));
    expect(byDay.get("2026-06-15")).toEqual({
      day: "2026-06-15",
      scheduled: true,
      outcome: "done",
    });
    expect(byDay.get("2026-06-16")).toEqual({ day: "2026-06-16", scheduled: false, outcome: null });
    expect(byDay.get("2026-06-17")!.outcome).toBe("skipped");
    expect(byDay.get("2026-06-12")!.outcome).toBe("missed");
    expect(byDay.get("2026-05-29")).toEqual({ day: "2026-05-29", scheduled: false, outcome: null });
    expect(byDay.get("2026-06-19")).toEqual({ day: "2026-06-19", scheduled: true, outcome: null });
  });

  it("is 53 Sunday-first weeks for a Sunday-first owner, ending with this week's Saturday", () => {
    const h = history("2026-06-01", { "2026-06-15": "done" }, MWF, { weekStartsOn: "sunday" });
    const cells = yearHeatmap(h, "2026-06-18");
    expect(cells).toHaveLength(371);
    expect(dayOfWeek(cells[0]!.day)).toBe(0);
    expect(cells.at(-1)!.day).toBe("2026-06-20");
  });

  it("shows only the days done and skipped of a times-per-week habit", () => {
    const h = history(
      "2026-06-01",
      { "2026-06-15": "done", "2026-06-16": "missed" },
      { timesPerWeek: 2 },
    );
    const byDay = new Map(yearHeatmap(h, "2026-06-18").map((c) => [c.day, c]));
    expect(byDay.get("2026-06-15")!.outcome).toBe("done");
    expect(byDay.get("2026-06-16")!.outcome).toBe(null);
  });
});

/** Both histories give the habit the same current streak, best streak and strength. */
function expectSameNumbers(a: HabitHistory, b: HabitHistory, today: string) {
  expect(currentStreak(a, today)).toBe(currentStreak(b, today));
  expect(bestStreak(a, today)).toBe(bestStreak(b, today));
  expect(strength(a, today)).toBe(strength(b, today));
}

describe("over generated histories", () => {
  const outcome = fc.constantFrom<DayOutcome | null>("done", "done", "skipped", "missed", null);
  const schedule = fc.oneof(
    fc
      .uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 })
      .map((days) => ({ days: days.sort() }) as HabitSchedule),
    fc.integer({ min: 1, max: 7 }).map((timesPerWeek) => ({ timesPerWeek }) as HabitSchedule),
  );
  const generated = fc
    .record({
      offset: fc.integer({ min: 0, max: 700 }),
      outcomes: fc.array(outcome, { minLength: 1, maxLength: 120 }),
      schedule,
      weekStartsOn: fc.constantFrom(...WEEK_STARTS),
    })
    .map(({ offset, outcomes, schedule, weekStartsOn }) => {
      const start = addDays("2024-01-01", offset);
      const days = outcomes.flatMap((o, i) => (o ? [{ day: addDays(start, i), outcome: o }] : []));
      const today = addDays(start, outcomes.length - 1);
      const h = { start, schedules: [{ from: start, schedule }], days, stoppedOn: null };
      return { h: { ...h, weekStartsOn }, today };
    });

  it("a goal decades before the habit began (days far apart) changes none of its numbers", () => {
    fc.assert(
      fc.property(generated, ({ h, today }) => {
        const far = { ...h, days: [{ day: "1990-01-01", outcome: "done" as const }, ...h.days] };
        expectSameNumbers(far, h, today);
        expect(yearHeatmap(far, today)).toEqual(yearHeatmap(h, today));
      }),
    );
  });

  it("the week's first day changes only a times-per-week habit's numbers, and the heatmap's framing", () => {
    fc.assert(
      fc.property(generated, ({ h, today }) => {
        const other = {
          ...h,
          weekStartsOn: h.weekStartsOn === "sunday" ? "monday" : "sunday",
        } as const;
        const cellsOf = (x: HabitHistory) =>
          new Map(yearHeatmap(x, today).map((c) => [c.day, c] as const));
        const mine = cellsOf(h);
        for (const [day, cell] of cellsOf(other))
          if (mine.has(day)) expect(cell).toEqual(mine.get(day));
        if ("timesPerWeek" in h.schedules[0]!.schedule) return;
        expectSameNumbers(other, h, today);
      }),
    );
  });

  it("strength stays within 0–100 and the best streak is at least the current one", () => {
    fc.assert(
      fc.property(generated, ({ h, today }) => {
        const s = strength(h, today);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(100);
        expect(bestStreak(h, today)).toBeGreaterThanOrEqual(currentStreak(h, today));
      }),
    );
  });

  it("doing one more due day never lowers strength or the best streak", () => {
    fc.assert(
      fc.property(generated, fc.nat(), ({ h, today }, pick) => {
        const notDone = h.days.filter((d) => d.outcome !== "done");
        fc.pre(notDone.length > 0);
        const target = notDone[pick % notDone.length]!.day;
        const better = {
          ...h,
          days: h.days.map((d) =>
            d.day === target ? { day: d.day, outcome: "done" as const } : d,
          ),
        };
        expect(strength(better, today)).toBeGreaterThanOrEqual(strength(h, today));
        expect(bestStreak(better, today)).toBeGreaterThanOrEqual(bestStreak(h, today));
      }),
    );
  });

  it("a daily habit done every day has a streak of every day", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), (length) => {
        const days = daysFrom("2025-03-01", length);
        const h = history("2025-03-01", all(days, "done"));
        expect(currentStreak(h, days.at(-1)!)).toBe(length);
        expect(bestStreak(h, days.at(-1)!)).toBe(length);
      }),
      { numRuns: 30 },
    );
  });
});

describe("dayCounts", () => {
  it("counts a due day without a goal as missed", () => {
    const h = history("2026-06-15", { "2026-06-15": "done", "2026-06-17": "skipped" }, MWF);
    expect(dayCounts(h, "2026-06-22")).toEqual({ done: 1, skipped: 1, missed: 1 });
  });
});
