import fc from "fast-check";
import {
  completionPhrase,
  completionRate,
  countOutcomes,
  decidedCount,
  goalCount,
  outcomeOf,
  outcomeOfState,
  rateBasis,
  rateSentence,
} from "./goal-numbers";
import type { Outcome } from "./goal-numbers";
import { goalState, type GoalState } from "./goal-rules";

const counts = (completed: number, skipped: number, missed: number, open: number) => ({
  completed,
  skipped,
  missed,
  open,
});

describe("outcomeOf", () => {
  it("is what the user said first, then missed once the due day has ended, else open", () => {
    expect(outcomeOf({ completed: true, skipped: true, dueDayEnded: true })).toBe("completed");
    expect(outcomeOf({ completed: false, skipped: true, dueDayEnded: false })).toBe("skipped");
    expect(outcomeOf({ completed: false, skipped: false, dueDayEnded: true })).toBe("missed");
    expect(outcomeOf({ completed: false, skipped: false, dueDayEnded: false })).toBe("open");
  });

  it("agrees with goalState for any goal, instant and zone", () => {
    const NY = "America/New_York";
    const instant = fc.date({
      min: new Date("2020-01-01T00:00:00Z"),
      max: new Date("2030-01-01T00:00:00Z"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(
        instant,
        instant,
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(NY, "Pacific/Honolulu", "Asia/Kolkata", "UTC"),
        (dueDate, now, completed, skipped, zone) => {
          const goal = {
            dueDate,
            completedAt: completed ? now : null,
            skippedAt: skipped ? now : null,
          };
          const state = goalState(goal, now, zone);
          const dueDayEnded = goalState({ ...goal, completedAt: null, skippedAt: null }, now, zone);
          expect(outcomeOfState(state)).toBe(
            outcomeOf({ completed, skipped, dueDayEnded: dueDayEnded === "missed" }),
          );
        },
      ),
    );
  });
});

describe("countOutcomes", () => {
  it("counts pending and overdue goals as open", () => {
    const states: GoalState[] = ["pending", "overdue", "completed", "skipped", "missed", "missed"];
    expect(countOutcomes(states)).toEqual(counts(1, 1, 2, 2));
  });
});

describe("completionRate", () => {
  it("is completed over decided goals: open goals never count", () => {
    // The morning of a day with three open goals: yesterday's one done and three missed stay 25%.
    expect(completionRate(counts(1, 0, 3, 0))).toBe(25);
    expect(completionRate(counts(1, 0, 3, 3))).toBe(25);
    expect(completionRate(counts(2, 1, 1, 5))).toBe(50);
  });

  it("counts skipped as not completed", () => {
    expect(completionRate(counts(1, 1, 0, 0))).toBe(50);
  });

  it("is 0 while nothing is decided, and a rounded percentage after", () => {
    expect(completionRate(counts(0, 0, 0, 0))).toBe(0);
    expect(completionRate(counts(0, 0, 0, 4))).toBe(0);
    expect(completionRate(counts(1, 0, 2, 0))).toBe(33);
    expect(completionRate(counts(1, 7, 0, 0))).toBe(13); // 12.5 rounds half up
    expect(completionRate(counts(199, 0, 1, 0))).toBe(100); // 99.5
    expect(completionRate(counts(994, 6, 0, 0))).toBe(99); // 99.4
  });

  it("never changes when goals are added that are still open", () => {
    const n = fc.nat({ max: 10_000 });
    fc.assert(
      fc.property(n, n, n, n, n, (completed, skipped, missed, open, more) => {
        const before = counts(completed, skipped, missed, open);
        const after = counts(completed, skipped, missed, open + more);
        expect(completionRate(after)).toBe(completionRate(before));
        expect(completionRate(before)).toBeGreaterThanOrEqual(0);
        expect(completionRate(before)).toBeLessThanOrEqual(100);
      }),
    );
  });

  it("is the same whether counted from states or outcomes", () => {
    const outcome = fc.constantFrom<Outcome>("completed", "skipped", "missed", "open");
    fc.assert(
      fc.property(fc.array(outcome, { maxLength: 50 }), (outcomes) => {
        const c = countOutcomes(outcomes);
        expect(goalCount(c)).toBe(outcomes.length);
        expect(decidedCount(c)).toBe(outcomes.filter((o) => o !== "open").length);
      }),
    );
  });
});

describe("what the numbers say they count", () => {
  it("names the decided goals behind the rate", () => {
    expect(rateBasis(counts(2, 1, 1, 3))).toBe("2 of 4 decided goals");
    expect(rateBasis(counts(1, 0, 0, 0))).toBe("1 of 1 decided goal");
    expect(rateBasis(counts(0, 0, 0, 2))).toBe("0 of 0 decided goals");
    expect(rateBasis(counts(1500, 500, 0, 0))).toBe("1,500 of 2,000 decided goals");
  });

  it("reads as a sentence in texts", () => {
    expect(rateSentence(counts(2, 1, 1, 3))).toBe("50% of 4 decided goals (2 done, 3 still open)");
    expect(rateSentence(counts(1, 0, 0, 0))).toBe("100% of 1 decided goal (1 done)");
    expect(completionPhrase(counts(5, 1, 0, 1))).toBe(
      "completion 83% (5 of 6 decided goals; 1 still open)",
    );
    expect(completionPhrase(counts(0, 0, 0, 0))).toBe("completion 0% (0 of 0 decided goals)");
  });
});
