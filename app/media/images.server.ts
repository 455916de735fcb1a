import sharp, { type Sharp } from "sharp";
import { sniffImageType, type AcceptedImageType, type ImageRefusal } from "./image-types";

// Every image the server decodes (texted photos, blog uploads, thumbnails, the report's pictures) goes
// through this module: accepted by its first bytes only, refused above a pixel count measured to fit
// the 256 MB machine, first frame only, one decode at a time in the whole process, and bounded in time.

// libvips' own threads and operation cache would multiply the memory of a decode.
sharp.concurrency(1);
sharp.cache(false);

/**
 * The most pixels we decode, by type. JPEG and WebP are shrunk while they load and PNG is read row by
 * row, so even 40 MP stayed within ~70 MB above the idle process; a GIF frame and a HEIF picture are
 * decoded whole (~5 MB per megapixel), so they stop at 16 MP.
 */
export const PIXEL_LIMITS: Record<AcceptedImageType, number> = {
  "image/jpeg": 40_000_000,
  "image/png": 40_000_000,
  "image/webp": 40_000_000,
  "image/gif": 16_000_000,
  "image/heic": 16_000_000,
  "image/heif": 16_000_000,
};

/** Kept photos are at most this many pixels on their longer side: re-encoding more costs memory. */
export const MAX_STORED_SIDE = 2048;
const DECODE_TIMEOUT_SECONDS = 10;

/** What we keep of each type: a still picture a browser shows (a GIF's first frame, a HEIC as JPEG). */
const STORED_AS = {
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "png",
  "image/heic": "jpeg",
  "image/heif": "jpeg",
} as const;

let queue: Promise<unknown> = Promise.resolve();

/** Runs decodes one after another, process-wide, so two large images never sit in memory together. */
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

export type Decoded<T> = { ok: true; value: T } | { ok: false; reason: ImageRefusal };

/**
 * Opens an accepted image (first frame only, within its pixel limit), applies `pipeline` and
 * encodes it, in the decode queue and within the time limit.
 */
function decodeSafely(
  bytes: Uint8Array,
  pipeline: (image: Sharp, type: AcceptedImageType) => Sharp,
): Promise<Decoded<{ bytes: Buffer; type: AcceptedImageType }>> {
  const type = sniffImageType(bytes);
  if (!type) return Promise.resolve({ ok: false, reason: "not_an_image" });
  return oneAtATime(async () => {
    try {
      const image = sharp(bytes, { limitInputPixels: PIXEL_LIMITS[type], pages: 1 });
      const { width = 0, height = 0 } = await image.metadata();
      if (width === 0 || height === 0) return { ok: false, reason: "unreadable" };
      if (width * height > PIXEL_LIMITS[type]) return { ok: false, reason: "too_large" };
      const output = await pipeline(image, type)
        .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
        .toBuffer();
      return { ok: true, value: { bytes: output, type } };
    } catch (error) {
      const tooLarge = /pixel limit/i.test(String((error as Error)?.message));
      return { ok: false, reason: tooLarge ? "too_large" : "unreadable" };
    }
  });
}

export type CleanImage = { bytes: Buffer; contentType: "image/jpeg" | "image/png" | "image/webp" };

/**
 * The image as we keep it: rotated upright, at most MAX_STORED_SIDE px, re-encoded without metadata
 * (sharp writes none unless asked, so EXIF and the GPS location a phone camera writes are dropped).
 */
export async function cleanImage(bytes: Uint8Array): Promise<Decoded<CleanImage>> {
  const decoded = await decodeSafely(bytes, (image, type) =>
    image
      .rotate()
      .resize(MAX_STORED_SIDE, MAX_STORED_SIDE, { fit: "inside", withoutEnlargement: true })
      .toFormat(STORED_AS[type]),
  );
  if (!decoded.ok) return decoded;
  const format = STORED_AS[decoded.value.type];
  return { ok: true, value: { bytes: decoded.value.bytes, contentType: `image/${format}` } };
}

/** A WebP at most `size` px on its longer side, or null when the bytes are no image we can use. */
export async function resizedWebp(bytes: Uint8Array, size: number): Promise<Buffer | null> {
  const decoded = await decodeSafely(bytes, (image) =>
    image
      .rotate()
      .resize(size, size, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 70 }),
  );
  return decoded.ok ? decoded.value.bytes : null;
}

/** A JPEG on white (for PDFKit, which embeds JPEG and PNG only), or null for no usable image. */
export async function printableJpeg(bytes: Uint8Array): Promise<Buffer | null> {
  const decoded = await decodeSafely(bytes, (image) =>
    image.flatten({ background: "#ffffff" }).jpeg({ quality: 80 }),
  );
  return decoded.ok ? decoded.value.bytes : null;
}
