import type { LoaderFunctionArgs } from "@remix-run/node";
import { BLOG_IMAGE_TYPES, getBlogImage } from "~/blog/images.server";
import { BLOG_IMAGE_PATH } from "~/blog/post-schema";

const IMAGE_TYPES = new Set<string>(BLOG_IMAGE_TYPES);

function notFound() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * GET /blog-images/:id: a featured image uploaded in the blog editor, public like the posts. Ids are
 * random and never reused, so the bytes behind one never change and may be cached for good.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = params.id ?? "";
  if (!BLOG_IMAGE_PATH.test(`/blog-images/${id}`)) return notFound();
  const row = getBlogImage(id);
  if (!row) return notFound();
  const type = row.contentType.split(";")[0]!.trim().toLowerCase();
  return new Response(new Uint8Array(row.data), {
    headers: {
      "Content-Type": IMAGE_TYPES.has(type) ? type : "application/octet-stream",
      "Content-Length": String(row.data.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
