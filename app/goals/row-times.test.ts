import { rowTimes } from "./row-times";

const TZ = "America/New_York";
// 8:00 PM on Nov 21, 2026 in New York (UTC-5).
const due = new Date("2026-11-22T01:00:00Z");

describe("rowTimes", () => {
  it("gives today's list the time alone, and the creation time without the date on the due day", () => {
    const createdSameDay = new Date("2026-11-21T14:12:00Z");
    expect(rowTimes({ dueDate: due, createdAt: createdSameDay }, TZ, true)).toEqual({
      dueLabel: "8:00 PM",
      createdLabel: "9:12 AM",
    });
  });

  it("keeps the full due date on the other lists", () => {
    const createdSameDay = new Date("2026-11-21T14:12:00Z");
    expect(rowTimes({ dueDate: due, createdAt: createdSameDay }, TZ, false)).toEqual({
      dueLabel: "Nov 21, 2026, 8:00 PM",
      createdLabel: "9:12 AM",
    });
  });

  it("dates a goal created on another day than its due day, in the user's zone", () => {
    // 11:30 PM on Nov 20 in New York, already Nov 21 in UTC.
    const createdDayBefore = new Date("2026-11-21T04:30:00Z");
    expect(rowTimes({ dueDate: due, createdAt: createdDayBefore }, TZ, true)).toEqual({
      dueLabel: "8:00 PM",
      createdLabel: "Nov 20, 2026, 11:30 PM",
    });
  });
});
