import { canSetDay, dayIntentValue, lastDays, parseDayIntent, todayOutcome } from "./habit-days";
import { yearHeatmap, type HabitHistory } from "./habit-stats";

const TODAY = "2026-11-26"; // a Thursday

const daily = (days: HabitHistory["days"], start = "2026-11-01"): HabitHistory => ({
  start,
  schedules: [{ from: start, schedule: { days: [0, 1, 2, 3, 4, 5, 6] } }],
  days,
  stoppedOn: null,
  weekStartsOn: "sunday",
});

describe("parseDayIntent", () => {
  it("reads what the toggle buttons send, and round-trips", () => {
    expect(parseDayIntent("done:2026-11-26")).toEqual({ day: "2026-11-26", done: true });
    expect(parseDayIntent("undo:2026-11-20")).toEqual({ day: "2026-11-20", done: false });
    expect(parseDayIntent(dayIntentValue({ day: "2024-02-29", done: true }))).toEqual({
      day: "2024-02-29",
      done: true,
    });
  });

  it("refuses anything else", () => {
    for (const value of [null, "done", "done:", "done:2026-02-30", "skip:2026-11-26", "done:26/11"])
      expect(parseDayIntent(value)).toBeNull();
  });
});

describe("canSetDay", () => {
  const habit = { startDate: "2026-11-22", stoppedOn: null };
  it("allows today and past days from the habit's start, never the future", () => {
    expect(canSetDay(habit, TODAY, TODAY)).toBe(true);
    expect(canSetDay(habit, "2026-11-22", TODAY)).toBe(true);
    expect(canSetDay(habit, "2026-11-21", TODAY)).toBe(false);
    expect(canSetDay(habit, "2026-11-27", TODAY)).toBe(false);
  });

  it("stops at the day a habit was stopped", () => {
    const stopped = { startDate: "2026-11-01", stoppedOn: "2026-11-24" };
    expect(canSetDay(stopped, "2026-11-23", TODAY)).toBe(true);
    expect(canSetDay(stopped, "2026-11-24", TODAY)).toBe(false);
  });
});

describe("lastDays", () => {
  it("is the seven days ending today, oldest first, with each day's outcome", () => {
    const history = daily([
      { day: "2026-11-20", outcome: "done" },
      { day: "2026-11-23", outcome: "skipped" },
      { day: "2026-11-25", outcome: "done" },
      { day: "2026-11-26", outcome: "open" },
    ]);
    const days = lastDays(
      yearHeatmap(history, TODAY),
      { startDate: history.start, stoppedOn: null },
      TODAY,
    );
    expect(days.map((d) => d.day)).toEqual([
      "2026-11-20",
      "2026-11-21",
      "2026-11-22",
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
    ]);
    expect(days.map((d) => d.done)).toEqual([true, false, false, false, false, true, false]);
    expect(days.map((d) => d.outcome)).toEqual([
      "done",
      "missed",
      "missed",
      "skipped",
      "missed",
      "done",
      "open",
    ]);
    expect(days.every((d) => d.settable)).toBe(true);
  });

  it("offers no day before the habit started", () => {
    const history = daily([], "2026-11-24");
    const days = lastDays(
      yearHeatmap(history, TODAY),
      { startDate: "2026-11-24", stoppedOn: null },
      TODAY,
    );
    expect(days.filter((d) => d.settable).map((d) => d.day)).toEqual([
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
    ]);
  });
});

describe("todayOutcome", () => {
  it("is today's outcome when the habit has a goal today, else null", () => {
    expect(todayOutcome(daily([{ day: TODAY, outcome: "done" }]), TODAY)).toBe("done");
    expect(todayOutcome(daily([{ day: "2026-11-25", outcome: "done" }]), TODAY)).toBeNull();
    expect(todayOutcome(daily([]), TODAY)).toBeNull();
  });
});
