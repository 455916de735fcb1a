import { FEED_LIMIT, buildRss } from "~/blog/feeds";
import { postExcerpt } from "~/blog/blog-rules";
import { listPublishedPosts } from "~/blog/posts.server";
import { env } from "~/utils/env/env.server";

/** GET /rss.xml: the newest published posts as RSS 2.0. */
export async function loader() {
  const posts = listPublishedPosts(FEED_LIMIT).map((post) => ({
    title: post.title,
    slug: post.slug,
    excerpt: postExcerpt(post),
    tags: post.tags,
    date: post.publishedAt ?? post.createdAt,
  }));
  return new Response(buildRss({ appUrl: env.APP_URL, posts }), {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=300",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
