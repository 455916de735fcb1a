// A clock time named in a goal ("dentist at 3:30pm", "report by noon", "slides by 17:00").
import { readShorthand } from "./interpret-normalize";

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
