import { describe, expect, it } from "vitest";
import { bestStreakOf, streakOf, type StreakStatus } from "./streaks";

const units = (...statuses: StreakStatus[]) => statuses.map((status) => ({ status }));

describe("streaks", () => {
  it.each([
    { statuses: [], streak: 0, best: 0 },
    { statuses: ["met", "met", "met"], streak: 3, best: 3 },
    { statuses: ["met", "met", "missed", "met"], streak: 1, best: 2 },
    { statuses: ["met", "met", "pending"], streak: 2, best: 2 },
    { statuses: ["met", "pending", "met"], streak: 2, best: 2 },
    { statuses: ["met", "met", "met", "missed"], streak: 0, best: 3 },
    { statuses: ["pending"], streak: 0, best: 0 },
  ] satisfies { statuses: StreakStatus[]; streak: number; best: number }[])(
    "$statuses: streak $streak, best $best",
    ({ statuses, streak, best }) => {
      expect(streakOf(units(...statuses))).toBe(streak);
      expect(bestStreakOf(units(...statuses))).toBe(best);
    },
  );
});
