import type { Goal } from "../../db/schema";
import { habitsToAvoidOf } from "~/habits/habit-slips.server";
import type { GoalKind } from "~/replies/interpret-values";

/**
 * What each goal shown is, for the reader (conventions v5): "avoid" for a habit to avoid's day, null
 * for a yes/no goal; undefined when every goal is yes/no, as before version 5.
 */
export function replyKindsFor(userId: number, goals: Pick<Goal, "habitId">[]) {
  const avoided = habitsToAvoidOf(userId);
  const kinds = goals.map((g): GoalKind =>
    g.habitId !== null && avoided.has(g.habitId) ? "avoid" : null,
  );
  return kinds.some((k) => k !== null) ? kinds : undefined;
}
