import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { BlogPost } from "../../db/schema";
import { db, isUniqueViolation, schema } from "~/utils/db/db.server";
import { POSTS_PER_PAGE, postDateLabel, postExcerpt, readTimeLabel } from "./blog-rules";
import { renderMarkdown } from "./markdown.server";
import type { NewPostInput, PostPatch } from "./post-schema";

const { blogPosts } = schema;

export class DuplicateSlugError extends Error {
  constructor() {
    super("A post with this slug already exists");
  }
}

export class SlugChangeError extends Error {
  constructor() {
    super("The slug cannot be changed after a post is created");
  }
}

/** What lists and cards show of a post; the author is always shown as "Admin", never by name. */
export function toPostSummary(post: BlogPost) {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: postExcerpt(post),
    featuredImageUrl: post.featuredImageUrl,
    tags: post.tags,
    published: post.published,
    featured: post.featured,
    createdAt: post.createdAt.toISOString(),
    updatedAt: post.updatedAt.toISOString(),
    publishedAt: post.publishedAt?.toISOString() ?? null,
    dateLabel: postDateLabel(post),
    readTime: readTimeLabel(post.content),
    author: "Admin",
  };
}

/** A whole post: its Markdown source and the sanitized HTML rendered from it. */
export function toPostDetail(post: BlogPost) {
  return {
    ...toPostSummary(post),
    excerpt: post.excerpt,
    displayExcerpt: postExcerpt(post),
    content: post.content,
    contentHtml: renderMarkdown(post.content),
  };
}

export type PostSummary = ReturnType<typeof toPostSummary>;
export type PostDetail = ReturnType<typeof toPostDetail>;

const newestFirst = [desc(blogPosts.publishedAt), desc(blogPosts.createdAt), desc(blogPosts.id)];

function hasTag(tag: string): SQL {
  return sql`exists (select 1 from json_each(${blogPosts.tags}) where lower(json_each.value) = lower(${tag}))`;
}

/** Every post, drafts included, newest first (admin). */
export function listAllPosts(): BlogPost[] {
  return db.select().from(blogPosts).orderBy(desc(blogPosts.createdAt), desc(blogPosts.id)).all();
}

/** Published posts, newest first; for feeds and the public /api list. */
export function listPublishedPosts(limit?: number): BlogPost[] {
  const query = db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.published, true))
    .orderBy(...newestFirst);
  return limit ? query.limit(limit).all() : query.all();
}

/** One page of published posts, optionally with a tag (matched case-insensitively). */
export function listPublishedPage({ tag, page }: { tag?: string | null; page: number }) {
  const where = tag
    ? and(eq(blogPosts.published, true), hasTag(tag))
    : eq(blogPosts.published, true);
  const total =
    db
      .select({ n: sql<number>`count(*)` })
      .from(blogPosts)
      .where(where)
      .get()?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / POSTS_PER_PAGE));
  const current = Math.min(page, pageCount);
  const posts = db
    .select()
    .from(blogPosts)
    .where(where)
    .orderBy(...newestFirst)
    .limit(POSTS_PER_PAGE)
    .offset((current - 1) * POSTS_PER_PAGE)
    .all();
  return { posts, total, page: current, pageCount };
}

/** Every distinct tag of the published posts (case-insensitively distinct, one spelling each), sorted. */
export function listPublishedTags(): string[] {
  const rows = db.all<{ tag: string }>(sql`
    select min(json_each.value) as tag
    from ${blogPosts}, json_each(${blogPosts.tags})
    where ${blogPosts.published} = 1
    group by lower(json_each.value)
    order by lower(json_each.value)`);
  return rows.map((r) => r.tag);
}

/** The banner's post: the newest published post marked featured, else the newest published post. */
export function getFeaturedPost(): BlogPost | undefined {
  return (
    db
      .select()
      .from(blogPosts)
      .where(and(eq(blogPosts.published, true), eq(blogPosts.featured, true)))
      .orderBy(...newestFirst)
      .get() ?? listPublishedPosts(1)[0]
  );
}

export function getPostById(id: number): BlogPost | undefined {
  return db.select().from(blogPosts).where(eq(blogPosts.id, id)).get();
}

export function getPostBySlug(slug: string): BlogPost | undefined {
  return db.select().from(blogPosts).where(eq(blogPosts.slug, slug)).get();
}

/** A post as a reader may see it: drafts exist only for admins. */
export function getReadablePost(
  post: BlogPost | undefined,
  canSeeDrafts: boolean,
): BlogPost | undefined {
  return post && (post.published || canSeeDrafts) ? post : undefined;
}

function uniqueSlug<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (isUniqueViolation(error, "blog_posts.slug")) throw new DuplicateSlugError();
    throw error;
  }
}

export function createPost(authorId: number, input: NewPostInput): BlogPost {
  const now = new Date();
  return uniqueSlug(() =>
    db
      .insert(blogPosts)
      .values({
        title: input.title,
        slug: input.slug,
        content: input.content,
        excerpt: input.excerpt,
        featuredImageUrl: input.featuredImageUrl,
        tags: input.tags,
        published: input.published,
        featured: input.featured,
        authorId,
        createdAt: now,
        updatedAt: now,
        publishedAt: input.published ? now : null,
      })
      .returning()
      .get(),
  );
}

/**
 * Changes a post. Publishing for the first time sets publishedAt; unpublishing keeps it, so a post
 * published again keeps its original date. The slug never changes.
 */
export function updatePost(id: number, patch: PostPatch): BlogPost | undefined {
  const post = getPostById(id);
  if (!post) return undefined;
  const { slug, ...changes } = patch;
  if (slug !== undefined && slug.trim() !== post.slug) throw new SlugChangeError();
  const now = new Date();
  return db
    .update(blogPosts)
    .set({
      ...changes,
      updatedAt: now,
      ...(changes.published && !post.publishedAt ? { publishedAt: now } : {}),
    })
    .where(eq(blogPosts.id, id))
    .returning()
    .get();
}

export function setPostPublished(id: number, published: boolean): BlogPost | undefined {
  return updatePost(id, { published });
}

export function deletePost(id: number): boolean {
  return db.delete(blogPosts).where(eq(blogPosts.id, id)).run().changes > 0;
}
