// When two names mean one habit. Pure, so /habits, the /api and texts share it through habits.server.

// A name that only repeats an every-day schedule says nothing more: "floss daily" is "floss".
const EVERY_DAY =
  /^(?:(?:every|each)(?: single)? day|everyday|daily)\s+|\s+(?:(?:every|each)(?: single)? day|everyday|daily)$/g;

/**
 * The key two names of one habit share: case, spacing, punctuation and emoji aside, and an every-day
 * word at either end. A name of only such words or signs keeps them, so "🏃" and "🧘" stay two habits.
 */
export function habitNameKey(title: string): string {
  const words =
    title
      .normalize("NFKC")
      .toLowerCase()
      .replace(/['\u2019`]/g, "")
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const plain = words.join(" ");
  return plain.replace(EVERY_DAY, "").trim() || plain || title.replace(/\s+/g, "").toLowerCase();
}

export const sameHabitName = (a: string, b: string) => habitNameKey(a) === habitNameKey(b);
