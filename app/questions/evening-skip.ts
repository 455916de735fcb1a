/** `avoid`: the day's goal of a habit to avoid, made done, asked "Any slips?" while it is kept. */
export type DayGoal = {
  completed_at: number | Date | null;
  skipped_at: number | Date | null;
  avoid?: boolean;
};

/** Whether the evening question asks about a goal: a yes/no goal still open, a habit to avoid kept. */
export function askedInTheEvening(goal: DayGoal) {
  if (goal.skipped_at !== null) return false;
  return goal.avoid ? goal.completed_at !== null : goal.completed_at === null;
}

/** Why the evening question stays quiet on a day: it asks only about goals still open. */
export function eveningQuestionSkip(goals: DayGoal[]): string | null {
  if (goals.length === 0) return "no goals today";
  if (!goals.some(askedInTheEvening)) return "all goals done";
  return null;
}
