import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { ShareLink } from "../../db/schema";
import { db, schema } from "~/utils/db/db.server";
import { activeRowCount, forgetOldPastRows } from "~/utils/db/expiring-rows.server";
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
  if (activeRowCount(shareLinks, userId, now) >= MAX_ACTIVE_LINKS_PER_USER) {
    throw new ShareLinkError(
      `You can have up to ${MAX_ACTIVE_LINKS_PER_USER} active share links. Revoke one you no longer need first.`,
    );
  }
  // A deleted link answers 404 just as a revoked one does.
  forgetOldPastRows(shareLinks, userId, now, MAX_PAST_LINKS_PER_USER);
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
