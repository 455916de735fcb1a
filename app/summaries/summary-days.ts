import { dayOfWeek, type LocalDay } from "~/utils/local-time";

export type SummaryKind = "weekly_summary" | "monthly_summary";

/** The weekly summary covers the week that ends on a Sunday; the monthly one is sent on the 1st. */
export const isSunday = (day: LocalDay) => dayOfWeek(day) === 0;
export const isFirstOfMonth = (day: LocalDay) => day.endsWith("-01");
