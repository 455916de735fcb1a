import sharp from "sharp";
import { eq } from "drizzle-orm";
import { POSTS_PER_PAGE } from "~/blog/blog-rules";
import { storeBlogImage } from "~/blog/images.server";
import { NEWSLETTER_CONFIRMATION, NEWSLETTER_EMAIL_MESSAGE } from "~/newsletter/newsletter.server";
import {
  NEWSLETTER_RATE_LIMIT_MESSAGE,
  NEWSLETTER_SIGNUPS_PER_WINDOW,
} from "~/newsletter/newsletter-rate-limit.server";
import * as blogImageRoute from "~/routes/_resources+/blog-images.$id";
import * as blogIndexRoute from "~/routes/blog+/index";
import * as blogPostRoute from "~/routes/blog+/$slug";
import * as newsletterRoute from "~/routes/_marketing+/newsletter";
import * as robotsRoute from "~/routes/_seo+/robots[.txt]";
import * as rssRoute from "~/routes/_seo+/rss[.xml]";
import * as sitemapRoute from "~/routes/_seo+/sitemap[.xml]";
import { db, schema } from "~/utils/db/db.server";
import { env } from "~/utils/env/env.server";
import { call, createTestUser, makeRequest, readJson, sessionCookie } from "../helpers/requests";
import { requiredToastOf } from "../helpers/toasts";

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1, 15);
let seq = 0;

type Seed = {
  title?: string;
  tags?: string[];
  published?: boolean;
  featured?: boolean;
  content?: string;
  excerpt?: string | null;
  featuredImageUrl?: string | null;
};

/** Inserts a post; each one is a day newer than the one before, so the order is known. */
function insertPost(seed: Seed = {}) {
  seq += 1;
  const at = new Date(START + seq * DAY);
  const published = seed.published ?? true;
  return db
    .insert(schema.blogPosts)
    .values({
      title: seed.title ?? `Post number ${seq}`,
      slug: `post-${seq}`,
      content:
        seed.content ?? `Body of post ${seq}: small daily promises, kept, add up to a habit.`,
      excerpt: seed.excerpt === undefined ? `Excerpt of post ${seq}.` : seed.excerpt,
      tags: seed.tags ?? [],
      published,
      featured: seed.featured ?? false,
      featuredImageUrl: seed.featuredImageUrl ?? null,
      createdAt: at,
      updatedAt: new Date(at.getTime() + 3600_000),
      publishedAt: published ? at : null,
    })
    .returning()
    .get();
}

type Summary = { id: number; slug: string; title: string; tags: string[] };
type IndexData = {
  tag: string | null;
  tags: string[];
  posts: Summary[];
  total: number;
  page: number;
  pageCount: number;
  featured: Summary | null;
  canonicalUrl: string;
};

async function blogIndex(query = "", cookie?: string): Promise<IndexData> {
  const response = await call(blogIndexRoute.loader, makeRequest(`/blog${query}`, { cookie }));
  expect(response.status).toBe(200);
  return readJson(response);
}

const getPost = (slug: string, cookie?: string) =>
  call(blogPostRoute.loader, makeRequest(`/blog/${slug}`, { cookie }), { slug });

// Seeded once: 12 published "Focus" posts (some spelled "focus"), 2 published "Sleep" posts, a
// published featured post among the Focus ones, and drafts with a tag no published post has.
const focusIds: number[] = [];
let sleepIds: number[] = [];
let draftIds: number[] = [];
let featuredId: number;
let publishedCount: number;
let draftSlug: string;
let draftSlugs: string[] = [];
let userCookie: string;
let adminCookie: string;
let adminId: number;

beforeAll(async () => {
  for (let i = 0; i < 12; i++) {
    const post = insertPost({
      tags: [i % 3 === 0 ? "focus" : "Focus", "Habits"],
      featured: i === 4,
    });
    focusIds.push(post.id);
    if (i === 4) featuredId = post.id;
  }
  sleepIds = [insertPost({ tags: ["Sleep"] }).id, insertPost({ tags: ["Sleep"] }).id];
  const drafts = [
    insertPost({ tags: ["Focus", "Secret"], published: false }),
    insertPost({ tags: ["Secret"], published: false, featured: true }),
  ];
  draftIds = drafts.map((d) => d.id);
  draftSlug = drafts[0]!.slug;
  draftSlugs = drafts.map((d) => d.slug);
  publishedCount = focusIds.length + sleepIds.length;

  const user = await createTestUser({ email: "reader@example.com" });
  const admin = await createTestUser({ email: "editor@example.com", admin: true });
  adminId = admin.id;
  userCookie = await sessionCookie(user.id);
  adminCookie = await sessionCookie(admin.id);
});

describe("GET /blog", () => {
  it("lists the newest published posts first, a page at a time, with the page count", async () => {
    const first = await blogIndex();
    expect(first.total).toBe(publishedCount);
    expect(first.page).toBe(1);
    expect(first.pageCount).toBe(Math.ceil(publishedCount / POSTS_PER_PAGE));
    expect(first.posts).toHaveLength(POSTS_PER_PAGE);
    const newestFirst = [...focusIds, ...sleepIds].reverse();
    expect(first.posts.map((p) => p.id)).toEqual(newestFirst.slice(0, POSTS_PER_PAGE));

    const second = await blogIndex("?page=2");
    expect(second.page).toBe(2);
    expect(second.posts.map((p) => p.id)).toEqual(newestFirst.slice(POSTS_PER_PAGE));
    expect(second.canonicalUrl).toBe(`${env.APP_URL}/blog?page=2`);
  });

  it("treats a bad page as page 1 and a page past the end as the last page", async () => {
    expect((await blogIndex("?page=abc")).page).toBe(1);
    expect((await blogIndex("?page=-3")).page).toBe(1);
    const last = await blogIndex("?page=999");
    expect(last.page).toBe(last.pageCount);
    expect(last.posts.length).toBeGreaterThan(0);
  });

  it("never lists drafts, for visitors or admins, nor tags only drafts have", async () => {
    for (const cookie of [undefined, userCookie, adminCookie]) {
      const ids: number[] = [];
      const { pageCount, tags } = await blogIndex("", cookie);
      for (let page = 1; page <= pageCount; page++) {
        ids.push(...(await blogIndex(`?page=${page}`, cookie)).posts.map((p) => p.id));
      }
      expect(ids).toHaveLength(publishedCount);
      for (const draft of draftIds) expect(ids).not.toContain(draft);
      expect(tags).not.toContain("Secret");
    }
    expect((await blogIndex("?tag=Secret")).posts).toEqual([]);
  });

  it("offers every distinct tag of the published posts once", async () => {
    const { tags } = await blogIndex();
    expect(tags.map((t) => t.toLowerCase())).toEqual(["focus", "habits", "sleep"]);
  });

  it("filters by tag case-insensitively and paginates within the tag", async () => {
    for (const spelling of ["focus", "FOCUS", "Focus"]) {
      const page1 = await blogIndex(`?tag=${spelling}`);
      expect(page1.tag).toBe(spelling);
      expect(page1.total).toBe(focusIds.length);
      expect(page1.pageCount).toBe(2);
      expect(page1.posts.every((p) => p.tags.some((t) => t.toLowerCase() === "focus"))).toBe(true);
    }
    const page2 = await blogIndex("?tag=Focus&page=2");
    expect(page2.posts.map((p) => p.id)).toEqual([...focusIds].reverse().slice(POSTS_PER_PAGE));
    expect(page2.canonicalUrl).toBe(`${env.APP_URL}/blog?tag=Focus&page=2`);

    const sleep = await blogIndex("?tag=sleep");
    expect(sleep.posts.map((p) => p.id).sort()).toEqual([...sleepIds].sort());
    expect(sleep.pageCount).toBe(1);
  });

  it("features the newest published post marked featured, on the unfiltered first page only", async () => {
    expect((await blogIndex()).featured?.id).toBe(featuredId);
    expect((await blogIndex("?page=2")).featured).toBeNull();
    expect((await blogIndex("?tag=Focus")).featured).toBeNull();
  });

  it("shows the empty state data for a tag nobody uses", async () => {
    const none = await blogIndex("?tag=nothing-here");
    expect(none.posts).toEqual([]);
    expect(none.total).toBe(0);
    expect(none.pageCount).toBe(1);
  });
});

describe("GET /blog/:slug", () => {
  it("shows a published post to anyone, with its canonical URL and sanitized HTML", async () => {
    const post = insertPost({
      title: "Markdown post",
      content:
        "## A heading\n\nSome **bold** words.\n\n<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>",
      featuredImageUrl: "/blog-images/abcdefghijklmnop",
    });
    const response = await getPost(post.slug);
    expect(response.status).toBe(200);
    const data = await readJson(response);
    expect(data.url).toBe(`${env.APP_URL}/blog/${post.slug}`);
    expect(data.imageUrl).toBe(`${env.APP_URL}/blog-images/abcdefghijklmnop`);
    expect(data.post.title).toBe("Markdown post");
    expect(data.post.author).toBe("Admin");
    expect(data.post.contentHtml).toContain("<h2>A heading</h2>");
    expect(data.post.contentHtml).toContain("<strong>bold</strong>");
    expect(data.post.contentHtml).not.toMatch(/<script|onerror|alert\(1\)/);
  });

  it("answers 404 for a missing slug", async () => {
    expect((await getPost("no-such-post")).status).toBe(404);
    expect((await getPost("x".repeat(300))).status).toBe(404);
  });

  it("hides drafts from visitors and signed-in users, and shows them to admins", async () => {
    expect((await getPost(draftSlug)).status).toBe(404);
    expect((await getPost(draftSlug, userCookie)).status).toBe(404);
    const response = await getPost(draftSlug, adminCookie);
    expect(response.status).toBe(200);
    expect((await readJson(response)).post.published).toBe(false);
  });
});

describe("POST /newsletter", () => {
  let ipCounter = 0;
  /** A fresh caller address per test, so the per-address limit never leaks between tests. */
  const freshIp = () => `203.0.113.${++ipCounter}`;

  const subscribe = (fields: Record<string, string>, ip: string) => {
    const body = new URLSearchParams(fields);
    return call(
      newsletterRoute.action,
      makeRequest("/newsletter", {
        method: "POST",
        body,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        address: ip,
      }),
    );
  };

  const rowsFor = (email: string) =>
    db
      .select()
      .from(schema.newsletterSignups)
      .where(eq(schema.newsletterSignups.email, email))
      .all();

  it("stores one lower-cased row per address and answers the same both times", async () => {
    const ip = freshIp();
    const first = await subscribe(
      { email: "  Reader.One@Example.COM ", redirectTo: "/blog?tag=Focus&page=2" },
      ip,
    );
    const second = await subscribe(
      { email: "reader.one@example.com", redirectTo: "/blog?tag=Focus&page=2" },
      ip,
    );
    for (const response of [first, second]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/blog?tag=Focus&page=2");
      expect(await requiredToastOf(response)).toMatchObject({
        type: "success",
        description: NEWSLETTER_CONFIRMATION,
      });
    }
    const rows = rowsFor("reader.one@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ip).toBe(ip);
    expect(rowsFor("Reader.One@Example.COM")).toHaveLength(0);
  });

  it("rejects a bad address with an error toast and stores nothing", async () => {
    const before = db.select().from(schema.newsletterSignups).all().length;
    for (const email of ["not-an-email", "", "a@b", `${"x".repeat(250)}@example.com`]) {
      const response = await subscribe({ email, redirectTo: "/blog/post-1" }, freshIp());
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/blog/post-1");
      expect(await requiredToastOf(response)).toMatchObject({
        type: "error",
        description: NEWSLETTER_EMAIL_MESSAGE,
      });
    }
    const missing = await call(
      newsletterRoute.action,
      makeRequest("/newsletter", {
        method: "POST",
        body: new URLSearchParams({ redirectTo: "/blog" }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        address: freshIp(),
      }),
    );
    expect(await requiredToastOf(missing)).toMatchObject({ type: "error" });
    expect(db.select().from(schema.newsletterSignups).all()).toHaveLength(before);
  });

  it("answers the JavaScript form with JSON to show inline", async () => {
    const ip = freshIp();
    const ok = await subscribe({ email: "inline@example.com", inline: "1" }, ip);
    expect(ok.status).toBe(200);
    expect(await readJson(ok)).toEqual({ ok: true, message: NEWSLETTER_CONFIRMATION });
    const again = await subscribe({ email: "INLINE@example.com", inline: "1" }, ip);
    expect(await readJson(again)).toEqual({ ok: true, message: NEWSLETTER_CONFIRMATION });
    expect(rowsFor("inline@example.com")).toHaveLength(1);

    const bad = await subscribe({ email: "nope", inline: "1" }, ip);
    expect(bad.status).toBe(400);
    expect(await readJson(bad)).toEqual({ ok: false, message: NEWSLETTER_EMAIL_MESSAGE });
  });

  it("only redirects back to blog pages", async () => {
    for (const redirectTo of [
      "//evil.example",
      "https://evil.example/blog",
      "/dashboard",
      "/blogger",
    ]) {
      const response = await subscribe({ email: "safe@example.com", redirectTo }, freshIp());
      expect(response.headers.get("Location")).toBe("/blog");
    }
  });

  it("limits sign-ups per address", async () => {
    const ip = freshIp();
    for (let i = 0; i < NEWSLETTER_SIGNUPS_PER_WINDOW; i++) {
      const response = await subscribe({ email: `many${i}@example.com`, inline: "1" }, ip);
      expect(response.status).toBe(200);
    }
    const limited = await subscribe({ email: "one-too-many@example.com", inline: "1" }, ip);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await readJson(limited)).toEqual({ ok: false, message: NEWSLETTER_RATE_LIMIT_MESSAGE });
    expect(rowsFor("one-too-many@example.com")).toHaveLength(0);

    const limitedNoJs = await subscribe({ email: "one-too-many@example.com" }, ip);
    expect(limitedNoJs.status).toBe(302);
    expect(await requiredToastOf(limitedNoJs)).toMatchObject({
      type: "error",
      description: NEWSLETTER_RATE_LIMIT_MESSAGE,
    });

    // Another address is not affected.
    expect((await subscribe({ email: "other@example.com", inline: "1" }, freshIp())).status).toBe(
      200,
    );
  });

  it("sends a GET to the blog", async () => {
    const response = await call(newsletterRoute.loader, makeRequest("/newsletter"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/blog");
  });
});

describe("feeds", () => {
  let trickySlug: string;
  let trickyDraftSlug: string;

  beforeAll(() => {
    trickySlug = insertPost({
      title: "Tips & <tricks>",
      tags: ["Q&A"],
      excerpt: "Use <b> & more",
    }).slug;
    trickyDraftSlug = insertPost({ title: "Secret draft & plans", published: false }).slug;
  });

  it("/rss.xml lists published posts only, newest first, escaped", async () => {
    const response = await call(rssRoute.loader, makeRequest("/rss.xml"));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toContain("<title>Tips &amp; &lt;tricks&gt;</title>");
    expect(xml).toContain("<description>Use &lt;b&gt; &amp; more</description>");
    expect(xml).toContain("<category>Q&amp;A</category>");
    expect(xml).not.toContain("<tricks>");
    expect(xml).toContain(`<link>${env.APP_URL}/blog/${trickySlug}</link>`);
    expect(xml).not.toContain(trickyDraftSlug);
    expect(xml).not.toContain("Secret draft");
    for (const slug of draftSlugs) expect(xml).not.toContain(`/blog/${slug}<`);
    // The newest post (the tricky one) comes first.
    expect(xml.indexOf("<item>")).toBeLessThan(xml.indexOf("Tips &amp;"));
    expect(xml.indexOf("Tips &amp;")).toBeLessThan(
      xml.indexOf("<item>", xml.indexOf("<item>") + 1),
    );
  });

  it("/sitemap.xml lists the public pages and published posts only", async () => {
    const response = await call(sitemapRoute.loader, makeRequest("/sitemap.xml"));
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    for (const path of ["/", "/faq", "/blog", "/terms", "/privacy-policy", "/register"]) {
      expect(xml).toContain(`<loc>${env.APP_URL}${path}</loc>`);
    }
    expect(xml).toContain(`<loc>${env.APP_URL}/blog/${trickySlug}</loc>`);
    expect(xml).toMatch(
      new RegExp(
        `<loc>${env.APP_URL}/blog/${trickySlug}</loc>\\n    <lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`,
      ),
    );
    expect(xml).not.toContain(`/blog/${trickyDraftSlug}<`);
    for (const slug of draftSlugs) expect(xml).not.toContain(`/blog/${slug}<`);
    expect(xml.match(/<url>/g)).toHaveLength(
      6 +
        db
          .select()
          .from(schema.blogPosts)
          .all()
          .filter((p) => p.published).length,
    );
  });

  it("/robots.txt keeps crawlers out of private pages and points to the sitemap", async () => {
    const response = await call(robotsRoute.loader, makeRequest("/robots.txt"));
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text).toContain("Disallow: /admin\n");
    expect(text).toContain("Disallow: /dev/\n");
    expect(text).toContain(`Sitemap: ${env.APP_URL}/sitemap.xml`);
  });
});

describe("GET /blog-images/:id", () => {
  const PNG = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  const getImage = (id: string) =>
    call(blogImageRoute.loader, makeRequest(`/blog-images/${encodeURIComponent(id)}`), { id });

  it("serves an uploaded image publicly with its type and long caching", async () => {
    const path = await storeBlogImage(PNG, adminId);
    const id = path.split("/").pop()!;
    const response = await getImage(id);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
    const served = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get("Content-Length")).toBe(String(served.byteLength));
    expect(await sharp(served).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });
  });

  it("answers 304 to a browser that holds the same bytes, and serves a card-sized WebP", async () => {
    const id = (await storeBlogImage(PNG, adminId)).split("/").pop()!;
    const etag = (await getImage(id)).headers.get("ETag")!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await call(
      blogImageRoute.loader,
      makeRequest(`/blog-images/${id}`, { headers: { "If-None-Match": etag } }),
      { id },
    );
    expect(again.status).toBe(304);
    const card = await call(blogImageRoute.loader, makeRequest(`/blog-images/${id}?size=card`), {
      id,
    });
    expect(card.headers.get("Content-Type")).toBe("image/webp");
  });

  it("answers 404 for unknown and malformed ids", async () => {
    for (const id of [
      "AAAAAAAAAAAAAAAAAAAAAAAA",
      "short",
      "../../etc/passwd",
      "a".repeat(65),
      "bad id with spaces!",
      "",
    ]) {
      const response = await getImage(id);
      expect(response.status).toBe(404);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    }
  });
});
