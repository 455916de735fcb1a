import { and, count, eq, gte } from "drizzle-orm";
import { complianceIntent } from "~/replies/interpret-commands";
import { db, schema } from "~/utils/db/db.server";
import { addDays, localDay, startOfLocalDay } from "~/utils/time/local-time";

// A person texts a coach a handful of times a day. Past this many texts (SMS and web chat together) in
// their local day, a text is not read: each one read costs an interpretation, a reply and maybe an AI
// call, and the thread it grows is what every page of the conversation loads.
export const TEXTS_READ_PER_DAY = 150;

export class DailyTextLimitError extends Error {
  constructor() {
    super(`More than ${TEXTS_READ_PER_DAY} texts today`);
    this.name = "DailyTextLimitError";
  }
}

/** read: as usual; notice: the first text past the limit, answered once with the limit; ignore: dropped. */
export type DailyTextAllowance = "read" | "notice" | "ignore";

function textsReceivedToday(user: { id: number; timezone: string }, now: Date) {
  const since = startOfLocalDay(localDay(now, user.timezone), user.timezone);
  const { messages } = schema;
  return db
    .select({ n: count() })
    .from(messages)
    .where(
      and(
        eq(messages.userId, user.id),
        eq(messages.fromSystem, false),
        gte(messages.createdAt, since),
      ),
    )
    .get()!.n;
}

/** STOP, START and HELP are always read: compliance does not wait for tomorrow. */
export function dailyTextAllowance(
  user: { id: number; timezone: string },
  text: string,
  now: Date,
): DailyTextAllowance {
  if (complianceIntent(text, true)) return "read";
  const received = textsReceivedToday(user, now);
  if (received < TEXTS_READ_PER_DAY) return "read";
  return received === TEXTS_READ_PER_DAY ? "notice" : "ignore";
}

/** How long until the user's texts are read again: their next local midnight. */
export function secondsUntilTomorrow(user: { timezone: string }, now: Date) {
  const tomorrow = startOfLocalDay(addDays(localDay(now, user.timezone), 1), user.timezone);
  return Math.max(1, Math.ceil((tomorrow.getTime() - now.getTime()) / 1000));
}
