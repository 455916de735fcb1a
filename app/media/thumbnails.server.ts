import { resizedWebp } from "./images.server";

// Proof photos are up to 5 MB; a page of thumbnails must not send those. A thumbnail is made once
// per photo and kept in a small in-memory cache bounded in bytes (photos never change).

export const THUMBNAIL_SIZE = 160;
const CACHE_BYTES = 8 * 1024 * 1024;

/** Least recently used entries go first once the total size passes maxBytes. */
export class ByteLru {
  // Each entry costs its bytes plus this, so empty entries (unreadable files) are bounded too.
  static readonly ENTRY_OVERHEAD = 64;
  private entries = new Map<string, Buffer>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string) {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: Buffer) {
    const cost = (bytes: Buffer) => bytes.byteLength + ByteLru.ENTRY_OVERHEAD;
    if (cost(value) > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.total -= cost(old);
    this.entries.delete(key);
    this.entries.set(key, value);
    this.total += cost(value);
    for (const [oldest, bytes] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.total -= cost(bytes);
    }
  }

  get size() {
    return { entries: this.entries.size, bytes: this.total };
  }
}

const cache = new ByteLru(CACHE_BYTES);
// A page asks for several thumbnails at once; the same photo is resized once, not per request.
const inFlight = new Map<string, Promise<Buffer>>();

// An unreadable file is remembered as empty, so it is not decoded again on every request.
const UNREADABLE = Buffer.alloc(0);
let made = 0;

async function resize(data: Buffer, size = THUMBNAIL_SIZE): Promise<Buffer> {
  made += 1;
  return (await resizedWebp(data, size)) ?? UNREADABLE;
}

/** A WebP at most `size` px on its longer side, or null when the bytes are no readable image. */
export async function makeThumbnail(bytes: Buffer, size = THUMBNAIL_SIZE): Promise<Buffer | null> {
  const thumbnail = await resize(bytes, size);
  return thumbnail.byteLength > 0 ? thumbnail : null;
}

/**
 * The thumbnail of media `id`, made (or fetched) once even when several requests ask at once, and
 * kept in the byte-bounded cache; `load` gives the stored thumbnail or the photo's bytes to resize.
 */
export async function thumbnailOf(
  id: string,
  load: () => Promise<{ thumbnail: Buffer } | { photo: Buffer } | null>,
): Promise<Buffer | null> {
  let bytes = cache.get(id);
  if (!bytes) {
    let job = inFlight.get(id);
    if (!job) {
      job = load()
        .then((found) =>
          !found ? UNREADABLE : "thumbnail" in found ? found.thumbnail : resize(found.photo),
        )
        .finally(() => inFlight.delete(id));
      inFlight.set(id, job);
    }
    bytes = await job;
    cache.set(id, bytes);
  }
  return bytes.byteLength > 0 ? bytes : null;
}

/** What the cache holds and how many thumbnails sharp has made since start (for tests). */
export function thumbnailStats() {
  return { ...cache.size, made };
}
