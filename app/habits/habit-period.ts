// How each habit did over a period (a week, a month): from the period's goals, pure.
type PeriodGoal = {
  habitId: number | null;
  description: string;
  completedAt: Date | null;
  value?: number | null;
};

/** `total`: a measured habit's values added up, null when no day of the period had one. */
export type HabitTally = {
  habitId: number;
  title: string;
  done: number;
  due: number;
  total: number | null;
};

/** One tally per habit that was due in the period, in the order first seen; the latest title wins. */
export function habitTallies(goals: PeriodGoal[]): HabitTally[] {
  const tallies = new Map<number, HabitTally>();
  for (const goal of goals) {
    if (goal.habitId === null) continue;
    const tally = tallies.get(goal.habitId) ?? {
      habitId: goal.habitId,
      title: goal.description,
      done: 0,
      due: 0,
      total: null,
    };
    tally.title = goal.description;
    tally.due += 1;
    if (goal.completedAt) tally.done += 1;
    if (goal.value !== null && goal.value !== undefined)
      tally.total = (tally.total ?? 0) + goal.value;
    tallies.set(goal.habitId, tally);
  }
  return [...tallies.values()];
}

const totalText = (t: HabitTally) =>
  t.total === null ? "" : ` (total ${Math.round(t.total * 100) / 100})`;

/** "Habits: Meditate 5/7, Gym 3/3, Read 4/7 (total 150)." for a summary text, or "" with none. */
export const habitTalliesText = (tallies: HabitTally[]) =>
  tallies.length
    ? ` Habits: ${tallies.map((t) => `${t.title} ${t.done}/${t.due}${totalText(t)}`).join(", ")}.`
    : "";
