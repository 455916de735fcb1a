import { and, eq, inArray } from "drizzle-orm";
import { db, schema } from "~/utils/db/db.server";

// The photos a conversation's messages carry: '/media/{id}' URLs, their names, whose they are.

const { media } = schema;

export type ImageLabel = { label: string; href: string | null };

const MEDIA_URL = /^\/media\/([A-Za-z0-9_-]{1,64})$/;

/** The media id of a '/media/{id}' URL (relative, or absolute on any origin), else null. */
export function mediaIdOf(url: string): string | null {
  let path = url;
  if (/^https?:\/\//i.test(url)) {
    try {
      path = new URL(url).pathname;
    } catch {
      return null;
    }
  }
  return MEDIA_URL.exec(path)?.[1] ?? null;
}
/** '[Image: photo-1.jpeg]' linking to the stored photo; a photo no longer stored has no link. */
export function imageLabel(url: string, names: Map<string, string>): ImageLabel {
  const id = mediaIdOf(url);
  const name = id ? names.get(id) : undefined;
  if (id && name) return { label: `[Image: ${name}]`, href: `/media/${id}` };
  return { label: "[Image: unavailable]", href: null };
}

/** File names of the user's own stored media, by id, for the '/media/{id}' URLs given. */
export function mediaNames(userId: number, urls: string[]): Map<string, string> {
  const ids = [...new Set(urls.map(mediaIdOf).filter((id): id is string => id !== null))];
  const names = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = db
      .select({ id: media.id, fileName: media.fileName })
      .from(media)
      .where(and(eq(media.userId, userId), inArray(media.id, ids.slice(i, i + 500))))
      .all();
    for (const row of rows) names.set(row.id, row.fileName);
  }
  return names;
}

/**
 * The media ids named by '/media/{id}' URLs, when every one of them is the user's own stored
 * media; otherwise the URLs refused (malformed, unknown, or someone else's: not told apart).
 */
export function ownMediaIds(
  userId: number,
  urls: string[],
): { ok: true; ids: string[] } | { ok: false; refused: string[] } {
  const ids = urls.map(mediaIdOf);
  const names = mediaNames(
    userId,
    urls.filter((_, i) => ids[i] !== null),
  );
  const refused = urls.filter((_, i) => ids[i] === null || !names.has(ids[i]!));
  if (refused.length) return { ok: false, refused };
  return { ok: true, ids: [...new Set(ids as string[])] };
}

/** Links stored photos to the chat message that carried them, when not linked to one already. */
export function attachMediaToMessage(userId: number, mediaIds: string[], messageId: number) {
  if (mediaIds.length === 0) return;
  db.update(media)
    .set({ messageId })
    .where(and(eq(media.userId, userId), inArray(media.id, mediaIds)))
    .run();
}
