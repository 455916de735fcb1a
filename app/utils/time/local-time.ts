import { tzOffset } from "@date-fns/tz";

/** Calendar days are 'YYYY-MM-DD' strings and wall-clock times 'HH:MM', always read in a user's IANA zone. */
export type LocalDay = string;

const WEEK_MS = 7 * 86_400_000;
const MAX_CACHED_WEEKS = 20_000;

/**
 * Per zone and UTC week: the offset in minutes when it is the same all week, or the change inside it
 * (the offsets before and after, and the first instant of the new one).
 */
type WeekOffset = number | { before: number; after: number; changesAt: number };
const weekOffsets = new Map<string, Map<number, WeekOffset>>();

/**
 * The zone's UTC offset at an instant. Asking Intl costs about 10 µs, so offsets are cached per week: a
 * week whose two ends share an offset has no change inside it (no zone changes twice within a week),
 * and a week whose ends differ has one, found once by halving the week.
 */
function offsetMinutes(instant: number, timeZone: string) {
  let weeks = weekOffsets.get(timeZone);
  if (!weeks) weekOffsets.set(timeZone, (weeks = new Map()));
  const week = Math.floor(instant / WEEK_MS);
  let cached = weeks.get(week);
  if (cached === undefined) {
    cached = offsetsOfWeek(week, timeZone);
    if (weeks.size >= MAX_CACHED_WEEKS) weeks.clear();
    weeks.set(week, cached);
  }
  if (typeof cached === "number") return cached;
  return instant < cached.changesAt ? cached.before : cached.after;
}

function offsetsOfWeek(week: number, timeZone: string): WeekOffset {
  const offsetAt = (instant: number) => tzOffset(timeZone, new Date(instant));
  let first = week * WEEK_MS;
  let last = (week + 1) * WEEK_MS - 1;
  const before = offsetAt(first);
  const after = offsetAt(last);
  if (before === after) return before;
  // The offset is `before` at first and `after` at last: halve until they are one millisecond apart.
  while (last - first > 1) {
    const middle = Math.floor((first + last) / 2);
    if (offsetAt(middle) === before) first = middle;
    else last = middle;
  }
  return { before, after, changesAt: last };
}

function wallClock(instant: Date, timeZone: string) {
  const shifted = new Date(
    instant.getTime() + offsetMinutes(instant.getTime(), timeZone) * 60_000,
  ).toISOString();
  return { day: shifted.slice(0, 10), time: shifted.slice(11, 16) };
}

/** Days since 1970-01-01 of the local calendar day an instant falls on; cheap to compare and count. */
export function localDayNumber(instant: number, timeZone: string) {
  return Math.floor((instant + offsetMinutes(instant, timeZone) * 60_000) / 86_400_000);
}

/**
 * Days since 1970-01-01 of a "YYYY-MM-DD" day. Histories hold thousands of days, so a well-formed day
 * is read by character codes (civil-calendar arithmetic, as Date.UTC counts) instead of split strings;
 * anything else (a year before 100, which Date.UTC reads as 19xx) takes Date.UTC.
 */
export function dayNumber(day: LocalDay) {
  const y = digitsAt(day, 0, 4);
  const m = digitsAt(day, 5, 2);
  const d = digitsAt(day, 8, 2);
  if (day.length === 10 && y >= 100 && m >= 1 && m <= 12 && d >= 1) return daysFromCivil(y, m, d);
  const parsed = parseDay(day);
  return Date.UTC(parsed.y, parsed.m - 1, parsed.d) / 86_400_000;
}

function digitsAt(text: string, from: number, count: number) {
  let n = 0;
  for (let i = from; i < from + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return NaN;
    n = n * 10 + digit;
  }
  return n;
}

// Howard Hinnant's days_from_civil: proleptic Gregorian, day 0 = 1970-01-01.
function daysFromCivil(year: number, month: number, day: number) {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * ((month + 9) % 12) + 2) / 5) + day - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

export function localDay(instant: Date, timeZone: string): LocalDay {
  return wallClock(instant, timeZone).day;
}

export function localTime(instant: Date, timeZone: string): string {
  return wallClock(instant, timeZone).time;
}

function parseDay(day: LocalDay) {
  const [y, m, d] = day.split("-").map(Number);
  return { y: y!, m: m!, d: d! };
}

export function addDays(day: LocalDay, days: number): LocalDay {
  return new Date((dayNumber(day) + days) * 86_400_000).toISOString().slice(0, 10);
}

export function daysBetween(from: LocalDay, to: LocalDay) {
  const a = parseDay(from);
  const b = parseDay(to);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);
}

export function firstOfMonth(day: LocalDay, monthsToAdd = 0): LocalDay {
  const { y, m } = parseDay(day);
  return new Date(Date.UTC(y, m - 1 + monthsToAdd, 1)).toISOString().slice(0, 10);
}

export function dayOfWeek(day: LocalDay) {
  const { y, m, d } = parseDay(day);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** Indexed by Date#getUTCDay, 0 = Sunday. */
export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

/** "Saturday" for a Saturday. */
export function weekdayName(day: LocalDay) {
  return WEEKDAY_NAMES[dayOfWeek(day)]!;
}

function instantOfWall(day: LocalDay, minutes: number, timeZone: string) {
  const { y, m, d } = parseDay(day);
  const asUtc = Date.UTC(y, m - 1, d, 0, minutes);
  const first = asUtc - tzOffset(timeZone, new Date(asUtc)) * 60_000;
  return new Date(asUtc - tzOffset(timeZone, new Date(first)) * 60_000);
}

const pad = (n: number) => String(n).padStart(2, "0");

function isWall(instant: Date, day: LocalDay, minutes: number, timeZone: string) {
  const wall = wallClock(instant, timeZone);
  const m = minutes % 1440;
  return (
    wall.day === addDays(day, Math.floor(minutes / 1440)) &&
    wall.time === `${pad(Math.floor(m / 60))}:${pad(m % 60)}`
  );
}

/**
 * The instant a wall-clock time happens on a local day. A time skipped by a spring-forward change
 * resolves to the first minute that exists after it; a repeated time resolves to its first occurrence.
 */
export function zonedInstant(day: LocalDay, time: string, timeZone: string): Date {
  const [h, min] = time.split(":").map(Number);
  const wanted = h! * 60 + min!;
  for (let minutes = wanted; minutes <= wanted + 180; minutes++) {
    const candidate = instantOfWall(day, minutes, timeZone);
    if (!isWall(candidate, day, minutes, timeZone)) continue;
    const hourEarlier = new Date(candidate.getTime() - 3_600_000);
    return isWall(hourEarlier, day, minutes, timeZone) ? hourEarlier : candidate;
  }
  throw new Error(`no instant for ${day} ${time} in ${timeZone}`);
}

export function startOfLocalDay(day: LocalDay, timeZone: string) {
  return zonedInstant(day, "00:00", timeZone);
}

/** [start, end) of a run of local days, as instants. */
export function localDayRange(firstDay: LocalDay, lastDay: LocalDay, timeZone: string) {
  return {
    start: startOfLocalDay(firstDay, timeZone),
    end: startOfLocalDay(addDays(lastDay, 1), timeZone),
  };
}
