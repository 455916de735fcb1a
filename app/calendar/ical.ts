// An iCalendar (RFC 5545) writer for the calendar feed: only what the feed needs. Timed events are
// written in UTC ("Z" times), each computed from the user's wall-clock time in their zone for its own
// day, so a calendar in any zone shows them right across daylight-saving changes without a VTIMEZONE;
// all-day events are the user's local dates.

export type CalendarEvent = {
  uid: string;
  summary: string;
  description?: string;
  /** A timed event: its start instant and length in minutes. */
  start?: Date;
  minutes?: number;
  /** An all-day event: the local date, YYYY-MM-DD. */
  day?: string;
  /** Done and skipped goals stay on the calendar, marked so. */
  status?: "CONFIRMED" | "CANCELLED";
};

export type Calendar = {
  name: string;
  /** The IANA zone the user sees their day in, as a hint to calendar apps (X-WR-TIMEZONE). */
  timeZone: string;
  /** The host part of every UID, so ours never collide with another feed's. */
  host: string;
  stamp: Date;
  events: CalendarEvent[];
};

const CRLF = "\r\n";

/** The calendar as text, CRLF lines folded at 75 octets. */
export function writeCalendar(calendar: Calendar): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//StreakCoach//Calendar feed//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-TIMEZONE:${calendar.timeZone}`,
    // Calendar apps poll a feed; this asks them to do so about every hour.
    "REFRESH-INTERVAL;VALUE=DURATION:PT1H",
    "X-PUBLISHED-TTL:PT1H",
    ...calendar.events.flatMap((event) => eventLines(event, calendar)),
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

function eventLines(event: CalendarEvent, calendar: Calendar) {
  const when = event.start
    ? [
        `DTSTART:${utcStamp(event.start)}`,
        `DTEND:${utcStamp(new Date(event.start.getTime() + (event.minutes ?? 15) * 60_000))}`,
      ]
    : [`DTSTART;VALUE=DATE:${compactDate(event.day!)}`, `DTEND;VALUE=DATE:${nextDate(event.day!)}`];
  return [
    "BEGIN:VEVENT",
    `UID:${event.uid}@${calendar.host}`,
    `DTSTAMP:${utcStamp(calendar.stamp)}`,
    ...when,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.status ? [`STATUS:${event.status}`] : []),
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
  ];
}

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 3.3.11). */
export function escapeText(text: string) {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Lines longer than 75 octets continue on the next line after a space, never inside a character. */
export function foldLine(line: string) {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

export function utcStamp(date: Date) {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

function compactDate(day: string) {
  return day.replace(/-/g, "");
}

function nextDate(day: string) {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return compactDate(next.toISOString().slice(0, 10));
}
