import { and, desc, eq, isNull } from "drizzle-orm";
import type { CalendarFeed } from "../../db/schema";
import { goalsBetween, todayFor } from "~/goals/goals.server";
import { listHabits } from "~/habits/habits.server";
import type { PublicUser } from "~/users/users.server";
import {
  CALENDAR_TOKEN_PREFIX,
  hashToken,
  isCalendarTokenShape,
  newToken,
} from "~/users/api-token-rules";
import { db, schema } from "~/utils/db/db.server";
import { env } from "~/utils/env/env.server";
import { formatDateTime, formatLongDate } from "~/utils/time/format";
import { addDays } from "~/utils/time/local-time";
import { FEED_DAYS, feedEvents } from "./feed-events";
import { writeCalendar } from "./ical";

const { calendarFeeds } = schema;
/** A fetch is recorded at most this often: calendar apps poll, and a poll should not be a write. */
const FETCH_NOTE_EVERY_MS = 15 * 60 * 1000;

/** The feed's addresses: https:// for Google Calendar and downloads, webcal:// to subscribe in one tap. */
export function calendarFeedUrls(token: string) {
  const https = `${env.APP_URL}/calendar/${token}.ics`;
  return { https, webcal: https.replace(/^https?:/, "webcal:") };
}

/** A new private link for the user; the one they had stops working. The token is in the answer only. */
export function createCalendarFeed(userId: number, now = new Date()) {
  revokeCalendarFeed(userId, now);
  const { token, hash } = newToken(CALENDAR_TOKEN_PREFIX);
  db.insert(calendarFeeds).values({ userId, tokenHash: hash, createdAt: now }).run();
  return calendarFeedUrls(token);
}

export function revokeCalendarFeed(userId: number, now = new Date()) {
  const { changes } = db
    .update(calendarFeeds)
    .set({ revokedAt: now })
    .where(and(eq(calendarFeeds.userId, userId), isNull(calendarFeeds.revokedAt)))
    .run();
  return changes > 0;
}

/** What Settings shows of the user's live link (never the link itself: only its hash is kept). */
export function calendarFeedForSettings(user: { id: number; timezone: string }) {
  const feed = db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.userId, user.id), isNull(calendarFeeds.revokedAt)))
    .orderBy(desc(calendarFeeds.id))
    .get();
  if (!feed) return null;
  return {
    createdLabel: formatLongDate(feed.createdAt, user.timezone),
    lastFetchedLabel: feed.lastFetchedAt
      ? formatDateTime(feed.lastFetchedAt, user.timezone)
      : "not yet",
  };
}

/** The live feed behind a token from a URL (".ics" or not); revoked, unknown and malformed are absent. */
export function findCalendarFeed(rawToken: string): CalendarFeed | undefined {
  const token = rawToken.replace(/\.ics$/, "");
  if (!isCalendarTokenShape(token)) return undefined;
  return db
    .select()
    .from(calendarFeeds)
    .where(and(eq(calendarFeeds.tokenHash, hashToken(token)), isNull(calendarFeeds.revokedAt)))
    .get();
}

export function noteCalendarFetched(feed: CalendarFeed, now = new Date()) {
  if (feed.lastFetchedAt && now.getTime() - feed.lastFetchedAt.getTime() < FETCH_NOTE_EVERY_MS)
    return;
  db.update(calendarFeeds).set({ lastFetchedAt: now }).where(eq(calendarFeeds.id, feed.id)).run();
}

/** The user's plan from today on as iCalendar text. */
export function calendarText(user: PublicUser, now = new Date()) {
  const today = todayFor(user, now);
  const goals = goalsBetween(user, today, addDays(today, FEED_DAYS - 1));
  const habits = listHabits(user.id);
  return writeCalendar({
    name: "StreakCoach",
    timeZone: user.timezone,
    host: new URL(env.APP_URL).hostname,
    stamp: now,
    events: feedEvents(user, today, goals, habits),
  });
}
