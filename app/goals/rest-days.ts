// Rest days: a habit's day skipped keeps its streak (Loop's skip), and each person may rest a few days
// a month. One day rested spends one rest day, however many habits rest on it.
import type { LocalDay } from "~/utils/time/local-time";

/** Rest days each person has a calendar month (docs/product.md, decision 0021). */
export const REST_DAYS_PER_MONTH = 3;

/** "2026-11" of "2026-11-28": rest days are counted per calendar month of the habit's day. */
export const monthOf = (day: LocalDay) => day.slice(0, 7);

/**
 * Which days asked to rest the month's allowance grants, in the order asked: a day already rested
 * (this month's `rested`) costs nothing more; a new one is granted while rest days are left.
 */
export function grantRestDays(rested: Iterable<LocalDay>, asked: LocalDay[]) {
  const restedDays = new Set(rested);
  const granted: LocalDay[] = [];
  const refused: LocalDay[] = [];
  for (const day of asked) {
    const spent = [...restedDays].filter((d) => monthOf(d) === monthOf(day)).length;
    if (restedDays.has(day) || spent < REST_DAYS_PER_MONTH) {
      restedDays.add(day);
      granted.push(day);
    } else refused.push(day);
  }
  return { granted, refused };
}

/** Rest days left in a month that has `rested` days rested. */
export const restDaysLeft = (rested: number) => Math.max(0, REST_DAYS_PER_MONTH - rested);

export const NO_REST_DAYS_LEFT = `No rest days left this month (you have ${REST_DAYS_PER_MONTH} a month): the day stays open, and counts as missed if it is not done.`;
