import { describe, expect, it } from "vitest";
import { openGoals, planCheckIn, type PlannedGoal } from "./check-in-plan";

const goal = (id: number, outcome: PlannedGoal["outcome"], setByText = false): PlannedGoal => ({
  id,
  description: `goal ${id}`,
  outcome,
  setByText,
});
const ids = (goals: PlannedGoal[]) => goals.map((g) => g.id);
const reading = (completed: number[], skipped: number[] = [], tomorrow: number[] = []) => ({
  completed,
  skipped,
  tomorrow,
});

describe("planCheckIn", () => {
  it("applies the text to open goals, by their number in the list shown", () => {
    const plan = planCheckIn(
      [goal(7, "open"), goal(8, "open"), goal(9, "open")],
      reading([1], [2], [3]),
    );
    expect(ids(plan.done)).toEqual([7]);
    expect(ids(plan.skipped)).toEqual([8]);
    expect(ids(plan.moved)).toEqual([9]);
    expect(plan.kept).toEqual([]);
  });

  it("reads the numbers as day numbers: a removed goal's gap names nothing", () => {
    const listed = [
      { ...goal(7, "open"), dayNumber: 1 },
      { ...goal(9, "open"), dayNumber: 3 },
      { ...goal(10, "open"), dayNumber: 4 },
    ];
    const plan = planCheckIn(listed, reading([3], [2], [4]));
    expect(ids(plan.done)).toEqual([9]);
    expect(plan.skipped).toEqual([]);
    expect(ids(plan.moved)).toEqual([10]);
  });

  it("keeps an outcome set on the web instead of turning it around", () => {
    const plan = planCheckIn([goal(1, "open"), goal(2, "completed")], reading([1], [2]));
    expect(ids(plan.done)).toEqual([1]);
    expect(plan.skipped).toEqual([]);
    expect(ids(plan.kept)).toEqual([2]);
    expect(ids(planCheckIn([goal(3, "skipped")], reading([1])).kept)).toEqual([3]);
  });

  it("lets a later text correct what an earlier text set", () => {
    const plan = planCheckIn([goal(1, "completed", true)], reading([], [1]));
    expect(ids(plan.skipped)).toEqual([1]);
    expect(plan.kept).toEqual([]);
  });

  it("changes nothing and keeps nothing when the outcome is already the one reported", () => {
    const plan = planCheckIn([goal(1, "completed")], reading([1]));
    expect(plan).toEqual({ done: [], skipped: [], moved: [], kept: [] });
  });

  it("never moves a done goal, and ignores numbers outside the list", () => {
    const plan = planCheckIn([goal(1, "completed", true)], reading([], [], [1, 4]));
    expect(plan.moved).toEqual([]);
    expect(ids(plan.kept)).toEqual([1]);
  });

  it("reads a goal named twice once, first verdict first", () => {
    const plan = planCheckIn([goal(1, "open")], reading([1], [1]));
    expect(ids(plan.done)).toEqual([1]);
    expect(plan.skipped).toEqual([]);
  });
});

describe("openGoals", () => {
  it("keeps the goals neither done nor skipped, in order", () => {
    const goals = [
      { id: 1, completedAt: null, skippedAt: null },
      { id: 2, completedAt: new Date(), skippedAt: null },
      { id: 3, completedAt: null, skippedAt: new Date() },
      { id: 4, completedAt: null, skippedAt: null },
    ];
    expect(openGoals(goals).map((g) => g.id)).toEqual([1, 4]);
  });
});
