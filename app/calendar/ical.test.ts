import ICAL from "ical.js";
import { escapeText, foldLine, writeCalendar } from "./ical";

describe("writeCalendar", () => {
  it("writes text ical.js reads back the same: escapes, folded long lines, all-day and timed events", () => {
    const summary = `Plan; write, review \\ then ${"long ".repeat(30)}done ✓`;
    const text = writeCalendar({
      name: "StreakCoach",
      timeZone: "America/Chicago",
      host: "example.test",
      stamp: new Date("2026-03-01T12:00:00Z"),
      events: [
        { uid: "goal-1", summary, start: new Date("2026-03-08T08:30:00Z"), minutes: 15 },
        { uid: "day-1", summary: "All day", day: "2026-03-08" },
      ],
    });
    for (const line of text.split("\r\n"))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const events = new ICAL.Component(ICAL.parse(text))
      .getAllSubcomponents("vevent")
      .map((c) => new ICAL.Event(c));
    expect(events[0]!.summary).toBe(summary);
    expect(events[0]!.uid).toBe("goal-1@example.test");
    expect(events[0]!.startDate.toJSDate().toISOString()).toBe("2026-03-08T08:30:00.000Z");
    expect(events[0]!.endDate.toJSDate().toISOString()).toBe("2026-03-08T08:45:00.000Z");
    expect(events[1]!.startDate.isDate).toBe(true);
    expect(events[1]!.startDate.toString()).toBe("2026-03-08");
    expect(events[1]!.endDate.toString()).toBe("2026-03-09");
  });
});

describe("escapeText and foldLine", () => {
  it("escape what RFC 5545 asks and never split a character", () => {
    expect(escapeText("a;b,c\\d\ne")).toBe("a\\;b\\,c\\\\d\\ne");
    const folded = foldLine(`SUMMARY:${"é".repeat(60)}`);
    expect(folded.split("\r\n ").join("")).toBe(`SUMMARY:${"é".repeat(60)}`);
  });
});
