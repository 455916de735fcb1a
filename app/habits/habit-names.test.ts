import { describe, expect, it } from "vitest";
import { habitNameKey, sameHabitName } from "./habit-names";

describe("sameHabitName", () => {
  it.each([
    ["floss", "Floss"],
    ["floss", "  floss.  "],
    ["Read 10 pages", "read  10-pages!"],
    ["don't snooze", "Dont snooze"],
    ["don\u2019t snooze", "don't snooze"],
    ["floss 🦷", "floss"],
    ["floss daily", "floss"],
    ["Floss every day", "daily: floss"],
    ["ＦＬＯＳＳ", "floss"],
    ["café", "cafe\u0301"],
  ])("%j and %j are one habit", (a, b) => {
    expect(sameHabitName(a, b)).toBe(true);
  });

  it.each([
    ["floss", "flossing"],
    ["brush teeth every morning", "brush teeth every night"],
    ["read", "read news"],
    ["run 5k", "run 10k"],
    ["🏃", "🧘"],
    ["daily", "weekly"],
  ])("%j and %j are two habits", (a, b) => {
    expect(sameHabitName(a, b)).toBe(false);
  });

  it("keeps a name made only of an every-day word", () => {
    expect(habitNameKey("Daily")).toBe("daily");
    expect(habitNameKey("every day")).toBe("every day");
  });
});
