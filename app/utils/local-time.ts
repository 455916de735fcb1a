import { tzOffset } from "@date-fns/tz";

/** Calendar days are 'YYYY-MM-DD' strings and wall-clock times 'HH:MM', always read in a user's IANA zone. */
export type LocalDay = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallClock(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
  };
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
  const { y, m, d } = parseDay(day);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
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
