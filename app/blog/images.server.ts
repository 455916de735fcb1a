import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { sniffImageType } from "~/media/image-types";
import { cleanImage } from "~/media/images.server";
import { makeThumbnail } from "~/media/thumbnails.server";
import { objectStore } from "~/storage/object-store.server";
import { db, schema } from "~/utils/db/db.server";

export const BLOG_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const BLOG_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
/** Post cards show the featured image at most this wide (twice their CSS width, for sharp screens). */
export const BLOG_CARD_SIZE = 800;

export const IMAGE_TOO_LARGE = "The image must be 5 MB or smaller";
const NOT_AN_IMAGE = "The image must be a JPEG, PNG, GIF or WebP file";
const UNUSABLE = {
  not_an_image: NOT_AN_IMAGE,
  too_large: "The image has too many pixels",
  unreadable: "The image could not be read",
} as const;

export class BlogImageError extends Error {}

export type BlogImageRow = typeof schema.blogImages.$inferSelect;

const IMAGE_PATH_PREFIX = "/blog-images/";
const imageKey = (id: string) => `blog/${id}`;
const cardKey = (id: string) => `blog/${id}.card.webp`;
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/**
 * The upload's bytes if they can be a featured image (size and type, from its first bytes: the declared
 * type is not trusted); it is decoded only when the post is saved.
 */
export function checkBlogImage(data: Uint8Array) {
  if (data.byteLength === 0) throw new BlogImageError("The image file is empty");
  if (data.byteLength > BLOG_IMAGE_MAX_BYTES) throw new BlogImageError(IMAGE_TOO_LARGE);
  const type = sniffImageType(data);
  if (!type || !(BLOG_IMAGE_TYPES as readonly string[]).includes(type)) {
    throw new BlogImageError(NOT_AN_IMAGE);
  }
  return data;
}

/** Writes the cleaned image and its card version to the store; returns what the row keeps. */
async function putInStore(id: string, clean: Buffer, contentType: string) {
  const store = objectStore();
  const card = await makeThumbnail(clean, BLOG_CARD_SIZE);
  await store.put(imageKey(id), clean, contentType);
  if (card) await store.put(cardKey(id), card, "image/webp");
  return {
    size: clean.byteLength,
    storageKey: imageKey(id),
    cardKey: card ? cardKey(id) : null,
    sha256: sha256(clean),
  };
}

/**
 * Stores an uploaded featured image in the object store (checked by its bytes, without EXIF, with a
 * card-sized copy) and returns the path it is served from; the database keeps only the keys.
 */
export async function storeBlogImage(data: Uint8Array, uploadedBy: number): Promise<string> {
  const cleaned = await cleanImage(checkBlogImage(data));
  if (!cleaned.ok) throw new BlogImageError(UNUSABLE[cleaned.reason]);
  const { bytes, contentType } = cleaned.value;
  const id = randomBytes(18).toString("base64url");
  const stored = await putInStore(id, bytes, contentType);
  db.insert(schema.blogImages)
    .values({ id, uploadedBy, contentType, ...stored })
    .run();
  return `${IMAGE_PATH_PREFIX}${id}`;
}

/** Removes an image storeBlogImage just stored, by its path, when its post was not saved after all. */
export async function deleteBlogImage(path: string) {
  const row = getBlogImage(path.slice(IMAGE_PATH_PREFIX.length));
  if (!row) return;
  const store = objectStore();
  if (row.storageKey) await store.delete(row.storageKey);
  if (row.cardKey) await store.delete(row.cardKey);
  db.delete(schema.blogImages).where(eq(schema.blogImages.id, row.id)).run();
}

export function getBlogImage(id: string) {
  return db.select().from(schema.blogImages).where(eq(schema.blogImages.id, id)).get();
}

/** The image's bytes, or its card version (the full image for a row without one). */
export async function blogImageBytes(row: BlogImageRow, variant: "full" | "card") {
  if (variant === "card" && row.cardKey) {
    const card = await objectStore().get(row.cardKey);
    if (card) return { bytes: card, contentType: "image/webp", etag: `"${row.sha256}-card"` };
  }
  const bytes = row.storageKey
    ? await objectStore().get(row.storageKey)
    : row.data
      ? Buffer.from(row.data)
      : null;
  if (!bytes) return null;
  return { bytes, contentType: row.contentType, etag: `"${row.sha256 ?? sha256(bytes)}"` };
}

/**
 * Moves the bytes of up to `limit` images still in the database to the store, with card versions;
 * resumable and idempotent: the store is written before the row changes, and a moved row is skipped.
 */
export async function migrateStoredBlogImages(limit = 100) {
  const rows = db
    .select()
    .from(schema.blogImages)
    .where(and(isNull(schema.blogImages.storageKey), isNotNull(schema.blogImages.data)))
    .limit(limit)
    .all();
  for (const row of rows) {
    const original = Buffer.from(row.data!);
    const cleaned = await cleanImage(original);
    const { bytes, contentType } = cleaned.ok
      ? cleaned.value
      : { bytes: original, contentType: row.contentType };
    const stored = await putInStore(row.id, bytes, contentType);
    db.update(schema.blogImages)
      .set({ data: null, contentType, ...stored })
      .where(eq(schema.blogImages.id, row.id))
      .run();
  }
  return rows.length;
}
