/** A time of day named in a goal ("by 5pm", "at 17:30", "before 9am"), as 'HH:MM', or null. */
export function dueTimeInText(text: string): string | null {
  const match =
    /\b(?:by|at|before|until)\s+(\d{1,2})(?::([0-5]\d))?\s*(am|pm|a\.m\.|p\.m\.)?(?!\S)/i.exec(
      text,
    );
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = match[2] ?? "00";
  const meridiem = match[3]?.toLowerCase().replace(/\./g, "");
  if (!meridiem && !match[2]) return null; // "at 5" is too vague to be a time
  if (hour > 23 || (meridiem && (hour < 1 || hour > 12))) return null;
  if (meridiem === "pm" && hour < 12) hour += 12;
  if (meridiem === "am" && hour === 12) hour = 0;
  return `${String(hour).padStart(2, "0")}:${minute}`;
}
