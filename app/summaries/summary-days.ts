import { addDays, dayOfWeek, firstOfMonth, type LocalDay } from "~/utils/time/local-time";

export type SummaryKind = "weekly_summary" | "monthly_summary";

/**
 * The weekly summary is sent on Sunday (it covers the user's last whole week by then, see
 * summaryPeriod); the monthly one is sent on the 1st.
 */
export const isSunday = (day: LocalDay) => dayOfWeek(day) === 0;
export const isFirstOfMonth = (day: LocalDay) => day.endsWith("-01");

/** The summary days whose pages the dashboard links: the last Sunday and the 1st, on or before today. */
export function latestSummaryDays(today: LocalDay) {
  return { weekly: addDays(today, -dayOfWeek(today)), monthly: firstOfMonth(today) };
}
