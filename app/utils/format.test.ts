import { formatClockTime, formatLocalDay } from "./format";

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
