import { addDays, dayOfWeek, WEEKDAY_NAMES, type LocalDay } from "./local-time";

// The one owner of "which day a week starts on": the dashboard calendar, the habit heatmap and
// weekly counts, the PDF and the weekly summaries all ask here, with the user's setting.

export const WEEK_STARTS = ["sunday", "monday"] as const;
export type WeekStart = (typeof WEEK_STARTS)[number];
/** Sunday first, as US calendars print it. */
export const DEFAULT_WEEK_START: WeekStart = "sunday";

export const WEEK_START_LABELS: Record<WeekStart, string> = { sunday: "Sunday", monday: "Monday" };

/** 0 = Sunday, as Date#getUTCDay counts. */
const FIRST_WEEKDAY: Record<WeekStart, number> = { sunday: 0, monday: 1 };

/** A day's place in its week, 0 for the week's first day to 6 for its last. */
export function dayInWeek(day: LocalDay, firstDay: WeekStart) {
  return (dayOfWeek(day) - FIRST_WEEKDAY[firstDay] + 7) % 7;
}

/** The same, for a day counted from 1970-01-01 (a Thursday), where histories are walked by number. */
export function dayNumberInWeek(n: number, firstDay: WeekStart) {
  return (((n + 4 - FIRST_WEEKDAY[firstDay]) % 7) + 7) % 7;
}

/** The first day of the week a day falls in. */
export function weekStartOf(day: LocalDay, firstDay: WeekStart): LocalDay {
  return addDays(day, -dayInWeek(day, firstDay));
}

/** The last day of the week a day falls in. */
export function weekEndOf(day: LocalDay, firstDay: WeekStart): LocalDay {
  return addDays(weekStartOf(day, firstDay), 6);
}

/** The day number of the first day of the week day number `n` falls in. */
export function weekStartNumber(n: number, firstDay: WeekStart) {
  return n - dayNumberInWeek(n, firstDay);
}

/** The last whole week that has ended by the end of a day: its own week when the day is its last. */
export function lastWholeWeek(day: LocalDay, firstDay: WeekStart) {
  const to = addDays(weekStartOf(addDays(day, 1), firstDay), -1);
  return { from: addDays(to, -6), to };
}

/** The weekdays (0 = Sunday) in the order a week shows them. */
export function weekdaysInOrder(firstDay: WeekStart): number[] {
  return Array.from({ length: 7 }, (_, i) => (FIRST_WEEKDAY[firstDay] + i) % 7);
}

/** The seven weekday names in order: "Sunday".."Saturday", or "Mon".. ("short"), or "M".. ("letter"). */
export function weekdayLabels(firstDay: WeekStart, form: "long" | "short" | "letter" = "long") {
  const length = form === "long" ? undefined : form === "short" ? 3 : 1;
  return weekdaysInOrder(firstDay).map((d) => WEEKDAY_NAMES[d]!.slice(0, length));
}

/** "Sunday to Saturday" or "Monday to Sunday". */
export function weekSpanWords(firstDay: WeekStart) {
  const labels = weekdayLabels(firstDay);
  return `${labels[0]} to ${labels[6]}`;
}
