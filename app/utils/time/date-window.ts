import type { LocalDay } from "./local-time";

// Every date a person can give (a goal's due date, a summary's day, a pause) falls in a window around
// today, and every walk over days stays inside one: a year-9999 goal once made the report loop forever.

export const WINDOW_PAST_YEARS = 5;
export const WINDOW_FUTURE_YEARS = 2;
/** More days than any window holds: no loop over days runs longer than this. */
export const MAX_WINDOW_DAYS = (WINDOW_PAST_YEARS + WINDOW_FUTURE_YEARS) * 366 + 1;

export const DATE_WINDOW_TEXT = `within the last ${WINDOW_PAST_YEARS} years and the next ${WINDOW_FUTURE_YEARS} years`;

export type DayWindow = { first: LocalDay; last: LocalDay };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The instant a day string starts in UTC (expanded years such as '+010000-01-01' too), NaN if none. */
function dayStart(day: string) {
  return Date.parse(`${day}T00:00:00Z`);
}

/** A real calendar day written 'YYYY-MM-DD'. */
export function isCalendarDay(day: string) {
  const start = dayStart(day);
  return (
    DAY.test(day) && !Number.isNaN(start) && new Date(start).toISOString().slice(0, 10) === day
  );
}

function yearsFrom(day: LocalDay, years: number): LocalDay {
  const [, y, m, d] = DAY.exec(day)!;
  const date = new Date(Date.UTC(2000, Number(m) - 1, m === "02" && d === "29" ? 28 : Number(d)));
  date.setUTCFullYear(Number(y) + years);
  return date.toISOString().slice(0, 10);
}

/** The days a person may name, today being `today`: the last 5 years and the next 2. */
export function dayWindow(today: LocalDay): DayWindow {
  return {
    first: yearsFrom(today, -WINDOW_PAST_YEARS),
    last: yearsFrom(today, WINDOW_FUTURE_YEARS),
  };
}

export function isDayInWindow(day: string, today: LocalDay) {
  const { first, last } = dayWindow(today);
  return isCalendarDay(day) && day >= first && day <= last;
}

// Imported history (Loop Habit Tracker has existed since 2016) may be older than the window; walks
// over a habit's stored days stay inside this fixed, still bounded span instead.
export const HISTORY_FIRST_DAY: LocalDay = "2015-01-01";

/** The days a habit's stored history may hold: from HISTORY_FIRST_DAY (or the window's start, if older) to the window's end. */
export function historyWindow(today: LocalDay): DayWindow {
  const window = dayWindow(today);
  return {
    first: HISTORY_FIRST_DAY < window.first ? HISTORY_FIRST_DAY : window.first,
    last: window.last,
  };
}

export function isDayInHistory(day: string, today: LocalDay) {
  const { first, last } = historyWindow(today);
  return isCalendarDay(day) && day >= first && day <= last;
}

/** How many days the history window holds: the bound of every walk over a habit's stored days. */
export function historyDayCount(today: LocalDay) {
  const { first, last } = historyWindow(today);
  return Math.round((dayStart(last) - dayStart(first)) / 86_400_000) + 1;
}

function clampTo({ first, last }: DayWindow, day: string): LocalDay {
  const start = dayStart(day);
  if (Number.isNaN(start) || start < dayStart(first)) return first;
  return start > dayStart(last) ? last : day;
}

/** A day moved into the window: for days that come from stored data rather than from a person. */
export function clampToWindow(day: string, today: LocalDay): LocalDay {
  return clampTo(dayWindow(today), day);
}

/** A stored habit day moved into the history window. */
export function clampToHistory(day: string, today: LocalDay): LocalDay {
  return clampTo(historyWindow(today), day);
}

/** The instants a person may name: the same window, around the instant `now`. */
export function isInstantInWindow(instant: Date, now: Date) {
  const today = now.toISOString().slice(0, 10);
  const { first, last } = dayWindow(today);
  const time = instant.getTime();
  return time >= dayStart(first) && time < dayStart(last) + 86_400_000;
}

/**
 * The days from `from` to `to`, oldest first; when there are more than `max`, only the last `max`.
 * Callers loop over this rather than stepping from one day string to the next themselves.
 */
export function eachDay(from: LocalDay, to: LocalDay, max = MAX_WINDOW_DAYS): LocalDay[] {
  const end = dayStart(to);
  const span = Math.round((end - dayStart(from)) / 86_400_000);
  if (!(span >= 0)) return [];
  const count = Math.min(span + 1, max);
  return Array.from(
    { length: count },
    (_, i) => new Date(end - (count - 1 - i) * 86_400_000).toISOString().split("T")[0]!,
  );
}
