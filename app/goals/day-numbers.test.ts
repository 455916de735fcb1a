import { describe, expect, it } from "vitest";
import { dayOfWeekday, goalNumbered, inDayNumberOrder } from "./goals.server";

describe("inDayNumberOrder", () => {
  it("orders a day's goals by their numbers, gaps kept", () => {
    const goals = [
      { id: 1, dayNumber: 4 },
      { id: 2, dayNumber: 1 },
      { id: 3, dayNumber: 2 },
    ];
    expect(inDayNumberOrder(goals).map((g) => [g.id, g.dayNumber])).toEqual([
      [2, 1],
      [3, 2],
      [1, 4],
    ]);
  });

  it("numbers goals without a number after the highest, in the order given", () => {
    const goals = [
      { id: 1, dayNumber: null },
      { id: 2, dayNumber: 3 },
      { id: 3, dayNumber: null },
    ];
    expect(inDayNumberOrder(goals).map((g) => [g.id, g.dayNumber])).toEqual([
      [2, 3],
      [1, 4],
      [3, 5],
    ]);
    expect(inDayNumberOrder([{ dayNumber: null }])).toEqual([{ dayNumber: 1 }]);
  });
});

describe("goalNumbered", () => {
  it("finds a goal by its day number, not its place", () => {
    const goals = [
      { id: 7, dayNumber: 2 },
      { id: 8, dayNumber: 3 },
    ];
    expect(goalNumbered(goals, 3)?.id).toBe(8);
    expect(goalNumbered(goals, 1)).toBeUndefined();
  });
});

describe("dayOfWeekday", () => {
  it("is the weekday's next date, today when it is that day", () => {
    // 2026-11-27 is a Friday.
    expect(dayOfWeekday("2026-11-27", 5)).toBe("2026-11-27");
    expect(dayOfWeekday("2026-11-27", 6)).toBe("2026-11-28");
    expect(dayOfWeekday("2026-11-27", 4)).toBe("2026-12-03");
    expect(dayOfWeekday("2026-12-31", 0)).toBe("2027-01-03");
  });
});
