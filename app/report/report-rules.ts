import {
  addOutcomes,
  completionRate,
  decidedCount,
  noOutcomes,
  outcomeOfState,
} from "~/goals/goal-numbers";
import type { OutcomeCounts } from "~/goals/goal-numbers";
import { dayOutcome, goalState, type DayOutcome } from "~/goals/goal-rules";
import { addDays, daysBetween, firstOfMonth, localDay, weekdayName } from "~/utils/time/local-time";
import type { LocalDay } from "~/utils/time/local-time";
import { dayInWeek, weekEndOf, weekStartOf, type WeekStart } from "~/utils/time/week-start";

// The pure part of the PDF report: what its calendar, trend and goal list show. No I/O here.

/** What a goal's outcome needs: due, done and skipped instants. */
export type OutcomeRow = { dueDate: Date; completedAt: Date | null; skippedAt: Date | null };

export type DayCount = OutcomeCounts & { day: LocalDay; total: number };

const emptyDay = (day: LocalDay): DayCount => ({ day, total: 0, ...noOutcomes() });

/** Goals per local due day: how many, and how many of them have each outcome at `now`. */
export function tallyByDay(rows: Iterable<OutcomeRow>, timeZone: string, now: Date) {
  const tallies = new Map<LocalDay, DayCount>();
  for (const row of rows) {
    const day = localDay(row.dueDate, timeZone);
    let tally = tallies.get(day);
    if (!tally) tallies.set(day, (tally = emptyDay(day)));
    tally.total += 1;
    tally[outcomeOfState(goalState(row, now, timeZone))] += 1;
  }
  return tallies;
}

export const MAX_CALENDAR_MONTHS = 3;

const monthIndex = (day: LocalDay) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;

/** The months (their first days) a period touches, the last `max` of them, and how many it touches. */
export function monthsToShow(from: LocalDay, to: LocalDay, max = MAX_CALENDAR_MONTHS) {
  const total = Math.max(0, monthIndex(to) - monthIndex(from) + 1) || 0;
  const shown = Math.min(total, max);
  const months = Array.from({ length: shown }, (_, i) => firstOfMonth(to, i - shown + 1));
  return { months, total };
}

export type CalendarCell = {
  day: LocalDay;
  date: number;
  /** Outside the report's period: drawn blank. */
  inPeriod: boolean;
  outcome: DayOutcome;
  /** 'Some done' cells say how many: "2/3". */
  completed: number;
  total: number;
};

/**
 * A month as rows of seven cells, from the user's first day of the week (as on the dashboard); null
 * before the 1st and after the end.
 */
export function monthWeeks(
  month: LocalDay,
  tallies: Map<LocalDay, DayCount>,
  period: { from: LocalDay; to: LocalDay },
  today: LocalDay,
  firstDay: WeekStart,
): (CalendarCell | null)[][] {
  const next = firstOfMonth(month, 1);
  const blanks = dayInWeek(month, firstDay);
  const cells: (CalendarCell | null)[] = Array.from({ length: blanks }, () => null);
  for (let day = month; day < next; day = addDays(day, 1)) {
    const tally = tallies.get(day) ?? emptyDay(day);
    cells.push({
      day,
      date: Number(day.slice(8)),
      inPeriod: day >= period.from && day <= period.to,
      outcome: dayOutcome({ ...tally, future: day > today, today: day === today }),
      completed: tally.completed,
      total: tally.total,
    });
  }
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}

export const MAX_TREND_WEEKS = 26;

export type WeekBucket = {
  /** The first day of the week inside the period (the user's first weekday, but in a period's first week). */
  start: LocalDay;
  end: LocalDay;
  /** Goals decided (completed, skipped or missed) and completed: what the rate counts. */
  decided: number;
  completed: number;
  /** Completion % of the decided goals; null for a week without any. */
  rate: number | null;
};

/**
 * Completion by week (from the user's first day of the week, like the calendar) over the period up to
 * today, of the goals decided so far. Only the last `max` weeks are kept; `total` says how many there were.
 */
export function weeklyTrend(
  tallies: Map<LocalDay, DayCount>,
  from: LocalDay,
  to: LocalDay,
  today: LocalDay,
  firstDay: WeekStart,
  max = MAX_TREND_WEEKS,
) {
  const last = to < today ? to : today;
  const weekOf = (day: LocalDay) => weekStartOf(day, firstDay);
  const total = from > last ? 0 : daysBetween(weekOf(from), weekOf(last)) / 7 + 1;
  // Only the weeks kept are walked, whatever the period.
  const firstKept = addDays(weekOf(last), -7 * (max - 1));
  const weeks: WeekBucket[] = [];
  for (let start = from > firstKept ? from : firstKept; start <= last;) {
    const weekEnd = weekEndOf(start, firstDay);
    const end = weekEnd < last ? weekEnd : last;
    const counts = noOutcomes();
    for (let day = start; day <= end; day = addDays(day, 1)) {
      const tally = tallies.get(day);
      if (tally) addOutcomes(counts, tally);
    }
    const decided = decidedCount(counts);
    weeks.push({
      start,
      end,
      decided,
      completed: counts.completed,
      rate: decided ? completionRate(counts) : null,
    });
    start = addDays(end, 1);
  }
  return { weeks, total };
}

export type DayGroup<G> = {
  day: LocalDay;
  goals: { goal: G; note: string | null }[];
  /** The coach's note on the day: feedback is given for a whole check-in, so it shows once. */
  note: string | null;
};

/**
 * Goals grouped by local due day, newest day first and each day in due order. The coach's note of the
 * day (`dayNotes`) is the day's note; without one, a note left on every goal with feedback that day
 * (by the /api) is, and different notes stay with their goals.
 */
export function goalsByDay<G extends { dueDate: Date; llmFeedback: string | null }>(
  goalsNewestFirst: G[],
  timeZone: string,
  dayNotes: ReadonlyMap<LocalDay, string> = new Map(),
): DayGroup<G>[] {
  const days: { day: LocalDay; goals: G[] }[] = [];
  for (const goal of goalsNewestFirst) {
    const day = localDay(goal.dueDate, timeZone);
    if (days.at(-1)?.day !== day) days.push({ day, goals: [] });
    days.at(-1)!.goals.push(goal);
  }
  return days.map(({ day, goals }) => {
    const ordered = [...goals].reverse();
    const notes = new Set(ordered.map((g) => g.llmFeedback?.trim()).filter(Boolean));
    const shared = notes.size === 1 ? [...notes][0]! : null;
    return {
      day,
      goals: ordered.map((goal) => ({
        goal,
        note: shared ? null : goal.llmFeedback?.trim() || null,
      })),
      note: dayNotes.get(day) ?? shared,
    };
  });
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** 'November 2026' */
export function monthTitle(month: LocalDay) {
  return `${MONTHS[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
}

/** 'Monday, November 16, 2026' */
export function longDay(day: LocalDay) {
  return `${weekdayName(day)}, ${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8))}, ${day.slice(0, 4)}`;
}

/** 'Nov 16' */
export function shortDay(day: LocalDay) {
  return `${MONTHS[Number(day.slice(5, 7)) - 1]!.slice(0, 3)} ${Number(day.slice(8))}`;
}

// The standard PDF fonts write WinAnsi: Latin-1 plus these. Anything else would print as junk.
const WIN_ANSI_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");

/**
 * Text as the report's fonts can print it: line breaks become spaces, emoji are dropped and other
 * characters outside WinAnsi become '?'.
 */
export function printable(text: string) {
  let out = "";
  for (const ch of text.replace(/[\r\n\t]+/g, " ")) {
    const code = ch.codePointAt(0)!;
    if (
      (code >= 0x20 && code <= 0x7e) ||
      (code >= 0xa0 && code <= 0xff) ||
      WIN_ANSI_EXTRA.has(ch)
    ) {
      out += ch;
    } else if (!/[\p{Extended_Pictographic}\p{Emoji_Component}\u200d\ufe0f]/u.test(ch)) {
      out += "?";
    }
  }
  return out.replace(/ {2,}/g, " ").trim();
}
