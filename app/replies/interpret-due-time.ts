// A clock time named in a goal ("dentist at 3:30pm", "report by noon", "slides by 17:00").
import { readShorthand } from "./interpret-text";

const CLOCK =
  /\b(?:by|at|before|until|till|til|due)\s+(?:(noon|midday)|(\d{1,2})(?:[:.]([0-5]\d))?\s*(am|pm|a\.m\.?|p\.m\.?)?)(?![\p{L}\p{N}])/iu;

/** The time a goal names with by/at/before/until, as 'HH:MM' (24-hour), or null. */
export function dueTimeInText(text: string): string | null {
  const match = CLOCK.exec(readShorthand(text));
  if (!match) return null;
  if (match[1]) return "12:00";
  let hour = Number(match[2]);
  const minute = match[3] ?? "00";
  const meridiem = match[4]?.toLowerCase().replace(/\./g, "");
  if (!meridiem && !match[3]) return null; // "at 5" is too vague to be a time
  if (hour > 23 || (meridiem && (hour < 1 || hour > 12))) return null;
  if (meridiem === "pm" && hour < 12) hour += 12;
  if (meridiem === "am" && hour === 12) hour = 0;
  return `${String(hour).padStart(2, "0")}:${minute}`;
}

const WEEKDAY_NAMES = [
  "sun(?:day)?",
  "mon(?:day)?",
  "tue(?:s|sday)?",
  "wed(?:s|nesday)?",
  "thu(?:r|rs|rsday)?",
  "fri(?:day)?",
  "sat(?:urday)?",
];
// "on friday", "this sunday", "next mon": not "about sunday", "before monday" or "tuesday's notes".
const PLANNED_DAY = new RegExp(
  `(?<![\\p{L}\\p{N}'])(?:on|this|next)\\s+(?:${WEEKDAY_NAMES.map((d) => `(${d})`).join("|")})\\.?(?![\\p{L}\\p{N}'\u2019])`,
  "iu",
);

/** The weekday (0 = Sunday) a goal plans itself for with "on", "this" or "next", or null. */
export function weekdayInText(text: string): number | null {
  const match = PLANNED_DAY.exec(readShorthand(text));
  if (!match) return null;
  const day = match.slice(1).findIndex((group) => group !== undefined);
  return day < 0 ? null : day;
}
