/** Whether a due day, week or occasion of a habit was met, missed, or is still under way. */
export type StreakStatus = "met" | "missed" | "pending";

/** Met units in a row at the end; one still under way breaks nothing. */
export function streakOf(units: readonly { status: StreakStatus }[]) {
  let streak = 0;
  for (let i = units.length - 1; i >= 0; i--) {
    const { status } = units[i]!;
    if (status === "pending") continue;
    if (status === "missed") break;
    streak++;
  }
  return streak;
}

/** The longest run of met units; a missed one ends a run, one under way neither ends nor extends it. */
export function bestStreakOf(units: readonly { status: StreakStatus }[]) {
  let best = 0;
  let run = 0;
  for (const { status } of units) {
    if (status === "met") best = Math.max(best, ++run);
    if (status === "missed") run = 0;
  }
  return best;
}
