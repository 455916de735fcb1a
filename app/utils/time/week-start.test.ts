import { describe, expect, it } from "vitest";
import { addDays, dayNumber, dayOfWeek, WEEKDAY_NAMES } from "./local-time";
import {
  dayInWeek,
  dayNumberInWeek,
  lastWholeWeek,
  WEEK_STARTS,
  weekdayLabels,
  weekdaysInOrder,
  weekEndOf,
  weekSpanWords,
  weekStartNumber,
  weekStartOf,
} from "./week-start";

// 2026-11-22 is a Sunday; the week below runs Sunday the 22nd to Saturday the 28th.
const WEEK = [
  "2026-11-22",
  "2026-11-23",
  "2026-11-24",
  "2026-11-25",
  "2026-11-26",
  "2026-11-27",
  "2026-11-28",
];

describe("weekStartOf, for every weekday and both settings", () => {
  const expected = {
    // Sunday first: every day of the week belongs to the week of Sunday the 22nd.
    sunday: WEEK.map(() => "2026-11-22"),
    // Monday first: the Sunday closes the week of Monday the 16th; the rest open on the 23rd.
    monday: ["2026-11-16", ...WEEK.slice(1).map(() => "2026-11-23")],
  } as const;
  for (const firstDay of WEEK_STARTS) {
    WEEK.forEach((day, i) => {
      it(`${day} (weekday ${dayOfWeek(day)}) starts its ${firstDay}-first week on ${expected[firstDay][i]}`, () => {
        const start = weekStartOf(day, firstDay);
        expect(start).toBe(expected[firstDay][i]);
        expect(dayOfWeek(start)).toBe(firstDay === "sunday" ? 0 : 1);
        expect(weekEndOf(day, firstDay)).toBe(addDays(start, 6));
        expect(dayInWeek(day, firstDay)).toBe(
          Math.round((Date.parse(day) - Date.parse(start)) / 86_400_000),
        );
        expect(weekStartNumber(dayNumber(day), firstDay)).toBe(dayNumber(start));
        expect(dayNumberInWeek(dayNumber(day), firstDay)).toBe(dayInWeek(day, firstDay));
      });
    });
  }

  it("holds across years, before 1970 included, where day numbers are negative", () => {
    expect(weekStartOf("2027-01-01", "sunday")).toBe("2026-12-27");
    expect(weekStartOf("2027-01-01", "monday")).toBe("2026-12-28");
    expect(weekStartOf("1969-12-31", "sunday")).toBe("1969-12-28");
    expect(weekStartNumber(dayNumber("1969-12-31"), "monday")).toBe(dayNumber("1969-12-29"));
  });
});

describe("the weekday labels in order", () => {
  it("opens on Sunday or Monday and names all seven once", () => {
    expect(weekdayLabels("sunday")).toEqual(WEEKDAY_NAMES);
    expect(weekdayLabels("monday", "short")).toEqual([
      "Mon",
      "Tue",
      "Wed",
      "Thu",
      "Fri",
      "Sat",
      "Sun",
    ]);
    expect(weekdayLabels("sunday", "letter")).toEqual(["S", "M", "T", "W", "T", "F", "S"]);
    expect(weekdaysInOrder("monday")).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(weekdaysInOrder("sunday")).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(weekSpanWords("sunday")).toBe("Sunday to Saturday");
    expect(weekSpanWords("monday")).toBe("Monday to Sunday");
  });

  it("labels each day of a week at its own place", () => {
    for (const firstDay of WEEK_STARTS) {
      for (const day of WEEK) {
        const name = new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", {
          weekday: "long",
          timeZone: "UTC",
        });
        expect(weekdayLabels(firstDay)[dayInWeek(day, firstDay)]).toBe(name);
      }
    }
  });
});

describe("lastWholeWeek", () => {
  it("is the week ending that day when it is the week's last, else the one before", () => {
    // A weekly summary goes out on Sunday the 22nd.
    expect(lastWholeWeek("2026-11-22", "monday")).toEqual({ from: "2026-11-16", to: "2026-11-22" });
    expect(lastWholeWeek("2026-11-22", "sunday")).toEqual({ from: "2026-11-15", to: "2026-11-21" });
    expect(lastWholeWeek("2026-11-28", "sunday")).toEqual({ from: "2026-11-22", to: "2026-11-28" });
  });
});
