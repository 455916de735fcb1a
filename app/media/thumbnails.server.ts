import sharp from "sharp";
import type { StoredMedia } from "./media.server";

// Proof photos are up to 5 MB; a page of thumbnails must not send those. A thumbnail is made once
// per photo and kept in a small in-memory cache bounded in bytes (photos never change).

export const THUMBNAIL_SIZE = 160;
const CACHE_BYTES = 8 * 1024 * 1024;

// One image at a time and no libvips cache: the server runs in a small machine next to the web.
sharp.concurrency(1);
sharp.cache(false);

const cache = new Map<string, Buffer>();
let cachedBytes = 0;

function remember(id: string, bytes: Buffer) {
  cache.set(id, bytes);
  cachedBytes += bytes.byteLength;
  for (const [oldest, old] of cache) {
    if (cachedBytes <= CACHE_BYTES) break;
    cache.delete(oldest);
    cachedBytes -= old.byteLength;
  }
}

/** A WebP at most THUMBNAIL_SIZE px on its longer side, or null when the file is not a readable image. */
export async function thumbnailOf(row: StoredMedia): Promise<Buffer | null> {
  const hit = cache.get(row.id);
  if (hit) {
    // Most recently used last, so the cache drops the oldest first.
    cache.delete(row.id);
    cache.set(row.id, hit);
    return hit;
  }
  try {
    const bytes = await sharp(Buffer.from(row.data), { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer();
    remember(row.id, bytes);
    return bytes;
  } catch {
    return null;
  }
}

export function thumbnailCacheSize() {
  return { entries: cache.size, bytes: cachedBytes };
}
