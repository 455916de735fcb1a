import { formatClockTime } from "~/utils/time/format";
import { WEEK_START_LABELS, WEEK_STARTS } from "~/utils/time/week-start";

export const TIME_ZONES = [
  { value: "America/New_York", label: "Eastern Time (ET)" },
  { value: "America/Chicago", label: "Central Time (CT)" },
  { value: "America/Denver", label: "Mountain Time (MT)" },
  { value: "America/Los_Angeles", label: "Pacific Time (PT)" },
  { value: "America/Anchorage", label: "Alaska Time (AKT)" },
  { value: "Pacific/Honolulu", label: "Hawaii-Aleutian Time (HST)" },
  // Beyond the six main US zones: Arizona keeps standard time all year, Puerto Rico is on Atlantic
  // time.
  { value: "America/Phoenix", label: "Arizona Time (MST, no daylight saving)" },
  { value: "America/Puerto_Rico", label: "Atlantic Time (AST, Puerto Rico)" },
] as const;

const hourOption = (hour: number) => {
  const value = `${String(hour).padStart(2, "0")}:00`;
  return { value, label: formatClockTime(value) };
};
const hours = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => hourOption(from + i));

export const MORNING_TIMES = hours(6, 11);
export const EVENING_TIMES = hours(17, 22);

export const WEEK_START_OPTIONS = WEEK_STARTS.map((value) => ({
  value,
  label: WEEK_START_LABELS[value],
}));

export const DEFAULT_TIME_ZONE = "America/New_York";
export const DEFAULT_MORNING_TIME = "08:00";
export const DEFAULT_EVENING_TIME = "19:00";

export const TIME_ZONE_VALUES = TIME_ZONES.map((t) => t.value) as [string, ...string[]];
export const MORNING_TIME_VALUES = MORNING_TIMES.map((t) => t.value) as [string, ...string[]];
export const EVENING_TIME_VALUES = EVENING_TIMES.map((t) => t.value) as [string, ...string[]];

/** Whether Intl knows the name as an IANA zone (aliases such as America/Indiana/Indianapolis too). */
export function isIanaTimeZone(name: string) {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC in minutes at `at`, as Intl reports it (e.g. -300 for UTC-05:00). */
function utcOffsetMinutes(timeZone: string, at: Date) {
  const name = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")!.value;
  const match = /([+-])(\d{2}):(\d{2})/.exec(name);
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/**
 * The offered time zone a browser's IANA zone keeps the clock of: itself, or the one with the same
 * offsets in January and July (America/Detroit keeps New York's time); null for any other zone.
 */
export function offeredTimeZoneFor(browserZone: string, year = new Date().getUTCFullYear()) {
  if (TIME_ZONE_VALUES.includes(browserZone)) return browserZone;
  if (!isIanaTimeZone(browserZone)) return null;
  const instants = [new Date(Date.UTC(year, 0, 15)), new Date(Date.UTC(year, 6, 15))];
  const offsets = (zone: string) => instants.map((at) => utcOffsetMinutes(zone, at)).join();
  const wanted = offsets(browserZone);
  return TIME_ZONE_VALUES.find((zone) => offsets(zone) === wanted) ?? null;
}

export function displayName(email: string) {
  return email.split("@")[0] ?? email;
}

export function avatarInitials(email: string) {
  return email.slice(0, 2).toUpperCase();
}

export function isAdmin(user: { roles: readonly string[] } | null | undefined) {
  return Boolean(user?.roles.includes("admin"));
}
