import type { GoalKind } from "~/replies/interpret-values";
import { inArray } from "drizzle-orm";
import { db, schema } from "~/utils/db/db.server";
import { measureOf } from "./habit-measure";

/**
 * What each of a day's goals is for the reader (conventions v5): a habit to avoid's day "avoid", a
 * measured habit's day its unit, target, direction and period; every other goal yes/no (null).
 */
export function goalKinds(goals: { habitId: number | null }[]): GoalKind[] {
  const ids = [...new Set(goals.flatMap((g) => (g.habitId === null ? [] : [g.habitId])))];
  const habits = ids.length
    ? db.select().from(schema.habits).where(inArray(schema.habits.id, ids)).all()
    : [];
  const measures = new Map(habits.map((h) => [h.id, measureOf(h)]));
  const avoided = new Set(habits.filter((h) => h.avoid).map((h) => h.id));
  return goals.map((g): GoalKind => {
    if (g.habitId !== null && avoided.has(g.habitId)) return "avoid";
    const measure = g.habitId === null ? null : (measures.get(g.habitId) ?? null);
    return (
      measure && {
        unit: measure.unit || null,
        target: measure.target,
        atMost: measure.atMost,
        per: measure.per,
      }
    );
  });
}
