const cache = new Map<string, Intl.DateTimeFormat>();

function fmt(timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, ...options });
    cache.set(key, f);
  }
  return f;
}

/** April 17, 2023 */
export function formatLongDate(date: Date, timeZone: string) {
  return fmt(timeZone, { year: "numeric", month: "long", day: "numeric" }).format(date);
}

/** 7:00 PM */
export function formatTime(date: Date, timeZone: string) {
  return fmt(timeZone, { hour: "numeric", minute: "2-digit" }).format(date);
}

/** Apr 17, 2023, 7:00 PM */
export function formatDateTime(date: Date, timeZone: string) {
  return fmt(timeZone, { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/** "1 goal", "2 goals": a count with its noun, never "1 goals". */
export function counted(n: number, noun: string) {
  return `${n.toLocaleString("en-US")} ${n === 1 ? noun : `${noun}s`}`;
}

export function pluralDays(n: number) {
  return counted(n, "day");
}

/** "2026-10-14" → Oct 14, 2026 (a local calendar day, with no time zone to apply) */
export function formatLocalDay(day: string) {
  const [year, month, date] = day.split("-").map(Number);
  return fmt("UTC", { dateStyle: "medium" }).format(new Date(Date.UTC(year!, month! - 1, date!)));
}

/** "19:30" → 7:30 PM */
export function formatClockTime(time: string) {
  const [hours, minutes] = time.split(":").map(Number);
  return `${hours! % 12 === 0 ? 12 : hours! % 12}:${String(minutes).padStart(2, "0")} ${hours! < 12 ? "AM" : "PM"}`;
}
