import { createHash } from "node:crypto";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { objectStore } from "~/storage/object-store.server";
import { db, schema } from "~/utils/db/db.server";
import type { ImageRefusal } from "./image-types";
import { cleanImage } from "./images.server";
import { makeThumbnail, thumbnailOf } from "./thumbnails.server";

// A photo's bytes live in the object store, never in the database: checked to be an image by its
// bytes, re-encoded without EXIF (no location leaves with it), and stored with its thumbnail.

export type StoredMediaRow = typeof schema.media.$inferSelect;

const photoKey = (id: string) => `media/${id}`;
const thumbKey = (id: string) => `media/${id}.thumb.webp`;

export type PhotoOutcome = { stored: true } | { stored: false; reason: ImageRefusal };

/**
 * Stores a new photo's bytes and thumbnail (the row keeps the keys and the digest), or says why the
 * bytes cannot be used. `name` gets the extension of the type we keep.
 */
export async function storePhoto(row: {
  id: string;
  userId: number;
  messageId?: number | null;
  name: string;
  bytes: Uint8Array;
}): Promise<PhotoOutcome> {
  const cleaned = await cleanImage(row.bytes);
  if (!cleaned.ok) return { stored: false, reason: cleaned.reason };
  const { bytes: clean, contentType } = cleaned.value;
  const store = objectStore();
  const thumb = await makeThumbnail(clean);
  await store.put(photoKey(row.id), clean, contentType);
  if (thumb) await store.put(thumbKey(row.id), thumb, "image/webp");
  db.insert(schema.media)
    .values({
      id: row.id,
      userId: row.userId,
      messageId: row.messageId ?? null,
      fileName: `${row.name}.${contentType.slice("image/".length)}`,
      contentType,
      size: clean.byteLength,
      storageKey: photoKey(row.id),
      thumbKey: thumb ? thumbKey(row.id) : null,
      sha256: createHash("sha256").update(clean).digest("hex"),
    })
    .run();
  return { stored: true };
}

/** The photo's bytes: from the store, or from the database for one not migrated yet. */
export async function photoBytes(row: StoredMediaRow): Promise<Buffer | null> {
  if (row.storageKey) return objectStore().get(row.storageKey);
  return row.data ? Buffer.from(row.data) : null;
}

/** The photo's thumbnail: the one stored on receipt, or made from the photo (cached either way). */
export function photoThumbnail(row: StoredMediaRow): Promise<Buffer | null> {
  return thumbnailOf(row.id, async () => {
    const stored = row.thumbKey ? await objectStore().get(row.thumbKey) : null;
    if (stored) return { thumbnail: stored };
    const photo = await photoBytes(row);
    return photo ? { photo } : null;
  });
}

/** The strong ETag: the digest of the stored bytes (computed for a row not migrated yet). */
export function etagOf(row: StoredMediaRow) {
  const digest =
    row.sha256 ?? (row.data ? createHash("sha256").update(row.data).digest("hex") : row.id);
  return `"${digest}"`;
}

/**
 * Moves the bytes of up to `limit` rows still in the database to the store, with thumbnails;
 * resumable and idempotent: a row is moved once, and the store is written before the row changes.
 */
export async function migrateStoredPhotos(limit = 100) {
  const rows = db
    .select()
    .from(schema.media)
    .where(and(isNull(schema.media.storageKey), isNotNull(schema.media.data)))
    .limit(limit)
    .all();
  const store = objectStore();
  for (const row of rows) {
    const original = Buffer.from(row.data!);
    const cleaned = await cleanImage(original);
    const { bytes: clean, contentType } = cleaned.ok
      ? cleaned.value
      : { bytes: original, contentType: row.contentType };
    const thumb = await makeThumbnail(clean);
    await store.put(photoKey(row.id), clean, contentType);
    if (thumb) await store.put(thumbKey(row.id), thumb, "image/webp");
    db.update(schema.media)
      .set({
        data: null,
        contentType,
        size: clean.byteLength,
        storageKey: photoKey(row.id),
        thumbKey: thumb ? thumbKey(row.id) : null,
        sha256: createHash("sha256").update(clean).digest("hex"),
      })
      .where(eq(schema.media.id, row.id))
      .run();
  }
  return rows.length;
}
