import {
  calendarWeeks,
  EMPTY_GOALS,
  previousGoalsEmptyText,
  todayGoalsEmptyText,
  clampPage,
  currentStreak,
  dateRangeDays,
  dayFullMessage,
  dayOutcome,
  GOAL_STATE_LABELS,
  goalState,
  isOpen,
  outcomeOnItsDay,
  longestStreakOfDayNumbers,
  PAGE_SIZE,
  pageCount,
  pageSummary,
  parseDateRange,
} from "./goal-rules";

describe("goalState", () => {
  const NY = "America/New_York";
  // 12:00 UTC is 08:00 in New York (EDT) on March 10.
  const now = new Date("2026-03-10T12:00:00Z");
  const laterToday = new Date("2026-03-10T23:00:00Z"); // 19:00 New York
  const earlierToday = new Date("2026-03-10T11:00:00Z"); // 07:00 New York
  const yesterdayEvening = new Date("2026-03-10T02:00:00Z"); // 22:00 March 9 in New York
  const open = { completedAt: null, skippedAt: null };

  it("is completed or skipped as the user said, whatever the clock", () => {
    expect(goalState({ ...open, completedAt: now, dueDate: yesterdayEvening }, now, NY)).toBe(
      "completed",
    );
    expect(goalState({ ...open, skippedAt: now, dueDate: yesterdayEvening }, now, NY)).toBe(
      "skipped",
    );
  });

  it("is pending before the due time, overdue after it the same local day", () => {
    expect(goalState({ ...open, dueDate: laterToday }, now, NY)).toBe("pending");
    expect(goalState({ ...open, dueDate: new Date(now) }, now, NY)).toBe("pending");
    expect(goalState({ ...open, dueDate: earlierToday }, now, NY)).toBe("overdue");
  });

  it("is missed once the local day it was due on has ended", () => {
    expect(goalState({ ...open, dueDate: yesterdayEvening }, now, NY)).toBe("missed");
  });

  it("reads the day in the user's zone: a day over in New York is still running in Honolulu", () => {
    const nineteenHonolulu = new Date("2026-03-10T03:00:00Z"); // 17:00 March 9 Honolulu, 23:00 New York
    const lateHonolulu = new Date("2026-03-10T09:30:00Z"); // 23:30 March 9 in Honolulu
    expect(
      goalState({ ...open, dueDate: nineteenHonolulu }, lateHonolulu, "Pacific/Honolulu"),
    ).toBe("overdue");
    expect(goalState({ ...open, dueDate: nineteenHonolulu }, lateHonolulu, NY)).toBe("missed");
  });

  it("labels every state for people", () => {
    expect(Object.values(GOAL_STATE_LABELS)).toEqual([
      "Pending",
      "Overdue",
      "Completed",
      "Skipped",
      "Missed",
    ]);
  });
});

describe("currentStreak (local days, newest first)", () => {
  const today = "2026-03-10";

  it("is 0 with no completions", () => {
    expect(currentStreak([], today)).toBe(0);
  });

  it("is 1 with only today", () => {
    expect(currentStreak(["2026-03-10"], today)).toBe(1);
  });

  it("counts back from yesterday when today has no completion yet", () => {
    expect(currentStreak(["2026-03-09"], today)).toBe(1);
    expect(currentStreak(["2026-03-09", "2026-03-08", "2026-03-07"], today)).toBe(3);
  });

  it("is 0 when the latest completion is two or more days ago", () => {
    expect(currentStreak(["2026-03-08", "2026-03-07", "2026-03-06"], today)).toBe(0);
    expect(currentStreak(["2025-12-31"], today)).toBe(0);
  });

  it("stops at the first gap", () => {
    expect(currentStreak(["2026-03-10", "2026-03-09", "2026-03-07", "2026-03-06"], today)).toBe(2);
    expect(currentStreak(["2026-03-09", "2026-03-07"], today)).toBe(1);
  });

  it("counts a day with several completions once", () => {
    expect(
      currentStreak(
        ["2026-03-10", "2026-03-10", "2026-03-09", "2026-03-09", "2026-03-09", "2026-03-08"],
        today,
      ),
    ).toBe(3);
    expect(currentStreak(["2026-03-10", "2026-03-10", "2026-03-10"], today)).toBe(1);
  });

  it("runs across month and year ends", () => {
    expect(currentStreak(["2026-01-01", "2025-12-31", "2025-12-30"], "2026-01-01")).toBe(3);
    expect(currentStreak(["2024-03-01", "2024-02-29", "2024-02-28"], "2024-03-01")).toBe(3);
    // 2026 is not a leap year: Feb 28 is followed by Mar 1.
    expect(currentStreak(["2026-03-01", "2026-02-28"], "2026-03-01")).toBe(2);
  });

  it("stops reading the input once the streak is over", () => {
    let read = 0;
    function* days() {
      for (const day of ["2026-03-10", "2026-03-09", "2026-03-05", "2026-03-04", "2026-03-03"]) {
        read += 1;
        yield day;
      }
    }
    expect(currentStreak(days(), today)).toBe(2);
    expect(read).toBe(3);
  });
});

/** Each [range, today] covers the days from `from` to `to`. */
function expectRanges(cases: [Parameters<typeof dateRangeDays>[0], string, string, string][]) {
  for (const [range, today, from, to] of cases) {
    expect(dateRangeDays(range, today)).toEqual({ from, to });
  }
}

describe("dateRangeDays", () => {
  it("covers the last 7 and 30 days including today", () => {
    expectRanges([
      ["7d", "2026-03-10", "2026-03-04", "2026-03-10"],
      ["30d", "2026-03-10", "2026-02-09", "2026-03-10"],
    ]);
  });

  it("covers this month from its first to its last day", () => {
    expectRanges([
      ["this-month", "2026-02-14", "2026-02-01", "2026-02-28"],
      ["this-month", "2024-02-01", "2024-02-01", "2024-02-29"],
      ["this-month", "2026-12-31", "2026-12-01", "2026-12-31"],
    ]);
  });

  it("covers last month, December of the previous year in January", () => {
    expectRanges([
      ["last-month", "2026-03-31", "2026-02-01", "2026-02-28"],
      ["last-month", "2026-01-15", "2025-12-01", "2025-12-31"],
    ]);
  });

  it("is open-ended for all time", () => {
    expect(dateRangeDays("all", "2026-03-10")).toEqual({ from: null, to: null });
  });

  it("reads unknown range values as all time", () => {
    expect(parseDateRange("30d")).toBe("30d");
    expect(parseDateRange("last-month")).toBe("last-month");
    expect(parseDateRange("bogus")).toBe("all");
    expect(parseDateRange(null)).toBe("all");
    expect(parseDateRange(undefined)).toBe("all");
  });
});

describe("calendarWeeks", () => {
  // 2026-03-11 is a Wednesday.
  const today = "2026-03-11";

  it("gives whole weeks of 7 days, Sunday first, ending with the week of today", () => {
    const weeks = calendarWeeks([], today, 4, "sunday");
    expect(weeks).toHaveLength(4);
    for (const week of weeks) expect(week).toHaveLength(7);
    expect(weeks[0]![0]!.day).toBe("2026-02-15"); // a Sunday, three weeks before 2026-03-08
    expect(weeks[3]![0]!.day).toBe("2026-03-08");
    expect(weeks[3]![6]!.day).toBe("2026-03-14");
    const days = weeks.flat().map((d) => d.day);
    expect(new Set(days).size).toBe(28);
  });

  it("starts each week on Monday for a Monday-first user, still ending with the week of today", () => {
    const weeks = calendarWeeks([], today, 2, "monday");
    expect(weeks[1]!.map((d) => d.day)).toEqual([
      "2026-03-09",
      "2026-03-10",
      "2026-03-11",
      "2026-03-12",
      "2026-03-13",
      "2026-03-14",
      "2026-03-15",
    ]);
    expect(weeks[0]![0]!.day).toBe("2026-03-02");
  });

  it("flags the days after today as future", () => {
    const last = calendarWeeks([], today, 2, "sunday")[1]!;
    expect(last.map((d) => d.future)).toEqual([false, false, false, false, true, true, true]);
    expect(calendarWeeks([], today, 2, "sunday")[0]!.every((d) => !d.future)).toBe(true);
  });

  it("has no future days when today is a Saturday", () => {
    const weeks = calendarWeeks([], "2026-03-14", 1, "sunday");
    expect(weeks[0]!.map((d) => d.day)[0]).toBe("2026-03-08");
    expect(weeks[0]!.some((d) => d.future)).toBe(false);
  });

  it("places each tally on its day and zero elsewhere", () => {
    const weeks = calendarWeeks(
      [
        { day: "2026-03-09", total: 3, completed: 2 },
        { day: "2026-01-01", total: 9, completed: 9 }, // outside the window
      ],
      today,
      2,
      "sunday",
    );
    const flat = weeks.flat();
    expect(flat.find((d) => d.day === "2026-03-09")).toEqual({
      day: "2026-03-09",
      total: 3,
      completed: 2,
      skipped: 0,
      future: false,
      today: false,
    });
    expect(flat.find((d) => d.day === "2026-03-10")).toMatchObject({
      total: 0,
      completed: 0,
      today: false,
    });
    expect(flat.find((d) => d.day === today)).toMatchObject({ today: true });
    expect(flat.reduce((n, d) => n + d.total, 0)).toBe(3);
  });
});

describe("paging", () => {
  it("summarises a page as the footer shows it", () => {
    expect(PAGE_SIZE).toBe(10);
    expect(pageSummary(1, 42)).toBe("1 to 10 of 42");
    expect(pageSummary(2, 42)).toBe("11 to 20 of 42");
    expect(pageSummary(5, 42)).toBe("41 to 42 of 42");
    expect(pageSummary(1, 7)).toBe("1 to 7 of 7");
    expect(pageSummary(1, 0)).toBe("0 to 0 of 0");
  });

  it("counts pages, at least one", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageCount(42)).toBe(5);
  });

  it("clamps the page to the valid range", () => {
    expect(clampPage("3", 42)).toBe(3);
    expect(clampPage("5", 42)).toBe(5);
    expect(clampPage("6", 42)).toBe(5);
    expect(clampPage("999999", 42)).toBe(5);
    expect(clampPage("0", 42)).toBe(1);
    expect(clampPage("-2", 42)).toBe(1);
    expect(clampPage("2.5", 42)).toBe(1);
    expect(clampPage("abc", 42)).toBe(1);
    expect(clampPage("", 42)).toBe(1);
    expect(clampPage(null, 42)).toBe(1);
    expect(clampPage(undefined, 42)).toBe(1);
    expect(clampPage("2", 0)).toBe(1);
  });
});

describe("dayOutcome", () => {
  const cell = (over: Partial<Parameters<typeof dayOutcome>[0]>) => ({
    day: "2026-03-10",
    total: 3,
    completed: 0,
    skipped: 0,
    future: false,
    today: false,
    ...over,
  });

  it("gives today no outcome while nothing is done: never red before the day ends", () => {
    expect(dayOutcome(cell({ today: true }))).toBe("open");
    expect(dayOutcome(cell({ today: true, completed: 1 }))).toBe("partial");
    expect(dayOutcome(cell({ today: true, completed: 3 }))).toBe("done");
  });

  it("marks an ended day missed, skipped when every goal was skipped", () => {
    expect(dayOutcome(cell({}))).toBe("missed");
    expect(dayOutcome(cell({ skipped: 1 }))).toBe("missed");
    expect(dayOutcome(cell({ skipped: 3 }))).toBe("skipped");
  });

  it("leaves days without goals and days to come uncoloured", () => {
    expect(dayOutcome(cell({ total: 0 }))).toBe("empty");
    expect(dayOutcome(cell({ future: true }))).toBe("upcoming");
  });
});

describe("longestStreakOfDayNumbers", () => {
  it("is the longest run of consecutive days, in any order and with repeats", () => {
    expect(longestStreakOfDayNumbers([])).toBe(0);
    expect(longestStreakOfDayNumbers([7])).toBe(1);
    expect(longestStreakOfDayNumbers([10, 9, 9, 8, 5, 4, 3, 2, 20])).toBe(4);
    expect(longestStreakOfDayNumbers([1, 3, 5])).toBe(1);
    expect(longestStreakOfDayNumbers([3, 1, 2, 2, 30, 31])).toBe(3);
  });
});

describe("dayFullMessage", () => {
  it("names the cap, and says what to do on today and on another day", () => {
    expect(dayFullMessage(true)).toBe(
      "You already have 50 goals today, the most one day can hold. Finish or delete one first.",
    );
    expect(dayFullMessage(false)).toBe(
      "That day already has 50 goals, the most one day can hold. Choose another day.",
    );
  });
});

describe("todayGoalsEmptyText", () => {
  it("is SPEC's invitation for a user with no goals at all, with the number to text", () => {
    expect(todayGoalsEmptyText(0, "+1 (555) 010-0000")).toBe(
      "No goals found. Start creating new goals to track your progress! You can also text your goals to +1 (555) 010-0000.",
    );
  });

  it("says today has none yet to a user with goals on other days", () => {
    expect(todayGoalsEmptyText(12, null)).toBe(
      "No goals for today yet. Add one with New Goal, or text your goals to the number we text you from.",
    );
  });
});

describe("previousGoalsEmptyText", () => {
  it("invites a user with no goals at all to create one, in SPEC's words", () => {
    expect(previousGoalsEmptyText(0, "all")).toBe(
      "No goals found. Start creating new goals to track your progress!",
    );
    expect(previousGoalsEmptyText(0, "7d")).toBe(EMPTY_GOALS);
  });

  it("never invites a user who has goals to start creating them", () => {
    for (const range of ["7d", "30d", "this-month", "last-month", "all"] as const) {
      expect(previousGoalsEmptyText(3, range)).not.toContain("Start creating");
    }
    expect(previousGoalsEmptyText(3, "all")).toBe(
      "No goals before today yet. Goals move here once their day is over.",
    );
    expect(previousGoalsEmptyText(1, "7d")).toBe(
      "No goals before today in this range. Choose All time to see every one.",
    );
  });
});

describe("outcomeOnItsDay", () => {
  const at = new Date("2026-06-15T12:00:00Z");
  it("is what the user said, done before skipped, and open otherwise: never missed", () => {
    expect(outcomeOnItsDay({ completedAt: at, skippedAt: at })).toBe("completed");
    expect(outcomeOnItsDay({ completedAt: null, skippedAt: at })).toBe("skipped");
    expect(outcomeOnItsDay({ completedAt: null, skippedAt: null })).toBe("open");
  });

  it("agrees with goalState while the goal's due day lasts", () => {
    const dueDate = new Date("2026-06-15T23:00:00Z");
    for (const completedAt of [null, at])
      for (const skippedAt of [null, at]) {
        const state = goalState({ dueDate, completedAt, skippedAt }, at, "America/New_York");
        const outcome = outcomeOnItsDay({ completedAt, skippedAt });
        expect(outcome === "open" ? isOpen(state) : outcome === state).toBe(true);
      }
  });
});
