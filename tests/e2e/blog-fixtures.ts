import { randomUUID } from "node:crypto";
import { withDatabase } from "./fixtures";

export type SeedPost = {
  title?: string;
  slug?: string;
  content?: string;
  excerpt?: string | null;
  tags?: string[];
  published?: boolean;
  featured?: boolean;
  featuredImageUrl?: string | null;
  /** When it was published (and created); defaults to now. */
  publishedAt?: Date;
};

export type SeededPost = { id: number; title: string; slug: string };

const DEFAULT_CONTENT =
  "A steady habit is built one small, kept promise at a time. Text your goals in the morning and check in at night.";

/** Inserts a blog post straight into the server's database (unique title and slug by default). */
export function seedPost(post: SeedPost = {}): SeededPost {
  const token = randomUUID().slice(0, 8);
  const title = post.title ?? `Habit notes ${token}`;
  const slug = post.slug ?? `habit-notes-${token}`;
  const published = post.published ?? true;
  const at = (post.publishedAt ?? new Date()).getTime();
  const id = withDatabase(
    (db) =>
      db
        .prepare(
          `insert into blog_posts
             (title, slug, content, excerpt, tags, published, featured, featured_image_url,
              created_at, updated_at, published_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
        )
        .get(
          title,
          slug,
          post.content ?? DEFAULT_CONTENT,
          post.excerpt === undefined ? `Notes on keeping habits, part ${token}.` : post.excerpt,
          JSON.stringify(post.tags ?? []),
          published ? 1 : 0,
          post.featured ? 1 : 0,
          post.featuredImageUrl ?? null,
          at,
          at,
          published ? at : null,
        ) as { id: number },
  ).id;
  return { id, title, slug };
}

export type PostRecord = {
  id: number;
  title: string;
  slug: string;
  content: string;
  published: number;
  published_at: number | null;
  tags: string;
};

export function postBySlug(slug: string): PostRecord | undefined {
  return withDatabase(
    (db) =>
      db.prepare("select * from blog_posts where slug = ?").get(slug) as PostRecord | undefined,
  );
}
