import {
  clampToHistory,
  clampToWindow,
  dayWindow,
  eachDay,
  historyDayCount,
  historyWindow,
  isCalendarDay,
  isDayInHistory,
  isDayInWindow,
  isInstantInWindow,
  MAX_WINDOW_DAYS,
} from "./date-window";

describe("dayWindow", () => {
  it("runs from 5 years back to 2 years ahead", () => {
    expect(dayWindow("2026-11-25")).toEqual({ first: "2021-11-25", last: "2028-11-25" });
  });

  it("turns a 29 February into the 28th in years without one", () => {
    expect(dayWindow("2028-02-29")).toEqual({ first: "2023-02-28", last: "2030-02-28" });
  });
});

describe("isDayInWindow", () => {
  it.each([
    ["2021-11-25", true],
    ["2028-11-25", true],
    ["2026-11-25", true],
    ["2021-11-24", false],
    ["2028-11-26", false],
    ["9999-12-31", false],
    ["0001-01-01", false],
    ["2026-13-01", false],
    ["2026-02-30", false],
    ["+010000-01-01", false],
    ["26-11-25", false],
  ])("%s is %s", (day, inside) => {
    expect(isDayInWindow(day, "2026-11-25")).toBe(inside);
  });
});

describe("isCalendarDay", () => {
  it("accepts real days only", () => {
    expect(isCalendarDay("2024-02-29")).toBe(true);
    expect(isCalendarDay("2025-02-29")).toBe(false);
    expect(isCalendarDay("2025-2-9")).toBe(false);
  });
});

describe("clampToWindow", () => {
  it.each([
    ["9999-12-31", "2028-11-25"],
    ["+010000-01-01", "2028-11-25"],
    ["0001-01-01", "2021-11-25"],
    ["-000001-01-01", "2021-11-25"],
    ["garbage", "2021-11-25"],
    ["2026-06-15", "2026-06-15"],
  ])("%s becomes %s", (day, clamped) => {
    expect(clampToWindow(day, "2026-11-25")).toBe(clamped);
  });
});

describe("isInstantInWindow", () => {
  const now = new Date("2026-11-25T12:00:00Z");
  it.each([
    ["9999-12-31T23:00:00Z", false],
    ["0001-01-01T00:00:00Z", false],
    ["2028-11-25T23:59:59Z", true],
    ["2028-11-26T00:00:00Z", false],
    ["2021-11-25T00:00:00Z", true],
    ["2021-11-24T23:59:59Z", false],
    ["2026-11-26T19:00:00Z", true],
  ])("%s is %s", (instant, inside) => {
    expect(isInstantInWindow(new Date(instant), now)).toBe(inside);
  });

  it("refuses an invalid date", () => {
    expect(isInstantInWindow(new Date(Number.NaN), now)).toBe(false);
  });
});

describe("eachDay", () => {
  it("lists the days from one to the other", () => {
    expect(eachDay("2026-02-27", "2026-03-02")).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
  });

  it("is empty when the end comes first or a day is not one", () => {
    expect(eachDay("2026-03-02", "2026-03-01")).toEqual([]);
    expect(eachDay("garbage", "2026-03-01")).toEqual([]);
  });

  it("keeps only the last days of a span longer than the window", () => {
    const days = eachDay("0001-01-01", "9999-12-31");
    expect(days).toHaveLength(MAX_WINDOW_DAYS);
    expect(days.at(-1)).toBe("9999-12-31");
    expect(eachDay("2026-01-01", "2026-01-10", 3)).toEqual([
      "2026-01-08",
      "2026-01-09",
      "2026-01-10",
    ]);
  });
});

describe("historyWindow", () => {
  it("reaches back to Loop's first years, and forward as far as the window", () => {
    expect(historyWindow("2026-11-25")).toEqual({ first: "2015-01-01", last: "2028-11-25" });
    expect(historyDayCount("2026-11-25")).toBe(5078);
    expect(isDayInHistory("2017-06-15", "2026-11-25")).toBe(true);
    expect(isDayInWindow("2017-06-15", "2026-11-25")).toBe(false);
    expect(isDayInHistory("2014-12-31", "2026-11-25")).toBe(false);
    expect(isDayInHistory("2017-02-29", "2026-11-25")).toBe(false);
  });

  it("bounds a stored start anywhere to it, so a walk from there ends", () => {
    expect(clampToHistory("0001-01-01", "2026-11-25")).toBe("2015-01-01");
    expect(clampToHistory("2017-06-15", "2026-11-25")).toBe("2017-06-15");
    expect(clampToHistory("+010000-01-01", "2026-11-25")).toBe("2028-11-25");
  });

  it("is the date window itself once the window starts before 2015", () => {
    expect(historyWindow("2018-03-01")).toEqual(dayWindow("2018-03-01"));
  });
});
