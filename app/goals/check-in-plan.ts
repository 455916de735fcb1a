// What a check-in by text changes, decided before anything is written. Pure. A goal whose outcome was
// set elsewhere (the dashboard, the /api) keeps it and the reply says so; one set by an earlier text
// today may be corrected by a later one.

export type PlannedGoal = {
  id: number;
  description: string;
  outcome: "completed" | "skipped" | "open";
  /** Its outcome was set by a text today (so a later text may change it). */
  setByText: boolean;
  /** Its day number, which the reading's numbers are (conventions v4); its place in the list if absent. */
  dayNumber?: number;
};

export type CheckInPlan<G extends PlannedGoal> = {
  done: G[];
  skipped: G[];
  moved: G[];
  /** Named by the text, but decided on the web: left as they are. */
  kept: G[];
};

type Target = "completed" | "skipped" | "moved";

export function planCheckIn<G extends PlannedGoal>(
  listed: G[],
  reading: { completed: number[]; skipped: number[]; tomorrow: number[] },
): CheckInPlan<G> {
  const plan: CheckInPlan<G> = { done: [], skipped: [], moved: [], kept: [] };
  const byNumber = new Map(listed.map((g, i) => [g.dayNumber ?? i + 1, g]));
  const seen = new Set<number>();
  const visit = (numbers: number[], target: Target, into: G[]) => {
    for (const n of numbers) {
      const goal = byNumber.get(n);
      if (!goal || seen.has(goal.id)) continue;
      seen.add(goal.id);
      if (goal.outcome === target) continue;
      const decidedElsewhere = goal.outcome !== "open" && !goal.setByText;
      // A done goal is never moved (undo it first); that is said, not done silently.
      if (decidedElsewhere || (target === "moved" && goal.outcome === "completed"))
        plan.kept.push(goal);
      else into.push(goal);
    }
  };
  visit(reading.completed, "completed", plan.done);
  visit(reading.skipped, "skipped", plan.skipped);
  visit(reading.tomorrow, "moved", plan.moved);
  return plan;
}

/** Of the goals of a day, those the evening question asks about: the ones still open, in order. */
export function openGoals<G extends { completedAt: unknown; skippedAt: unknown }>(goals: G[]): G[] {
  return goals.filter((g) => !g.completedAt && !g.skippedAt);
}
