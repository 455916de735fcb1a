/**
 * Moves proof photos and blog images still kept as bytes in the database to the object store, with
 * thumbnails: `npm run media:migrate`. Resumable and idempotent: a row moves once, in batches; run
 * it again after an interruption, or any time (it then moves nothing).
 */
import { migrateStoredBlogImages } from "../app/blog/images.server";
import { migrateStoredPhotos } from "../app/media/media-store.server";
import { objectStore } from "../app/storage/object-store.server";

async function moveAll(label: string, moveBatch: (limit: number) => Promise<number>) {
  let moved = 0;
  for (;;) {
    const batch = await moveBatch(100);
    moved += batch;
    if (batch === 0) return moved;
    console.log(`moved ${moved} ${label} so far`);
  }
}

const photos = await moveAll("photos", migrateStoredPhotos);
const images = await moveAll("blog images", migrateStoredBlogImages);
console.log(
  `Done: ${photos} photos and ${images} blog images moved to ${objectStore().location}; ` +
    "none left in the database.",
);
