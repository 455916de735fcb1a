/** Where a goal stands on its day; goal-rules decides it (goalState). */
export type GoalState = "pending" | "overdue" | "completed" | "skipped" | "missed";

/**
 * The numbers every page, PDF, summary, share page, text and /api answer shows about goals. Pure.
 * A goal counts toward the completion rate only once its outcome is decided: completed, skipped or
 * missed. Open goals (today's not yet done, and any goal of a later day) wait until they are.
 */
export type Outcome = "completed" | "skipped" | "missed" | "open";

/** What the user said of a goal: done (which wins over skipped), skipped, or nothing yet. */
export function saidOutcome(goal: {
  completed: boolean;
  skipped: boolean;
}): Exclude<Outcome, "missed"> {
  if (goal.completed) return "completed";
  if (goal.skipped) return "skipped";
  return "open";
}

/** Done and skipped are what the user said; otherwise a goal is missed once its due day has ended. */
export function outcomeOf(goal: {
  completed: boolean;
  skipped: boolean;
  dueDayEnded: boolean;
}): Outcome {
  const said = saidOutcome(goal);
  return said === "open" && goal.dueDayEnded ? "missed" : said;
}

export function outcomeOfState(state: GoalState): Outcome {
  return state === "pending" || state === "overdue" ? "open" : state;
}

export type OutcomeCounts = Record<Outcome, number>;

export function noOutcomes(): OutcomeCounts {
  return { completed: 0, skipped: 0, missed: 0, open: 0 };
}

/** Counts goals by outcome; goal states (pending and overdue are open) are accepted as they are. */
export function countOutcomes(items: Iterable<Outcome | GoalState>): OutcomeCounts {
  const counts = noOutcomes();
  for (const item of items) {
    counts[item === "pending" || item === "overdue" ? "open" : item] += 1;
  }
  return counts;
}

export function addOutcomes(into: OutcomeCounts, more: OutcomeCounts): OutcomeCounts {
  for (const key of Object.keys(into) as Outcome[]) into[key] += more[key];
  return into;
}

export function decidedCount(counts: OutcomeCounts) {
  return counts.completed + counts.skipped + counts.missed;
}

export function goalCount(counts: OutcomeCounts) {
  return decidedCount(counts) + counts.open;
}

/** Completed over decided goals, as a rounded percent; 0 while nothing is decided. */
export function completionRate(counts: OutcomeCounts) {
  const decided = decidedCount(counts);
  return decided === 0 ? 0 : Math.round((100 * counts.completed) / decided);
}

/** What the completion rate counts: '2 of 4 decided goals'. */
export function rateBasis(counts: OutcomeCounts) {
  const decided = decidedCount(counts);
  return `${counts.completed.toLocaleString("en-US")} of ${decided.toLocaleString("en-US")} decided ${decided === 1 ? "goal" : "goals"}`;
}

/** '1 still open', or '' when none is: the goals the rate waits for. */
export function openNote(counts: OutcomeCounts) {
  return counts.open ? `${counts.open.toLocaleString("en-US")} still open` : "";
}

/** The rate with what it counts, for texts: '50% of 4 decided goals (2 done, 1 still open)'. */
export function rateSentence(counts: OutcomeCounts) {
  const decided = decidedCount(counts);
  const open = counts.open ? `, ${openNote(counts)}` : "";
  return `${completionRate(counts)}% of ${decided.toLocaleString("en-US")} decided ${decided === 1 ? "goal" : "goals"} (${counts.completed.toLocaleString("en-US")} done${open})`;
}

/** For period texts: 'completion 71% (5 of 7 decided goals; 1 still open)'. */
export function completionPhrase(counts: OutcomeCounts) {
  const open = counts.open ? `; ${openNote(counts)}` : "";
  return `completion ${completionRate(counts)}% (${rateBasis(counts)}${open})`;
}
