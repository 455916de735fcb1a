// A goal's number on its day (conventions v4): one number all day, in every text and on the
// dashboard. Numbers are given when a goal is set (day-numbers.server.ts); this is the pure part.

type Numbered = { dayNumber: number | null };

/**
 * A day's goals in number order, each with its number. A goal written around the domain (no number
 * yet) follows the numbered ones, in the order given, numbered after the highest.
 */
export function inDayNumberOrder<G extends Numbered>(goals: G[]): (G & { dayNumber: number })[] {
  const numbered = goals
    .filter((g): g is G & { dayNumber: number } => g.dayNumber !== null)
    .sort((a, b) => a.dayNumber - b.dayNumber);
  let next = (numbered.at(-1)?.dayNumber ?? 0) + 1;
  const rest = goals.filter((g) => g.dayNumber === null).map((g) => ({ ...g, dayNumber: next++ }));
  return [...numbered, ...rest];
}

/** The goal a day number names, among a day's numbered goals. */
export function goalNumbered<G extends { dayNumber: number }>(goals: G[], number: number) {
  return goals.find((g) => g.dayNumber === number);
}

/**
 * The day a goal set for a weekday ("dinner with jess on friday") is planned for: that weekday's next
 * date from today, today itself when it is that day. `today` is 'YYYY-MM-DD', `weekday` 0 = Sunday.
 */
export function dayOfWeekday(today: string, weekday: number) {
  const date = new Date(`${today}T00:00:00Z`);
  const ahead = (weekday - date.getUTCDay() + 7) % 7;
  date.setUTCDate(date.getUTCDate() + ahead);
  return date.toISOString().slice(0, 10);
}
