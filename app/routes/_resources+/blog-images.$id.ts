import type { LoaderFunctionArgs } from "@remix-run/node";
import { BLOG_IMAGE_TYPES, blogImageBytes, getBlogImage } from "~/blog/images.server";
import { BLOG_IMAGE_PATH } from "~/blog/post-schema";

const IMAGE_TYPES = new Set<string>([...BLOG_IMAGE_TYPES]);
// Ids are random and never reused, so the bytes behind one never change and may be cached for good.
const CACHE_FOREVER = "public, max-age=31536000, immutable";

function notFound() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * GET /blog-images/:id: a featured image uploaded in the blog editor, public like the posts, from the
 * object store; `?size=card` is the smaller WebP that post cards show.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!BLOG_IMAGE_PATH.test(`/blog-images/${id}`)) return notFound();
  const row = getBlogImage(id);
  if (!row) return notFound();
  const variant = new URL(request.url).searchParams.get("size") === "card" ? "card" : "full";
  const image = await blogImageBytes(row, variant);
  if (!image) return notFound();
  const headers = { ETag: image.etag, "Cache-Control": CACHE_FOREVER };
  const held = request.headers.get("If-None-Match");
  if (held?.split(",").some((tag) => tag.trim() === image.etag)) {
    return new Response(null, { status: 304, headers });
  }
  const type = image.contentType.split(";")[0]!.trim().toLowerCase();
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      ...headers,
      "Content-Type":
        IMAGE_TYPES.has(type) || type === "image/webp" ? type : "application/octet-stream",
      "Content-Length": String(image.bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
