import { and, desc, eq, gte, lt } from "drizzle-orm";
import type { Message } from "../../db/schema";
import { db, schema, sqlite } from "~/utils/db/db.server";
import { formatTime } from "~/utils/time/format";
import { keysetAfter } from "~/utils/requests/streamed-download.server";
import { addDays, localDay, localDayNumber, startOfLocalDay } from "~/utils/time/local-time";
import type { LocalDay } from "~/utils/time/local-time";
import { imageLabel, mediaNames, type ImageLabel } from "./message-media.server";

// The conversation page: a page of local days, each with its messages as the chat shows them.

const { messages } = schema;

/** The conversation page shows this many calendar days (of the user's time zone) per page. */
export const DAYS_PER_PAGE = 7;
/** At most this many messages on a page, the newest of its days: a page's weight stays bounded. */
export const MESSAGES_PER_PAGE = 300;
/**
 * And at most this many characters of text: a full day of SMS's longest texts (300 of 1,600) made a
 * page of almost 1 MB, sent twice over (the page and its data). The rest of the days' messages are
 * on the pages an 'Earlier messages' link leads to (`before`).
 */
export const PAGE_TEXT_BUDGET = 40_000;

type Owner = { id: number; timezone: string };

export type ThreadMessage = {
  id: number;
  side: "system" | "user";
  /** The channel badge, on the user's own messages only. */
  badge: "WEB" | "SMS" | null;
  body: string;
  /** 7:02 PM, in the user's time zone. */
  time: string;
  createdAt: string;
  images: ImageLabel[];
  /** A text of ours that did not reach the phone (failed, undelivered, blocked). */
  undelivered: boolean;
};

export type ThreadDay = { day: LocalDay; label: string; messages: ThreadMessage[] };

export type ThreadPage = {
  days: ThreadDay[];
  page: number;
  pages: number;
  totalDays: number;
  summary: string;
  /** The page's days hold more messages than this page shows: the earlier ones are a link away. */
  earlierNotShown: boolean;
  /** The oldest message shown, when earlier messages of these days are left for the next part. */
  earlierBefore: number | null;
  /** The message this part of the page shows the messages before (null: the newest of the days). */
  before: number | null;
};

const DAY_MS = 86_400_000;
const dayOfNumber = (n: number): LocalDay => new Date(n * DAY_MS).toISOString().slice(0, 10);

const longDay = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
});

/** 'Saturday, November 21, 2026', with 'Today - ' in front for the user's today. */
export function dayLabel(day: LocalDay, today: LocalDay) {
  const [y, m, d] = day.split("-").map(Number);
  const label = longDay.format(new Date(Date.UTC(y!, m! - 1, d!, 12)));
  return day === today ? `Today - ${label}` : label;
}

/** Times as 7:02 PM with a plain space (newer ICU puts a narrow no-break space before PM). */
export function messageTime(instant: Date, timeZone: string) {
  return formatTime(instant, timeZone).replace(/[\u202f\u00a0]/g, " ");
}

/**
 * The user's local days that have messages, newest first. Reads only the (indexed) timestamps;
 * the days depend on the user's time zone, which SQLite does not know.
 */
export function threadDays(user: Owner): LocalDay[] {
  const stamps = sqlite
    .prepare("SELECT created_at FROM messages WHERE user_id = ? ORDER BY created_at DESC")
    .pluck()
    .all(user.id) as number[];
  const days: LocalDay[] = [];
  let last: number | null = null;
  for (const stamp of stamps) {
    const n = localDayNumber(stamp, user.timezone);
    if (n !== last) days.push(dayOfNumber(n));
    last = n;
  }
  return days;
}

/** 'Showing 1 to 7 of 12 days' as the conversation footer says it. */
export function daySummary(page: number, totalDays: number) {
  if (totalDays === 0) return "Showing 0 to 0 of 0 days";
  if (totalDays === 1) return "Showing 1 to 1 of 1 day";
  const first = (page - 1) * DAYS_PER_PAGE + 1;
  const last = Math.min(page * DAYS_PER_PAGE, totalDays);
  return `Showing ${first} to ${last} of ${totalDays} days`;
}

function clampDayPage(raw: string | null | undefined, pages: number) {
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) return 1;
  return Math.min(n, pages);
}

/**
 * One page of the conversation: DAYS_PER_PAGE local days, newest day first, and within a day the
 * messages oldest first, as a chat reads. A page shows at most MESSAGES_PER_PAGE messages and
 * PAGE_TEXT_BUDGET characters, the newest; `rawBefore` (a message id of the user's) shows the part of
 * the page's days before that message.
 */
export function threadPage(
  user: Owner,
  rawPage: string | null,
  now = new Date(),
  rawBefore: string | null = null,
): ThreadPage {
  const allDays = threadDays(user);
  const pages = Math.max(1, Math.ceil(allDays.length / DAYS_PER_PAGE));
  const page = clampDayPage(rawPage, pages);
  const onPage = allDays.slice((page - 1) * DAYS_PER_PAGE, page * DAYS_PER_PAGE);
  const before = ownMessageKey(user.id, rawBefore);
  const base = {
    page,
    pages,
    totalDays: allDays.length,
    summary: daySummary(page, allDays.length),
    before: before?.id ?? null,
  };
  if (onPage.length === 0) {
    return { days: [], ...base, earlierNotShown: false, earlierBefore: null };
  }

  const newest = onPage[0]!;
  const oldest = onPage[onPage.length - 1]!;
  const newestFirst = db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.userId, user.id),
        gte(messages.createdAt, startOfLocalDay(oldest, user.timezone)),
        lt(messages.createdAt, startOfLocalDay(addDays(newest, 1), user.timezone)),
        before
          ? keysetAfter([messages.createdAt, messages.id], [before.createdAt, before.id], "desc")
          : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(MESSAGES_PER_PAGE + 1)
    .all();
  const shownNewestFirst = withinTextBudget(newestFirst.slice(0, MESSAGES_PER_PAGE));
  const earlierNotShown = newestFirst.length > shownNewestFirst.length;
  const rows = shownNewestFirst.reverse();
  const names = mediaNames(
    user.id,
    rows.flatMap((m) => m.mediaUrls),
  );
  const today = localDay(now, user.timezone);
  const byDay = new Map<LocalDay, ThreadMessage[]>(onPage.map((day) => [day, []]));
  for (const row of rows) {
    byDay.get(localDay(row.createdAt, user.timezone))?.push(toThreadMessage(row, user, names));
  }
  // Page 1 holds the newest days; on a page they read like a phone, oldest first, newest last. A part
  // of a page shows only the days it has messages of.
  return {
    days: [...onPage]
      .reverse()
      .map((day) => ({ day, label: dayLabel(day, today), messages: byDay.get(day) ?? [] }))
      .filter((day) => day.messages.length > 0),
    ...base,
    earlierNotShown,
    earlierBefore: earlierNotShown ? (rows[0]?.id ?? null) : null,
  };
}

/** The newest of the rows (given newest first) whose texts fit PAGE_TEXT_BUDGET; at least one. */
function withinTextBudget<Row extends { body: string }>(newestFirst: Row[]) {
  let characters = 0;
  const shown: Row[] = [];
  for (const row of newestFirst) {
    characters += row.body.length;
    if (shown.length > 0 && characters > PAGE_TEXT_BUDGET) break;
    shown.push(row);
  }
  return shown;
}

/** The id and time of one of the user's messages, named by a `before` parameter; else null. */
function ownMessageKey(userId: number, raw: string | null) {
  const id = Number(raw);
  if (!raw || !Number.isSafeInteger(id) || id < 1) return null;
  return (
    db
      .select({ id: messages.id, createdAt: messages.createdAt })
      .from(messages)
      .where(and(eq(messages.userId, userId), eq(messages.id, id)))
      .get() ?? null
  );
}

const UNDELIVERED = new Set(["failed", "undelivered", "blocked"]);

function toThreadMessage(row: Message, user: Owner, names: Map<string, string>): ThreadMessage {
  return {
    id: row.id,
    side: row.fromSystem ? "system" : "user",
    badge: row.fromSystem ? null : row.source === "web" ? "WEB" : "SMS",
    body: row.body,
    time: messageTime(row.createdAt, user.timezone),
    createdAt: row.createdAt.toISOString(),
    images: row.mediaUrls.map((url) => imageLabel(url, names)),
    undelivered: row.fromSystem && UNDELIVERED.has(row.status),
  };
}
