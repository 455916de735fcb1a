import type { z } from "zod";
import { POSTS_PER_PAGE } from "~/blog/blog-rules";
import { NewPostSchema } from "~/blog/post-schema";
import {
  createPost,
  deletePost,
  DuplicateSlugError,
  getFeaturedPost,
  getPostById,
  getPostBySlug,
  getReadablePost,
  listAllPosts,
  listPublishedPage,
  listPublishedPosts,
  listPublishedTags,
  setPostPublished,
  SlugChangeError,
  toPostDetail,
  toPostSummary,
  updatePost,
} from "~/blog/posts.server";
import { db, schema } from "~/utils/db/db.server";
import { createTestUser } from "../helpers/requests";

const CONTENT =
  "Small daily wins add up. This post explains how a text message each morning keeps you on track.";

let authorId: number;
let counter = 0;

/** A post through the same schema the editor and /api use; each gets its own slug. */
function addPost(input: Partial<z.input<typeof NewPostSchema>> = {}) {
  counter += 1;
  return createPost(
    authorId,
    NewPostSchema.parse({ title: `Post number ${counter}`, content: CONTENT, ...input }),
  );
}

/** Moves the clock so that posts get distinct, ordered timestamps. */
function at(iso: string) {
  vi.setSystemTime(new Date(iso));
}

beforeAll(async () => {
  authorId = (await createTestUser({ admin: true })).id;
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  at("2025-03-01T12:00:00Z");
  db.delete(schema.blogPosts).run();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("createPost", () => {
  it("stores every field with the author, and no publishedAt for a draft", () => {
    const post = addPost({
      title: "Morning routines",
      slug: "morning-routines",
      excerpt: "How to start the day right.",
      featuredImageUrl: "https://example.com/a.png",
      tags: "habits, Mornings",
      featured: true,
    });
    expect(post).toMatchObject({
      title: "Morning routines",
      slug: "morning-routines",
      content: CONTENT,
      excerpt: "How to start the day right.",
      featuredImageUrl: "https://example.com/a.png",
      tags: ["habits", "Mornings"],
      published: false,
      featured: true,
      authorId,
      publishedAt: null,
    });
    expect(post.createdAt).toEqual(new Date("2025-03-01T12:00:00Z"));
    expect(post.updatedAt).toEqual(post.createdAt);
    expect(getPostBySlug("morning-routines")?.id).toBe(post.id);
  });

  it("sets publishedAt when a post is created published", () => {
    const post = addPost({ published: true });
    expect(post.published).toBe(true);
    expect(post.publishedAt).toEqual(new Date("2025-03-01T12:00:00Z"));
  });

  it("makes the slug from the title when none is given", () => {
    expect(addPost({ title: "Why Streaks Work!" }).slug).toBe("why-streaks-work");
  });

  it("refuses a second post with the same slug and stores nothing", () => {
    addPost({ slug: "taken-slug" });
    expect(() => addPost({ slug: "taken-slug" })).toThrow(DuplicateSlugError);
    expect(() => addPost({ slug: "taken-slug" })).toThrow("A post with this slug already exists");
    expect(listAllPosts()).toHaveLength(1);
  });
});

describe("updatePost and setPostPublished", () => {
  it("changes only the fields given and moves updatedAt", () => {
    const post = addPost({ excerpt: "The original excerpt.", tags: "one" });
    at("2025-03-02T08:00:00Z");
    const updated = updatePost(post.id, { title: "A better title", tags: ["two", "three"] });
    expect(updated).toMatchObject({
      title: "A better title",
      tags: ["two", "three"],
      excerpt: "The original excerpt.",
      content: CONTENT,
      slug: post.slug,
      published: false,
      publishedAt: null,
    });
    expect(updated!.updatedAt).toEqual(new Date("2025-03-02T08:00:00Z"));
    expect(updated!.createdAt).toEqual(post.createdAt);
  });

  it("answers undefined for an unknown post", () => {
    expect(updatePost(999_999, { title: "Nothing here" })).toBeUndefined();
    expect(setPostPublished(999_999, true)).toBeUndefined();
  });

  it("refuses to change the slug but accepts the same slug", () => {
    const post = addPost({ slug: "fixed-slug" });
    expect(() => updatePost(post.id, { slug: "new-slug" })).toThrow(SlugChangeError);
    expect(() => updatePost(post.id, { slug: "" })).toThrow(
      "The slug cannot be changed after a post is created",
    );
    expect(getPostById(post.id)?.slug).toBe("fixed-slug");
    expect(
      updatePost(post.id, { slug: "fixed-slug", title: "Same slug, new title" }),
    ).toMatchObject({ slug: "fixed-slug", title: "Same slug, new title" });
    expect(updatePost(post.id, { slug: " fixed-slug " })?.slug).toBe("fixed-slug");
  });

  it("sets publishedAt on first publish, keeps it on unpublish and on publishing again", () => {
    const post = addPost();
    expect(post.publishedAt).toBeNull();

    at("2025-04-17T15:00:00Z");
    const published = setPostPublished(post.id, true)!;
    expect(published.published).toBe(true);
    expect(published.publishedAt).toEqual(new Date("2025-04-17T15:00:00Z"));

    at("2025-05-01T15:00:00Z");
    const unpublished = setPostPublished(post.id, false)!;
    expect(unpublished.published).toBe(false);
    expect(unpublished.publishedAt).toEqual(new Date("2025-04-17T15:00:00Z"));
    expect(unpublished.updatedAt).toEqual(new Date("2025-05-01T15:00:00Z"));

    at("2025-06-01T15:00:00Z");
    const republished = setPostPublished(post.id, true)!;
    expect(republished.published).toBe(true);
    expect(republished.publishedAt).toEqual(new Date("2025-04-17T15:00:00Z"));
  });

  it("keeps the publish date of a post created published through later edits", () => {
    const post = addPost({ published: true });
    at("2025-03-05T00:00:00Z");
    expect(updatePost(post.id, { published: true, title: "Edited title" })?.publishedAt).toEqual(
      post.publishedAt,
    );
    expect(updatePost(post.id, { published: false })?.publishedAt).toEqual(post.publishedAt);
  });

  it("sets publishedAt when an edit publishes a draft", () => {
    const post = addPost();
    at("2025-03-09T10:00:00Z");
    expect(updatePost(post.id, { published: true })?.publishedAt).toEqual(
      new Date("2025-03-09T10:00:00Z"),
    );
  });
});

describe("lists", () => {
  it("lists drafts only for the admin list", () => {
    const draft = addPost();
    const live = addPost({ published: true });
    expect(listAllPosts().map((p) => p.id)).toEqual(expect.arrayContaining([draft.id, live.id]));
    expect(listPublishedPosts().map((p) => p.id)).toEqual([live.id]);
  });

  it("orders published posts newest first and honours a limit", () => {
    at("2025-01-01T00:00:00Z");
    const older = addPost({ published: true });
    at("2025-02-01T00:00:00Z");
    const newer = addPost({ published: true });
    at("2025-03-01T00:00:00Z");
    addPost();
    expect(listPublishedPosts().map((p) => p.id)).toEqual([newer.id, older.id]);
    expect(listPublishedPosts(1).map((p) => p.id)).toEqual([newer.id]);
  });

  it("pages published posts, newest first, without drafts", () => {
    const ids: number[] = [];
    for (let day = 1; day <= POSTS_PER_PAGE + 2; day++) {
      at(`2025-01-${String(day).padStart(2, "0")}T12:00:00Z`);
      ids.push(addPost({ published: true }).id);
      addPost();
    }
    const newestFirst = [...ids].reverse();
    const first = listPublishedPage({ page: 1 });
    expect(first).toMatchObject({ total: POSTS_PER_PAGE + 2, page: 1, pageCount: 2 });
    expect(first.posts.map((p) => p.id)).toEqual(newestFirst.slice(0, POSTS_PER_PAGE));
    const second = listPublishedPage({ page: 2 });
    expect(second.page).toBe(2);
    expect(second.posts.map((p) => p.id)).toEqual(newestFirst.slice(POSTS_PER_PAGE));
    expect(second.posts.every((p) => p.published)).toBe(true);
    // A page past the end shows the last page.
    expect(listPublishedPage({ page: 50 })).toMatchObject({ page: 2, pageCount: 2 });
  });

  it("answers one empty page when nothing is published", () => {
    addPost();
    expect(listPublishedPage({ page: 1 })).toEqual({ posts: [], total: 0, page: 1, pageCount: 1 });
    expect(listPublishedPage({ page: 3 }).page).toBe(1);
  });

  it("filters a page by tag, case-insensitively, without drafts", () => {
    const habits = addPost({ published: true, tags: "Habits, sms" });
    const upper = addPost({ published: true, tags: "HABITS" });
    addPost({ published: true, tags: "goals" });
    addPost({ published: false, tags: "habits" });
    for (const tag of ["habits", "HABITS", "Habits"]) {
      const page = listPublishedPage({ tag, page: 1 });
      expect(page.total).toBe(2);
      expect(page.posts.map((p) => p.id).sort()).toEqual([habits.id, upper.id].sort());
    }
    expect(listPublishedPage({ tag: "nothing", page: 1 })).toMatchObject({ total: 0, posts: [] });
    // Part of a tag is not the tag.
    expect(listPublishedPage({ tag: "habit", page: 1 }).total).toBe(0);
    expect(listPublishedPage({ tag: "%", page: 1 }).total).toBe(0);
    expect(listPublishedPage({ tag: null, page: 1 }).total).toBe(3);
  });

  it("lists each published tag once, whatever its case, and no draft-only tags", () => {
    addPost({ published: true, tags: "Habits, sms" });
    addPost({ published: true, tags: "habits, Goals" });
    addPost({ published: true, tags: "SMS" });
    addPost({ published: false, tags: "secret-draft-tag, habits" });
    const tags = listPublishedTags();
    expect(tags.map((t) => t.toLowerCase())).toEqual(["goals", "habits", "sms"]);
    expect(tags).not.toContain("secret-draft-tag");
  });

  it("lists no tags when nothing is published", () => {
    addPost({ tags: "draft" });
    expect(listPublishedTags()).toEqual([]);
  });
});

describe("getFeaturedPost", () => {
  it("is the newest published post marked featured", () => {
    at("2025-01-01T00:00:00Z");
    addPost({ published: true, featured: true });
    at("2025-01-02T00:00:00Z");
    const newestFeatured = addPost({ published: true, featured: true });
    at("2025-01-03T00:00:00Z");
    addPost({ published: true });
    addPost({ published: false, featured: true });
    expect(getFeaturedPost()?.id).toBe(newestFeatured.id);
  });

  it("falls back to the newest published post", () => {
    at("2025-01-01T00:00:00Z");
    addPost({ published: true });
    at("2025-01-02T00:00:00Z");
    const newest = addPost({ published: true });
    at("2025-01-03T00:00:00Z");
    addPost({ published: false, featured: true });
    expect(getFeaturedPost()?.id).toBe(newest.id);
  });

  it("is never a draft, and is nothing when no post is published", () => {
    addPost({ featured: true });
    addPost();
    expect(getFeaturedPost()).toBeUndefined();
  });

  it("skips a featured post once it is unpublished", () => {
    at("2025-01-01T00:00:00Z");
    const plain = addPost({ published: true });
    at("2025-01-02T00:00:00Z");
    const featured = addPost({ published: true, featured: true });
    expect(getFeaturedPost()?.id).toBe(featured.id);
    setPostPublished(featured.id, false);
    expect(getFeaturedPost()?.id).toBe(plain.id);
  });
});

describe("reading and deleting", () => {
  it("shows drafts only to those who may see them", () => {
    const draft = addPost();
    const live = addPost({ published: true });
    expect(getReadablePost(getPostById(draft.id), false)).toBeUndefined();
    expect(getReadablePost(getPostById(draft.id), true)?.id).toBe(draft.id);
    expect(getReadablePost(getPostById(live.id), false)?.id).toBe(live.id);
    expect(getReadablePost(undefined, true)).toBeUndefined();
  });

  it("deletes a post once", () => {
    const post = addPost();
    expect(deletePost(post.id)).toBe(true);
    expect(getPostById(post.id)).toBeUndefined();
    expect(deletePost(post.id)).toBe(false);
  });

  it("shapes summaries and details for readers", () => {
    at("2023-04-17T15:00:00Z");
    const post = addPost({
      title: "Shaped post",
      content: `# Heading\n\n${"word ".repeat(201)}<script>alert(1)</script>`,
      published: true,
      tags: "a, b",
    });
    const summary = toPostSummary(post);
    expect(summary).toMatchObject({
      id: post.id,
      title: "Shaped post",
      slug: "shaped-post",
      author: "Admin",
      dateLabel: "April 17, 2023",
      readTime: "2 min read",
      tags: ["a", "b"],
      published: true,
      publishedAt: "2023-04-17T15:00:00.000Z",
    });
    expect(summary.excerpt).toMatch(/^Heading word word .*\.\.\.$/);
    expect(summary.excerpt).toHaveLength(123);
    expect(summary).not.toHaveProperty("content");
    expect(summary).not.toHaveProperty("authorId");
    const detail = toPostDetail(post);
    expect(detail.content).toBe(post.content);
    expect(detail.excerpt).toBeNull();
    expect(detail.displayExcerpt).toBe(summary.excerpt);
    expect(detail.contentHtml).toContain("<h1>Heading</h1>");
    expect(detail.contentHtml).not.toContain("<script");
  });
});
