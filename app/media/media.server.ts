import { eq } from "drizzle-orm";
import { db, schema } from "~/utils/db.server";

/** Media ids are random opaque tokens (base64url); anything else cannot exist. */
const MEDIA_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** Types a browser may render inline from our origin; SVG (scriptable) and everything else is not. */
const INLINE_TYPES = new Set([
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/heic",
  "image/heif",
]);

export type StoredMedia = typeof schema.media.$inferSelect;

export function findMedia(id: string): StoredMedia | undefined {
  if (!MEDIA_ID.test(id)) return undefined;
  return db.select().from(schema.media).where(eq(schema.media.id, id)).get();
}

/** The same answer for a missing file and for one the caller may not see, so ids cannot be probed. */
export function mediaNotFound() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** A file name safe inside a quoted header value, plus its exact UTF-8 form (RFC 6266). */
function contentDisposition(kind: "inline" | "attachment", fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_").slice(0, 120) || "file";
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function mediaResponse(row: StoredMedia, vary: string) {
  const type = row.contentType.split(";")[0]!.trim().toLowerCase();
  const inline = INLINE_TYPES.has(type);
  return new Response(new Uint8Array(row.data), {
    headers: {
      "Content-Type": inline ? type : "application/octet-stream",
      "Content-Length": String(row.data.byteLength),
      "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", row.fileName),
      "Cache-Control": "private, max-age=3600",
      Vary: vary,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
