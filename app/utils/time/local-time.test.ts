import { tzOffset } from "@date-fns/tz";
import fc from "fast-check";
import {
  addDays,
  dayNumber,
  daysBetween,
  firstOfMonth,
  localDay,
  localDayNumber,
  localTime,
  weekdayName,
  zonedInstant,
} from "./local-time";

/** Each [day, wall-clock time, zone] is the instant given, in UTC. */
function expectZonedInstants(cases: [string, string, string, string][]) {
  for (const [day, time, zone, instant] of cases) {
    expect(zonedInstant(day, time, zone).toISOString()).toBe(instant);
  }
}

describe("local time", () => {
  it("names the weekday of a local day", () => {
    expect(weekdayName("2026-11-21")).toBe("Saturday");
    expect(weekdayName("2026-11-22")).toBe("Sunday");
    expect(weekdayName("2024-02-29")).toBe("Thursday");
  });

  it("reads the local day and time of an instant in a zone", () => {
    const instant = new Date("2026-03-01T03:30:00Z");
    expect(localDay(instant, "America/New_York")).toBe("2026-02-28");
    expect(localTime(instant, "America/New_York")).toBe("22:30");
    expect(localDay(instant, "UTC")).toBe("2026-03-01");
  });

  it("finds the instant of a wall-clock time in each zone", () => {
    expectZonedInstants([
      ["2026-07-01", "08:00", "America/New_York", "2026-07-01T12:00:00.000Z"],
      ["2026-01-15", "08:00", "America/Chicago", "2026-01-15T14:00:00.000Z"],
      ["2026-01-15", "19:00", "America/Denver", "2026-01-16T02:00:00.000Z"],
      ["2026-07-15", "19:00", "America/Los_Angeles", "2026-07-16T02:00:00.000Z"],
      ["2026-07-15", "06:00", "America/Anchorage", "2026-07-15T14:00:00.000Z"],
      ["2026-03-08", "08:00", "Pacific/Honolulu", "2026-03-08T18:00:00.000Z"],
    ]);
  });

  it("moves a time skipped by spring-forward to the first valid minute after it", () => {
    // 2026-03-08 02:00 EST jumps to 03:00 EDT.
    expectZonedInstants([
      ["2026-03-08", "02:30", "America/New_York", "2026-03-08T07:00:00.000Z"],
      ["2026-03-08", "08:00", "America/New_York", "2026-03-08T12:00:00.000Z"],
      ["2027-03-14", "02:00", "America/Chicago", "2027-03-14T08:00:00.000Z"],
    ]);
  });

  it("takes the first occurrence of a time repeated by fall-back", () => {
    // 2026-11-01 01:30 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    expectZonedInstants([
      ["2026-11-01", "01:30", "America/New_York", "2026-11-01T05:30:00.000Z"],
      ["2026-11-01", "19:00", "America/New_York", "2026-11-02T00:00:00.000Z"],
      ["2027-11-07", "01:15", "America/Los_Angeles", "2027-11-07T08:15:00.000Z"],
    ]);
  });

  it("counts calendar days across month, year and DST boundaries", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-03-07", "2026-03-09")).toBe(2);
    expect(firstOfMonth("2026-01-20", -1)).toBe("2025-12-01");
  });

  it("numbers a day as Date.UTC does, by character codes or not", () => {
    const pad = (n: number, width: number) => String(n).padStart(width, "0");
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 40 }),
        (y, m, d) => {
          const day = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
          expect(dayNumber(day)).toBe(Date.UTC(y, m - 1, d) / 86_400_000);
        },
      ),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 9000 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: -1000, max: 1000 }),
        (y, m, d, days) => {
          const day = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
          const expected = new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
          expect(addDays(day, days)).toBe(expected);
        },
      ),
      { numRuns: 3000 },
    );
    expect(dayNumber("1970-01-01")).toBe(0);
    expect(dayNumber("2026-03-01") - dayNumber("2026-02-28")).toBe(1);
  });

  it("reads the offset of a week with a change in it on the right side of the change", () => {
    const zones = ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Asia/Kathmandu"];
    // Instants within a day of 2026's changes (and of the weeks around them).
    const changes = [
      Date.UTC(2026, 2, 8, 7),
      Date.UTC(2026, 2, 29, 1),
      Date.UTC(2026, 3, 5, 15),
      Date.UTC(2026, 9, 4, 16),
      Date.UTC(2026, 9, 25, 1),
      Date.UTC(2026, 10, 1, 6),
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.constantFrom(...changes),
        fc.integer({ min: -86_400_000, max: 86_400_000 }),
        (zone, change, ms) => {
          const instant = change + ms;
          const offset = tzOffset(zone, new Date(instant));
          expect(localDayNumber(instant, zone)).toBe(
            Math.floor((instant + offset * 60_000) / 86_400_000),
          );
          expect(localTime(new Date(instant), zone)).toBe(
            new Date(instant + offset * 60_000).toISOString().slice(11, 16),
          );
        },
      ),
      { numRuns: 3000 },
    );
  });
});
