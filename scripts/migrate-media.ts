/**
 * Moves photos still kept as bytes in the database to the object store, with thumbnails:
 * `npm run media:migrate`. Resumable and idempotent: a row moves once, in batches; run it again
 * after an interruption, or any time (it then moves nothing).
 */
import { migrateStoredPhotos } from "../app/media/media-store.server";
import { objectStore } from "../app/storage/object-store.server";

let moved = 0;
for (;;) {
  const batch = await migrateStoredPhotos(100);
  moved += batch;
  if (batch === 0) break;
  console.log(`moved ${moved} photos so far`);
}
console.log(`Done: ${moved} photos moved to ${objectStore().location}; none left in the database.`);
