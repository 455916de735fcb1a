import { isFirstOfMonth, isSunday, latestSummaryDays } from "./summary-days";

describe("latestSummaryDays", () => {
  it("is the Sunday and the 1st on or before the day, the day itself included", () => {
    expect(latestSummaryDays("2026-11-25")).toEqual({
      weekly: "2026-11-22",
      monthly: "2026-11-01",
    });
    expect(latestSummaryDays("2026-11-22")).toEqual({
      weekly: "2026-11-22",
      monthly: "2026-11-01",
    });
    expect(latestSummaryDays("2026-11-21")).toEqual({
      weekly: "2026-11-15",
      monthly: "2026-11-01",
    });
  });

  it("reaches back over a month's and a year's end", () => {
    expect(latestSummaryDays("2027-01-02")).toEqual({
      weekly: "2026-12-27",
      monthly: "2027-01-01",
    });
  });

  it("is always a day a summary page exists for", () => {
    for (let day = 1; day <= 31; day++) {
      const { weekly, monthly } = latestSummaryDays(`2026-03-${String(day).padStart(2, "0")}`);
      expect(isSunday(weekly)).toBe(true);
      expect(isFirstOfMonth(monthly)).toBe(true);
    }
  });
});
