import { eq } from "drizzle-orm";
import { db, schema } from "~/utils/db/db.server";
import { etagOf, photoBytes, photoThumbnail } from "./media-store.server";

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

/** 304 when the browser already holds these bytes (a strong ETag: their SHA-256). */
function notModified(request: Request, etag: string, vary: string) {
  const held = request.headers.get("If-None-Match");
  if (!held || !held.split(",").some((tag) => tag.trim() === etag)) return null;
  return new Response(null, {
    status: 304,
    headers: { ETag: etag, "Cache-Control": "private, max-age=3600", Vary: vary },
  });
}

export async function mediaResponse(request: Request, row: StoredMedia, vary: string) {
  const etag = etagOf(row);
  const cached = notModified(request, etag, vary);
  if (cached) return cached;
  const bytes = await photoBytes(row);
  if (!bytes) return mediaNotFound();
  const type = row.contentType.split(";")[0]!.trim().toLowerCase();
  const inline = INLINE_TYPES.has(type);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": inline ? type : "application/octet-stream",
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", row.fileName),
      "Cache-Control": "private, max-age=3600",
      ETag: etag,
      Vary: vary,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

/** `?size=thumb` asks for the small version pages show; the link opens the full photo. */
/** The photo's file, or its thumbnail when the URL asks for one (`?size=thumb`). */
export function photoResponse(request: Request, row: StoredMedia, vary: string) {
  return wantsThumbnail(request) ? thumbnailResponse(row, vary) : mediaResponse(request, row, vary);
}

function wantsThumbnail(request: Request) {
  return new URL(request.url).searchParams.get("size") === "thumb";
}

// Shown instead of a thumbnail when the stored file is no readable image: a crossed-out picture and
// 'No preview', so a page never shows a broken image; the link still opens the file itself.
const PLACEHOLDER = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">
<rect width="160" height="160" fill="#e5e7eb"/>
<g fill="none" stroke="#4b5563" stroke-width="5" stroke-linecap="round" stroke-linejoin="round">
<rect x="48" y="38" width="64" height="52" rx="6"/><path d="M52 82l18-18 14 14 8-8 16 16"/>
<path d="M40 30l80 68"/></g>
<text x="80" y="128" font-family="system-ui,sans-serif" font-size="17" fill="#374151" text-anchor="middle">No preview</text>
</svg>`;

export async function thumbnailResponse(row: StoredMedia, vary: string) {
  const bytes = await photoThumbnail(row);
  const headers = {
    "Cache-Control": "private, max-age=86400",
    Vary: vary,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
  if (!bytes) {
    return new Response(PLACEHOLDER, {
      headers: { ...headers, "Content-Type": "image/svg+xml" },
    });
  }
  return new Response(new Uint8Array(bytes), {
    headers: {
      ...headers,
      "Content-Type": "image/webp",
      "Content-Length": String(bytes.byteLength),
    },
  });
}
