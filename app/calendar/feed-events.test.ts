import { localTime } from "~/utils/time/local-time";
import { FEED_DAYS, feedEvents } from "./feed-events";

const owner = {
  timezone: "America/New_York",
  preferredCheckInTimeMorning: "08:00",
  preferredCheckInTimeEvening: "19:00",
  sendCheckInReminders: true,
};

describe("feedEvents", () => {
  it("keeps each check-in at its wall-clock time across a daylight-saving change", () => {
    // 2026-03-08 is the spring-forward day in New York.
    const events = feedEvents(owner, "2026-03-01", [], []);
    const mornings = events.filter((e) => e.summary === "Morning check-in");
    expect(mornings).toHaveLength(FEED_DAYS);
    for (const event of mornings) expect(localTime(event.start!, owner.timezone)).toBe("08:00");
  });

  it("shows a habit on its scheduled days only, and not where its goal of the day already stands", () => {
    const habit = {
      id: 7,
      title: "Run",
      schedules: [{ from: "2026-01-01", days: [1, 3] }],
      dueTime: null,
      startDate: "2026-01-01",
      active: true,
    };
    const goal = {
      id: 1,
      description: "Run",
      dueDate: new Date("2026-03-02T23:00:00Z"),
      completedAt: null,
      skippedAt: null,
      habitId: 7,
      habitDay: "2026-03-02",
    };
    const events = feedEvents(
      { ...owner, sendCheckInReminders: false },
      "2026-03-01",
      [goal],
      [habit],
    );
    const runs = events.filter((e) => e.summary === "Run");
    // Mondays and Wednesdays of 2026-03-01..15: 2, 4, 9, 11 (the 2nd's is the goal).
    expect(runs.map((e) => e.uid)).toEqual([
      "goal-1",
      "habit-7-2026-03-04",
      "habit-7-2026-03-09",
      "habit-7-2026-03-11",
    ]);
    expect(localTime(runs[1]!.start!, owner.timezone)).toBe("19:00");
    expect(events.some((e) => e.summary.includes("check-in"))).toBe(false);
  });
});
