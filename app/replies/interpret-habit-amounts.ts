// What a habit to add measures (conventions v5): "read 30 pages" (target 30, unit pages), "run 15k"
// (15 km), "at most 2 coffees" (at most), "pushups 50" (no unit), "no sugar" (a habit to avoid). Pure.
import { isTimeOrOrdinal, tokensOf } from "./interpret-values";

export type HabitAmount = { target: number; unit: string | null; atMost?: true } | { avoid: true };

const AT_MOST =
  /(?:^|\s)(?:at most|no more than|max(?:imum)?(?: of)?|under|less than|fewer than|≤|<=)\s*$/;
// A habit of not doing something: "no sugar", "avoid soda", "quit vaping", "stay off twitter".
const AVOID = /^(?:no|avoid|quit|stop|stay off|stay away from|cut out|give up|kick)\s+\p{L}/u;
const UNIT_SUFFIX: Record<string, string> = { k: "km", km: "km", mi: "mi", min: "min", h: "h" };

/** The amount a habit's words name, a habit to avoid, or null (a yes/no habit). */
export function habitAmountOf(habit: string): HabitAmount | null {
  const text = habit.toLowerCase().trim();
  const amounts = tokensOf(text).filter(
    (t) => t.number !== undefined && !t.word.startsWith("#") && !isTimeOrOrdinal(t),
  );
  const atMost = amounts.length === 1 && AT_MOST.test(text.slice(0, amounts[0]!.start));
  if (AVOID.test(text) && !atMost) return { avoid: true };
  // Two amounts ("5x5 squats", "run 5k in 30 min") say more than one target: read as yes/no.
  if (amounts.length !== 1) return null;
  const amount = amounts[0]!;
  if (amount.suffix && !UNIT_SUFFIX[amount.suffix]) return null;
  const after = text.slice(amount.end).trim();
  const unit = amount.suffix
    ? UNIT_SUFFIX[amount.suffix]!
    : (/^\p{L}[\p{L}']*(?:\s+of\s+\p{L}[\p{L}']*)?/u.exec(after)?.[0] ?? null);
  return { target: amount.number!, unit, ...(atMost && { atMost: true as const }) };
}
