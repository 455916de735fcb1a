import { goalsBetween, streakFor } from "~/goals/goals.server";
import { GOAL_STATE_LABELS, goalState } from "~/goals/goal-rules";
import {
  completionPhrase,
  completionRate,
  countOutcomes,
  openNote,
  rateBasis,
} from "~/goals/goal-numbers";
import { counted, formatDateTime, formatLongDate, pluralDays } from "~/utils/time/format";
import { isDayInWindow } from "~/utils/time/date-window";
import { env } from "~/utils/env/env.server";
import {
  addDays,
  dayOfWeek,
  firstOfMonth,
  localDay,
  startOfLocalDay,
} from "~/utils/time/local-time";
import type { LocalDay } from "~/utils/time/local-time";
import { lastWholeWeek, weekdayLabels, type WeekStart } from "~/utils/time/week-start";
import { habitTallies, habitTalliesText } from "~/habits/habit-period";
import { segmentCount } from "~/sms/segments";
import { MAX_SEGMENTS } from "~/replies/templates";
import { isFirstOfMonth, isSunday, latestSummaryDays, type SummaryKind } from "./summary-days";

type Owner = { id: number; timezone: string; weekStartsOn: WeekStart };

/** Indexed by Date#getUTCDay, 0 = Sunday. */
const WEEKDAYS = weekdayLabels("sunday");

/**
 * The span a summary sent on `sentOn` (a Sunday evening) covers: the user's last whole week by then
 * (Monday to that Sunday, or Sunday to the Saturday before), or the month before the 1st.
 */
export function summaryPeriod(kind: SummaryKind, sentOn: LocalDay, firstDay: WeekStart) {
  return kind === "weekly_summary"
    ? lastWholeWeek(sentOn, firstDay)
    : { from: firstOfMonth(sentOn, -1), to: addDays(firstOfMonth(sentOn), -1) };
}

export function summaryFigures(user: Owner, kind: SummaryKind, sentOn: LocalDay, now = new Date()) {
  const { from, to } = summaryPeriod(kind, sentOn, user.weekStartsOn);
  const goals = goalsBetween(user, from, to);
  const counts = countOutcomes(goals.map((g) => goalState(g, now, user.timezone)));
  const completed = goals.filter((g) => g.completedAt);
  const perWeekday = new Array<number>(7).fill(0);
  for (const goal of completed) perWeekday[dayOfWeek(localDay(goal.dueDate, user.timezone))]! += 1;
  const best = Math.max(...perWeekday);
  return {
    from,
    to,
    set: goals.length,
    counts,
    streak: streakFor(user, now),
    bestDay: best > 0 ? WEEKDAYS[perWeekday.indexOf(best)]! : null,
    habits: habitTallies(goals),
    goals,
  };
}

export function summaryPath(kind: SummaryKind, sentOn: LocalDay) {
  return `/summaries/${kind === "weekly_summary" ? "weekly" : "monthly"}/${sentOn}`;
}

/** The pages of the latest weekly and monthly summaries, as the dashboard links them. */
export function latestSummaryPaths(today: LocalDay) {
  const { weekly, monthly } = latestSummaryDays(today);
  return {
    weekly: summaryPath("weekly_summary", weekly),
    monthly: summaryPath("monthly_summary", monthly),
  };
}

/**
 * At most two segments: the figures and a link to the page with the details. The streak is the one at
 * `now`, the instant the summary is for (the tick's slot, not the clock of a late or simulated tick).
 */
export function summaryText(user: Owner, kind: SummaryKind, sentOn: LocalDay, now = new Date()) {
  const f = summaryFigures(user, kind, sentOn, now);
  const period = kind === "weekly_summary" ? "Your week" : "Your month";
  const best = f.bestDay ? ` Best day: ${f.bestDay}.` : "";
  const build = (habits: string) =>
    `${period}: ${counted(f.set, "goal")} set; ${completionPhrase(f.counts)}. Streak: ${pluralDays(f.streak)}.${best}${habits} Details: ${env.APP_URL}${summaryPath(kind, sentOn)}`;
  // Each habit when they fit in the two segments, else the habits together.
  const each = build(habitTalliesText(f.habits));
  if (segmentCount(each) <= MAX_SEGMENTS) return each;
  const done = f.habits.reduce((n, t) => n + t.done, 0);
  const due = f.habits.reduce((n, t) => n + t.due, 0);
  return build(` Habits: ${done} of ${due} done.`);
}

/**
 * The period and date of a summary page URL, or a 404 thrown for anything that no text links to
 * (a day outside the years around today included).
 */
export function parseSummaryParams(params: { period?: string; date?: string }, now = new Date()) {
  const kind: SummaryKind | null =
    params.period === "weekly"
      ? "weekly_summary"
      : params.period === "monthly"
        ? "monthly_summary"
        : null;
  const date = params.date ?? "";
  const validDay = isDayInWindow(date, now.toISOString().slice(0, 10));
  if (!kind || !validDay || !(kind === "weekly_summary" ? isSunday(date) : isFirstOfMonth(date))) {
    throw new Response("Not found", { status: 404 });
  }
  return { kind, date: date as LocalDay };
}

/**
 * Goals a summary page lists at once (`?page=` for the rest): a month of the most and longest goals
 * (1,550 of 500 characters) made a page of over 1.5 MB, and a crowd of them exhausted the server.
 */
export const SUMMARY_GOALS_PER_PAGE = 50;

/** The page of a summary's goal list asked for: a whole number within 1 and the last page. */
export function summaryGoalsPage(rawPage: string | null, total: number) {
  const pages = Math.max(1, Math.ceil(total / SUMMARY_GOALS_PER_PAGE));
  const n = Number(rawPage);
  const page = Number.isInteger(n) && n >= 1 ? Math.min(n, pages) : 1;
  const first = (page - 1) * SUMMARY_GOALS_PER_PAGE;
  return { page, pages, first, last: Math.min(first + SUMMARY_GOALS_PER_PAGE, total), total };
}

/** What a summary page shows, for the owner's own page and for a share link's. */
export function summaryPageData(
  user: Owner,
  kind: SummaryKind,
  date: LocalDay,
  now = new Date(),
  photosOf: (proofImageUrls: string[]) => string[] = () => [],
  rawPage: string | null = null,
) {
  const f = summaryFigures(user, kind, date, now);
  const tz = user.timezone;
  const goalsPage = summaryGoalsPage(rawPage, f.goals.length);
  return {
    title: kind === "weekly_summary" ? "Weekly summary" : "Monthly summary",
    period: `${formatLongDate(startOfLocalDay(f.from, tz), tz)} to ${formatLongDate(startOfLocalDay(f.to, tz), tz)}`,
    figures: [
      { label: "Goals set", value: String(f.set), counts: openNote(f.counts) },
      { label: "Completed", value: String(f.counts.completed), counts: "" },
      {
        label: "Completion rate",
        value: `${completionRate(f.counts)}%`,
        counts: rateBasis(f.counts),
      },
      { label: "Current streak", value: pluralDays(f.streak), counts: "" },
      { label: "Best day", value: f.bestDay ?? "None yet", counts: "" },
    ],
    habits: f.habits,
    goalsPage,
    goals: f.goals.slice(goalsPage.first, goalsPage.last).map((g) => ({
      id: g.id,
      description: g.description,
      due: formatDateTime(g.dueDate, tz),
      status: GOAL_STATE_LABELS[goalState(g, now, tz)],
      photos: photosOf(g.proofImageUrls),
    })),
  };
}

export type SummaryPageData = ReturnType<typeof summaryPageData>;
