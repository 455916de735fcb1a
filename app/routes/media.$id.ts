import type { LoaderFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { isAdmin } from "~/users/user-options";
import { db, schema } from "~/utils/db.server";
import { getUser } from "~/utils/session.server";

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

function notFound() {
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

/**
 * GET /media/:id: a stored proof photo, only for its owner and admins. Everyone else, signed in or
 * not, gets the same 404 as for an id that does not exist, so ids cannot be probed.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!MEDIA_ID.test(id)) return notFound();
  const user = await getUser(request);
  if (!user) return notFound();
  const row = db.select().from(schema.media).where(eq(schema.media.id, id)).get();
  if (!row || (row.userId !== user.id && !isAdmin(user))) return notFound();
  const type = row.contentType.split(";")[0]!.trim().toLowerCase();
  const inline = INLINE_TYPES.has(type);
  return new Response(new Uint8Array(row.data), {
    headers: {
      "Content-Type": inline ? type : "application/octet-stream",
      "Content-Length": String(row.data.byteLength),
      "Content-Disposition": contentDisposition(inline ? "inline" : "attachment", row.fileName),
      "Cache-Control": "private, max-age=3600",
      Vary: "Cookie",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
