import { counted, formatClockTime, formatLocalDay, pluralDays } from "./format";

describe("formatLocalDay", () => {
  it("reads a calendar day the same in every time zone", () => {
    expect(formatLocalDay("2026-10-14")).toBe("Oct 14, 2026");
    expect(formatLocalDay("2026-01-01")).toBe("Jan 1, 2026");
    expect(formatLocalDay("2026-12-31")).toBe("Dec 31, 2026");
  });
});

describe("formatClockTime", () => {
  it("writes a 24-hour time the way the rest of the app shows times", () => {
    expect(formatClockTime("00:05")).toBe("12:05 AM");
    expect(formatClockTime("07:00")).toBe("7:00 AM");
    expect(formatClockTime("12:00")).toBe("12:00 PM");
    expect(formatClockTime("19:30")).toBe("7:30 PM");
  });
});

describe("counted", () => {
  it("says 1 day, 1 goal and 1 week, never 1 days", () => {
    expect(counted(1, "day")).toBe("1 day");
    expect(counted(1, "goal")).toBe("1 goal");
    expect(counted(1, "week")).toBe("1 week");
    expect(counted(0, "goal")).toBe("0 goals");
    expect(counted(1200, "day")).toBe("1,200 days");
    expect(pluralDays(1)).toBe("1 day");
    expect(pluralDays(2)).toBe("2 days");
  });
});
