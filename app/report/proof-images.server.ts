import { and, eq } from "drizzle-orm";
import { printableJpeg } from "~/media/images.server";
import { photoThumbnail } from "~/media/media-store.server";
import { db, schema } from "~/utils/db/db.server";

/** Proof photos embedded in one report, at most: each is a small JPEG, the rest are counted, not drawn. */
export const MAX_REPORT_PHOTOS = 24;

const MEDIA_URL = /^\/media\/([A-Za-z0-9_-]{16,64})$/;

/** Proof the report shows: photos kept in our storage (as the dashboard shows them). */
export const isStoredProof = (url: string) => url.startsWith("/media/");

/** A proof photo as the report draws it: a JPEG, or null for a file that is no readable image. */
export type ReportPhoto = Buffer | null;

/**
 * The first `max` distinct proof photos of these URLs (in the order given: the report's newest goals
 * first), each as a small JPEG for PDFKit (which embeds JPEG and PNG only). A missing file, another
 * user's or one that is no image maps to null (drawn as 'No preview'). Files are read one at a time, so
 * memory holds one photo, and resized through the thumbnail cache the pages share.
 */
export async function reportPhotos(
  userId: number,
  urls: Iterable<string>,
  max = MAX_REPORT_PHOTOS,
) {
  const photos = new Map<string, ReportPhoto>();
  for (const url of urls) {
    if (photos.size >= max) break;
    if (photos.has(url)) continue;
    const id = MEDIA_URL.exec(url)?.[1];
    const row = id
      ? db
          .select()
          .from(schema.media)
          .where(and(eq(schema.media.id, id), eq(schema.media.userId, userId)))
          .get()
      : undefined;
    photos.set(url, row ? await printable(await photoThumbnail(row)) : null);
  }
  return photos;
}

// The thumbnail is a WebP (possibly with transparency): JPEG on white, as it shows on the page.
async function printable(thumbnail: Buffer | null): Promise<ReportPhoto> {
  return thumbnail ? printableJpeg(thumbnail) : null;
}
