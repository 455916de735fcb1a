import { SITEMAP_PAGES, buildSitemap } from "~/blog/feeds";
import { listPublishedPosts } from "~/blog/posts.server";
import { env } from "~/utils/env/env.server";

/** GET /sitemap.xml: the public pages and every published post. */
export async function loader() {
  const entries = [
    ...SITEMAP_PAGES.map((path) => ({ path })),
    ...listPublishedPosts().map((post) => ({
      path: `/blog/${encodeURIComponent(post.slug)}`,
      lastmod: post.updatedAt,
    })),
  ];
  return new Response(buildSitemap(env.APP_URL, entries), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
