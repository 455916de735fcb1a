import {
  goalsByDay,
  longDay,
  monthsToShow,
  monthTitle,
  monthWeeks,
  printable,
  shortDay,
  tallyByDay,
  weeklyTrend,
} from "./report-rules";

const NY = "America/New_York";
// 23:00 UTC is 19:00 (EDT) or 18:00 (EST) in New York: the same local day.
const due = (day: string) => new Date(`${day}T23:00:00Z`);
const row = (day: string, outcome: "done" | "skipped" | "open" = "open") => ({
  dueDate: due(day),
  completedAt: outcome === "done" ? due(day) : null,
  skippedAt: outcome === "skipped" ? due(day) : null,
});

describe("tallyByDay", () => {
  it("counts goals, completions and skips per local due day", () => {
    const tallies = tallyByDay(
      [
        row("2026-11-02", "done"),
        row("2026-11-02", "skipped"),
        row("2026-11-02"),
        // 03:00 UTC on the 4th is the evening of the 3rd in New York.
        { dueDate: new Date("2026-11-04T03:00:00Z"), completedAt: null, skippedAt: null },
      ],
      NY,
      new Date("2026-11-24T17:00:00Z"),
    );
    expect([...tallies.values()]).toEqual([
      { day: "2026-11-02", total: 3, completed: 1, skipped: 1, missed: 1, open: 0 },
      { day: "2026-11-03", total: 1, completed: 0, skipped: 0, missed: 1, open: 0 },
    ]);
  });
});

describe("monthsToShow", () => {
  it("lists each month a period touches", () => {
    expect(monthsToShow("2026-10-28", "2026-11-03")).toEqual({
      months: ["2026-10-01", "2026-11-01"],
      total: 2,
    });
    expect(monthsToShow("2026-11-01", "2026-11-30")).toEqual({ months: ["2026-11-01"], total: 1 });
  });

  it("keeps the last three months of a long period and says how many there were", () => {
    expect(monthsToShow("2024-12-15", "2026-11-24")).toEqual({
      months: ["2026-09-01", "2026-10-01", "2026-11-01"],
      total: 24,
    });
    expect(monthsToShow("2025-11-15", "2026-02-01", 2).months).toEqual([
      "2026-01-01",
      "2026-02-01",
    ]);
  });

  it("counts the months of a period of millennia without listing them", () => {
    expect(monthsToShow("1000-01-15", "9999-12-31")).toEqual({
      months: ["9999-10-01", "9999-11-01", "9999-12-01"],
      total: 108_000,
    });
    expect(monthsToShow("2026-11-02", "2026-10-30")).toEqual({ months: [], total: 0 });
  });
});

describe("monthWeeks", () => {
  const tallies = tallyByDay(
    [
      row("2026-11-02", "done"),
      row("2026-11-03", "done"),
      row("2026-11-03"),
      row("2026-11-04", "skipped"),
      row("2026-11-05"),
      row("2026-11-10"),
    ],
    NY,
    new Date("2026-11-10T17:00:00Z"),
  );
  const weeks = monthWeeks(
    "2026-11-01",
    tallies,
    { from: "2026-11-02", to: "2026-11-30" },
    "2026-11-10",
    "sunday",
  );

  it("lays the month out in rows of seven, Sunday first, blank around it", () => {
    // November 2026 starts on a Sunday and has 30 days: five rows, the last one ending on the 30th.
    expect(weeks).toHaveLength(5);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0]![0]).toMatchObject({ day: "2026-11-01", date: 1 });
    expect(weeks[4]![1]).toMatchObject({ day: "2026-11-30" });
    expect(weeks[4]!.slice(2)).toEqual([null, null, null, null, null]);
    const october = monthWeeks(
      "2026-10-01",
      new Map(),
      { from: "2026-10-01", to: "2026-10-31" },
      "x",
      "sunday",
    );
    // October 1, 2026 is a Thursday.
    expect(october[0]!.slice(0, 4)).toEqual([null, null, null, null]);
  });

  it("starts each row on Monday for a Monday-first user", () => {
    const monday = monthWeeks(
      "2026-11-01",
      tallies,
      { from: "2026-11-02", to: "2026-11-30" },
      "2026-11-10",
      "monday",
    );
    // November 1, 2026 is a Sunday: the last cell of the first row, the 30th opens the sixth.
    expect(monday[0]!.slice(0, 6)).toEqual([null, null, null, null, null, null]);
    expect(monday[0]![6]).toMatchObject({ day: "2026-11-01" });
    expect(monday[1]![0]).toMatchObject({ day: "2026-11-02" });
    expect(monday).toHaveLength(6);
    expect(monday[5]![0]).toMatchObject({ day: "2026-11-30" });
  });

  it("gives each day the dashboard's outcome and marks days outside the period", () => {
    const cell = (day: number) => weeks.flat().find((c) => c?.date === day)!;
    expect(cell(1)).toMatchObject({ inPeriod: false, outcome: "empty" });
    expect(cell(2)).toMatchObject({ inPeriod: true, outcome: "done" });
    expect(cell(3)).toMatchObject({ outcome: "partial", completed: 1, total: 2 });
    expect(cell(4).outcome).toBe("skipped");
    expect(cell(5).outcome).toBe("missed");
    expect(cell(10).outcome).toBe("open");
    expect(cell(11).outcome).toBe("upcoming");
  });
});

type TrendWeek = ReturnType<typeof weeklyTrend>["weeks"][number];

/** The trend of November 4 to 30, 2026, seen on the 24th at noon in New York: four weeks. */
function expectNovemberWeeks(
  rows: ReturnType<typeof row>[],
  weekStart: "sunday" | "monday",
  expected: TrendWeek[],
) {
  const tallies = tallyByDay(rows, NY, new Date("2026-11-24T17:00:00Z"));
  const { weeks, total } = weeklyTrend(
    tallies,
    "2026-11-04",
    "2026-11-30",
    "2026-11-24",
    weekStart,
  );
  expect(total).toBe(4);
  expect(weeks).toEqual(expected);
}

describe("weeklyTrend", () => {
  it("counts only decided goals: today's open goals wait, today's done ones count", () => {
    const tallies = tallyByDay(
      [
        row("2026-11-22", "done"), // Sunday
        row("2026-11-23"), // missed
        row("2026-11-24", "done"), // today
        row("2026-11-24"), // today, still open
        row("2026-11-24"),
        row("2026-11-25"), // tomorrow
      ],
      NY,
      new Date("2026-11-24T17:00:00Z"),
    );
    const { weeks } = weeklyTrend(tallies, "2026-11-22", "2026-11-28", "2026-11-24", "sunday");
    expect(weeks).toEqual([
      { start: "2026-11-22", end: "2026-11-24", decided: 3, completed: 2, rate: 67 },
    ]);
  });

  it("buckets completion by Sunday-to-Saturday week, clipped to the period and to today", () => {
    expectNovemberWeeks(
      [
        row("2026-11-04", "done"), // Wednesday, first (partial) week
        row("2026-11-05", "skipped"),
        row("2026-11-09", "done"), // next week
        row("2026-11-10", "done"),
        row("2026-11-11"), // missed
        row("2026-11-25"), // after today: not in the trend
      ],
      "sunday",
      [
        { start: "2026-11-04", end: "2026-11-07", decided: 2, completed: 1, rate: 50 },
        { start: "2026-11-08", end: "2026-11-14", decided: 3, completed: 2, rate: 67 },
        { start: "2026-11-15", end: "2026-11-21", decided: 0, completed: 0, rate: null },
        { start: "2026-11-22", end: "2026-11-24", decided: 0, completed: 0, rate: null },
      ],
    );
  });

  it("buckets by Monday-to-Sunday week for a Monday-first user", () => {
    expectNovemberWeeks(
      [row("2026-11-08", "done"), row("2026-11-09"), row("2026-11-15", "done")],
      "monday",
      [
        { start: "2026-11-04", end: "2026-11-08", decided: 1, completed: 1, rate: 100 },
        { start: "2026-11-09", end: "2026-11-15", decided: 2, completed: 1, rate: 50 },
        { start: "2026-11-16", end: "2026-11-22", decided: 0, completed: 0, rate: null },
        { start: "2026-11-23", end: "2026-11-24", decided: 0, completed: 0, rate: null },
      ],
    );
  });

  it("keeps only the last weeks of a long period", () => {
    const { weeks, total } = weeklyTrend(
      new Map(),
      "2024-11-24",
      "2026-11-24",
      "2026-11-24",
      "sunday",
      26,
    );
    expect(total).toBe(105);
    expect(weeks).toHaveLength(26);
    expect(weeks.at(-1)).toMatchObject({ start: "2026-11-22", end: "2026-11-24" });
    expect(weeks[0]!.start).toBe("2026-05-31");
  });

  it("walks only the weeks it keeps, however long ago the period starts", () => {
    const { weeks, total } = weeklyTrend(
      new Map(),
      "1000-01-01",
      "9999-12-31",
      "2026-11-24",
      "sunday",
    );
    expect(total).toBe(53_582);
    expect(weeks).toHaveLength(26);
    expect(weeks.at(-1)).toMatchObject({ start: "2026-11-22", end: "2026-11-24" });
  });
});

describe("goalsByDay", () => {
  const goal = (id: number, day: string, hour: number, llmFeedback: string | null = null) => ({
    id,
    dueDate: new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`),
    llmFeedback,
  });

  it("groups newest day first, each day in due order, and shows a shared coach note once", () => {
    const groups = goalsByDay(
      [
        goal(4, "2026-11-03", 23, "Great day!"),
        goal(3, "2026-11-03", 18, "Great day!"),
        goal(2, "2026-11-03", 17),
        goal(1, "2026-11-02", 18),
      ],
      NY,
    );
    expect(groups.map((g) => g.day)).toEqual(["2026-11-03", "2026-11-02"]);
    expect(groups[0]!.goals.map((g) => g.goal.id)).toEqual([2, 3, 4]);
    expect(groups[0]!.note).toBe("Great day!");
    expect(groups[0]!.goals.every((g) => g.note === null)).toBe(true);
    expect(groups[1]!.note).toBeNull();
  });

  it("keeps different notes with their goals", () => {
    const [day] = goalsByDay(
      [goal(2, "2026-11-03", 20, "Nice run"), goal(1, "2026-11-03", 18, "Well read")],
      NY,
    );
    expect(day!.note).toBeNull();
    expect(day!.goals.map((g) => g.note)).toEqual(["Well read", "Nice run"]);
  });

  it("takes the coach's note of the day from the day's notes", () => {
    const [day, before] = goalsByDay(
      [goal(2, "2026-11-03", 20), goal(1, "2026-11-02", 18)],
      NY,
      new Map([["2026-11-03", "Two for two."]]),
    );
    expect(day!.note).toBe("Two for two.");
    expect(day!.goals.map((g) => g.note)).toEqual([null]);
    expect(before!.note).toBeNull();
  });
});

describe("labels and text", () => {
  it("names months and days", () => {
    expect(monthTitle("2026-11-01")).toBe("November 2026");
    expect(shortDay("2026-01-05")).toBe("Jan 5");
    expect(longDay("2026-11-23")).toBe("Monday, November 23, 2026");
  });

  it("keeps what the standard fonts print and drops or marks the rest", () => {
    expect(printable("Café — “run” 5k • done…")).toBe("Café — “run” 5k • done…");
    expect(printable("Run 🏃‍♀️ 5k ✅\nthen rest")).toBe("Run 5k then rest");
    expect(printable("日本語 lesson")).toBe("??? lesson");
  });
});
