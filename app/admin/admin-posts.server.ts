import { BLOG_TIME_ZONE } from "~/blog/blog-rules";
import { listAllPosts } from "~/blog/posts.server";

export type AdminPostRow = {
  id: number;
  title: string;
  slug: string;
  published: boolean;
  publishedDate: string | null;
};

/** The Blog Posts tab's rows, newest first; the date is the blog's calendar date (US format). */
export function listAdminPosts(): AdminPostRow[] {
  return listAllPosts().map((post) => ({
    id: post.id,
    title: post.title,
    slug: post.slug,
    published: post.published,
    publishedDate: post.publishedAt
      ? post.publishedAt.toLocaleDateString("en-US", { timeZone: BLOG_TIME_ZONE })
      : null,
  }));
}
