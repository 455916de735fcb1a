import { and, count, desc, eq, gt, isNotNull, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { ShareLink } from "../../db/schema";
import { db, schema } from "~/utils/db/db.server";
import { env } from "~/utils/env/env.server";
import { formatLongDate } from "~/utils/time/format";
import {
  expiryFrom,
  isWellFormedToken,
  MAX_ACTIVE_LINKS_PER_USER,
  MAX_PAST_LINKS_PER_USER,
  newShareToken,
  shareLinkState,
} from "./share-rules";
import type { ExpiryChoice } from "./share-rules";

const { shareLinks } = schema;

export class ShareLinkError extends Error {}

export function shareUrl(token: string, path = "") {
  return `${env.APP_URL}/share/${token}${path}`;
}

function activeLinkCount(userId: number, now: Date) {
  return (
    db
      .select({ n: count() })
      .from(shareLinks)
      .where(
        and(
          eq(shareLinks.userId, userId),
          isNull(shareLinks.revokedAt),
          or(isNull(shareLinks.expiresAt), gt(shareLinks.expiresAt, now)),
        ),
      )
      .get()?.n ?? 0
  );
}

export function createShareLink(
  userId: number,
  input: {
    label: string;
    ownerName: string;
    includePhotos: boolean;
    includeHabits?: boolean;
    expires: ExpiryChoice;
  },
  now = new Date(),
): ShareLink {
  if (activeLinkCount(userId, now) >= MAX_ACTIVE_LINKS_PER_USER) {
    throw new ShareLinkError(
      `You can have up to ${MAX_ACTIVE_LINKS_PER_USER} active share links. Revoke one you no longer need first.`,
    );
  }
  forgetOldPastLinks(userId, now);
  return db
    .insert(shareLinks)
    .values({
      userId,
      token: newShareToken(),
      label: input.label,
      ownerName: input.ownerName,
      includePhotos: input.includePhotos,
      includeHabits: input.includeHabits ?? false,
      expiresAt: expiryFrom(input.expires, now),
      createdAt: now,
    })
    .returning()
    .get();
}

/**
 * Creating and revoking in a loop must not grow the list for ever: only the newest revoked or expired
 * links are kept. A deleted link answers 404 just as a revoked one does.
 */
function forgetOldPastLinks(userId: number, now: Date) {
  const past = and(
    eq(shareLinks.userId, userId),
    or(isNotNull(shareLinks.revokedAt), lte(shareLinks.expiresAt, now)),
  );
  const kept = db
    .select({ id: shareLinks.id })
    .from(shareLinks)
    .where(past)
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id))
    .limit(MAX_PAST_LINKS_PER_USER)
    .all()
    .map((link) => link.id);
  db.delete(shareLinks)
    .where(and(past, notInArray(shareLinks.id, kept.length ? kept : [0])))
    .run();
}

/** The user's links, usable ones first; bounded even where old data holds thousands. */
export function listShareLinks(userId: number, now = new Date()) {
  return db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.userId, userId))
    .orderBy(
      sql`${shareLinks.revokedAt} is not null`,
      desc(shareLinks.createdAt),
      desc(shareLinks.id),
    )
    .limit(MAX_ACTIVE_LINKS_PER_USER + 2 * MAX_PAST_LINKS_PER_USER)
    .all()
    .map((link) => ({ ...link, state: shareLinkState(link, now), url: shareUrl(link.token) }));
}

/** Revokes one of the user's own links at once; another user's id simply matches nothing. */
export function revokeShareLink(userId: number, linkId: number, now = new Date()) {
  const { changes } = db
    .update(shareLinks)
    .set({ revokedAt: now })
    .where(
      and(eq(shareLinks.id, linkId), eq(shareLinks.userId, userId), isNull(shareLinks.revokedAt)),
    )
    .run();
  return changes > 0;
}

/** The link behind a token while it is usable; revoked, expired, unknown and malformed are all absent. */
export function findActiveShareLink(token: string, now = new Date()): ShareLink | undefined {
  if (!isWellFormedToken(token)) return undefined;
  const link = db.select().from(shareLinks).where(eq(shareLinks.token, token)).get();
  return link && shareLinkState(link, now) === "active" ? link : undefined;
}

/** The rows Settings lists, dates in the owner's time zone. */
export function shareLinksForSettings(user: { id: number; timezone: string }, now = new Date()) {
  return listShareLinks(user.id, now).map((link) => ({
    id: link.id,
    label: link.label,
    url: link.url,
    state: link.state,
    includePhotos: link.includePhotos,
    includeHabits: link.includeHabits,
    expiresLabel: link.expiresAt ? formatLongDate(link.expiresAt, user.timezone) : "never",
  }));
}
