export type DayGoal = { completed_at: number | Date | null; skipped_at: number | Date | null };

/** Why the evening question stays quiet on a day: it asks only about goals still open. */
export function eveningQuestionSkip(goals: DayGoal[]): string | null {
  if (goals.length === 0) return "no goals today";
  if (goals.every((g) => g.completed_at !== null || g.skipped_at !== null)) return "all goals done";
  return null;
}
