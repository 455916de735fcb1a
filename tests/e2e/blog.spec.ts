import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { seedPost } from "./blog-fixtures";
import { expect, test, toast, uniqueEmail, withDatabase } from "./fixtures";

const CONFIRMATION = "Thanks for subscribing! Habit-building tips are on their way to your inbox.";
const EMPTY = "No blog posts found. Check back soon for new content!";
const POSTS_PER_PAGE = 9;
const DEFAULT_IMAGE = "/images/blog-default.svg";
const PLACEHOLDER_IMAGE = "/images/blog-placeholder.svg";
/** A well-formed uploaded-image path that does not exist: the server answers 404. */
const BROKEN_IMAGE = "/blog-images/doesNotExist0123456789";

/** A token that keeps this test's tags, titles and addresses apart from every other test's. */
const token = () => randomBytes(4).toString("hex");

const isNoJs = () => test.info().project.name === "no-js";

const pageErrors = new WeakMap<Page, string[]>();

test.beforeEach(async ({ page }) => {
  // Tests share one server, and sign-ups are limited per caller address: each test posts from its own.
  const b = randomBytes(3);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.${b[0]}.${b[1]}.${b[2]}` });
  // Hydration mismatches and script errors show up as console errors; a 404 image is expected.
  const errors: string[] = [];
  pageErrors.set(page, errors);
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      errors.push(message.text());
    }
  });
});

test.afterEach(async ({ page }) => {
  expect(pageErrors.get(page)).toEqual([]);
});

function filterNav(page: Page) {
  return page.getByRole("navigation", { name: "Filter posts by tag" });
}

function card(page: Page, title: string) {
  return page.getByRole("article", { name: title });
}

function signupCount(email: string) {
  return withDatabase(
    (db) =>
      (
        db
          .prepare("select count(*) as n from newsletter_signups where email = ?")
          .get(email.toLowerCase()) as { n: number }
      ).n,
  );
}

async function subscribe(page: Page, email: string) {
  const box = page.getByRole("region", { name: "Get habit-building tips in your inbox" });
  await box.getByLabel("Email address").fill(email);
  await box.getByRole("button", { name: "Subscribe" }).click();
  if (isNoJs()) {
    await expect(toast(page)).toContainText(CONFIRMATION);
  } else {
    await expect(box.getByRole("status")).toHaveText(CONFIRMATION);
    await expect(box.getByLabel("Email address")).toHaveValue("");
  }
}

test.describe("blog", () => {
  test("filters the list by tag with links", async ({ page }) => {
    const t = token();
    const focusTag = `focus-${t}`;
    const sleepTag = `sleep-${t}`;
    const focus = seedPost({ title: `Deep work ${t}`, tags: [focusTag, `shared-${t}`] });
    const sleep = seedPost({ title: `Rest well ${t}`, tags: [sleepTag, `shared-${t}`] });

    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
    await expect(page.getByText(/expert insights and research-backed strategies/i)).toBeVisible();
    const nav = filterNav(page);
    await expect(nav.getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "All" })).toHaveAttribute("href", "/blog");
    await expect(nav.getByRole("link", { name: sleepTag })).toHaveAttribute(
      "href",
      `/blog?tag=${sleepTag}`,
    );

    await nav.getByRole("link", { name: focusTag }).click();
    await expect(page).toHaveURL(`/blog?tag=${focusTag}`);
    await expect(filterNav(page).getByRole("link", { name: focusTag })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(filterNav(page).getByRole("link", { name: "All" })).not.toHaveAttribute(
      "aria-current",
    );
    await expect(page.getByRole("article")).toHaveCount(1);
    const focusCard = card(page, focus.title);
    await expect(focusCard.getByRole("link", { name: focus.title })).toHaveAttribute(
      "href",
      `/blog/${focus.slug}`,
    );
    await expect(focusCard.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([
      focusTag,
      `shared-${t}`,
    ]);
    await expect(focusCard).toContainText(`Notes on keeping habits, part`);
    await expect(focusCard).toContainText("Admin");
    await expect(focusCard).toContainText("1 min read");
    await expect(focusCard.locator("img")).toHaveAttribute("src", DEFAULT_IMAGE);
    await expect(card(page, sleep.title)).toHaveCount(0);
    // A filtered list has no featured banner.
    await expect(page.getByRole("link", { name: /Read Article/ })).toHaveCount(0);

    // Tags match whatever their case; a shared tag shows both posts.
    await page.goto(`/blog?tag=SHARED-${t.toUpperCase()}`);
    await expect(page.getByRole("article")).toHaveCount(2);

    await page.goto(`/blog?tag=nothing-${t}`);
    await expect(page.getByText(EMPTY)).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(0);
  });

  test("shows the featured post in a banner on the first page", async ({ page }) => {
    const t = token();
    const featured = seedPost({
      title: `Featured habits ${t}`,
      featured: true,
      // Newer than anything the other tests seed, so it is the banner's post during this test.
      publishedAt: new Date(Date.now() + 86_400_000),
    });
    await page.goto("/blog");
    const banner = page.getByRole("region", { name: featured.title });
    await expect(banner).toContainText("Featured Article");
    await expect(banner).toContainText("Admin");
    await expect(banner).toContainText("1 min read");
    await expect(banner).toContainText(`Notes on keeping habits, part ${featured.slug.slice(-8)}`);
    await banner.getByRole("link", { name: /Read Article/ }).click();
    await expect(page).toHaveURL(`/blog/${featured.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: featured.title })).toBeVisible();
  });

  test("reads a post with its date, read time, author, Markdown and share links", async ({
    page,
    context,
    baseURL,
  }) => {
    const t = token();
    const tag = `reading-${t}`;
    const words = Array.from({ length: 420 }, (_, i) => `word${i}`).join(" ");
    const post = seedPost({
      title: `Read me ${t}`,
      tags: [tag],
      publishedAt: new Date("2023-04-17T16:00:00Z"),
      content: [
        `## Morning heading ${t}`,
        "",
        "Keep a **bold promise** every day.",
        "",
        `<script>document.title = "hacked"; document.body.dataset.hacked = "yes";</script>`,
        "",
        `<img src="x" onerror="document.body.dataset.hacked = 'yes'">`,
        "",
        words,
      ].join("\n"),
    });
    const url = `${baseURL}/blog/${post.slug}`;

    await page.goto(`/blog?tag=${tag}`);
    await card(page, post.title).getByRole("link", { name: post.title }).click();
    await expect(page).toHaveURL(`/blog/${post.slug}`);

    await expect(page.getByRole("heading", { level: 1, name: post.title })).toBeVisible();
    await expect(page).toHaveTitle(`${post.title} | StreakCoach`);
    const main = page.getByRole("main");
    await expect(main.getByText("April 17, 2023")).toBeVisible();
    await expect(main.getByText("3 min read")).toBeVisible();
    await expect(main.getByText("By Admin").first()).toBeVisible();
    await expect(main.getByRole("link", { name: tag })).toHaveAttribute("href", `/blog?tag=${tag}`);

    const content = page.getByTestId("post-content");
    await expect(
      content.getByRole("heading", { level: 2, name: `Morning heading ${t}` }),
    ).toBeVisible();
    await expect(content.locator("strong")).toHaveText("bold promise");
    await expect(content.locator("script")).toHaveCount(0);
    await expect(content).not.toContainText("document.title");
    await expect(page.locator("body")).not.toHaveAttribute("data-hacked", "yes");
    await expect(page).toHaveTitle(`${post.title} | StreakCoach`);

    // Its own canonical URL and Open Graph tags.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", url);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", url);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", post.title);

    const share = page.getByRole("region", { name: "Share this article" });
    const encoded = encodeURIComponent(url);
    const links = {
      Facebook: `https://www.facebook.com/sharer/sharer.php?u=${encoded}`,
      "X (Twitter)": `https://twitter.com/intent/tweet?url=${encoded}&text=${encodeURIComponent(post.title)}`,
      LinkedIn: `https://www.linkedin.com/sharing/share-offsite/?url=${encoded}`,
    };
    for (const [name, href] of Object.entries(links)) {
      const link = share.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }
    const field = share.getByLabel("Post link");
    await expect(field).toHaveValue(url);
    await expect(field).toHaveAttribute("readonly", "");
    const copy = share.getByRole("button", { name: "Copy Link" });
    if (isNoJs()) {
      await expect(copy).toHaveCount(0);
    } else {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await copy.click();
      await expect(share.getByRole("button", { name: "Link copied" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    }

    await main.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL("/blog");
  });

  test("falls back to local images when a post image is missing", async ({ page }) => {
    const t = token();
    const tag = `images-${t}`;
    const post = seedPost({
      title: `Broken image ${t}`,
      tags: [tag],
      featuredImageUrl: BROKEN_IMAGE,
    });

    await page.goto(`/blog/${post.slug}`);
    const hero = page.getByRole("main").locator("article img");
    await expect(hero).toHaveCount(1);
    await expect(hero).toHaveAttribute("src", isNoJs() ? BROKEN_IMAGE : PLACEHOLDER_IMAGE);
    await expect(hero).toHaveCSS("height", "400px");

    await page.goto(`/blog?tag=${tag}`);
    const cardImage = card(page, post.title).locator("img");
    // Card images load lazily: bring it into view so the browser fetches it.
    await cardImage.scrollIntoViewIfNeeded();
    // Cards ask for an uploaded image's card-sized version.
    await expect(cardImage).toHaveAttribute(
      "src",
      isNoJs() ? `${BROKEN_IMAGE}?size=card` : DEFAULT_IMAGE,
    );

    // A post without an image shows none on its page.
    const plain = seedPost({ title: `No image ${t}` });
    await page.goto(`/blog/${plain.slug}`);
    await expect(page.getByRole("heading", { level: 1, name: plain.title })).toBeVisible();
    await expect(page.getByRole("main").locator("article img")).toHaveCount(0);
  });

  test("shows 'Blog Post Not Found' for a missing or draft post", async ({ page }) => {
    const t = token();
    const draft = seedPost({ title: `Unpublished ${t}`, published: false });
    for (const slug of [`no-such-post-${t}`, draft.slug]) {
      const response = await page.goto(`/blog/${slug}`);
      expect(response?.status()).toBe(404);
      await expect(
        page.getByRole("heading", { level: 1, name: "Blog Post Not Found" }),
      ).toBeVisible();
      await expect(
        page.getByText("Sorry, we couldn't find the blog post you're looking for."),
      ).toBeVisible();
      await expect(page.getByText(draft.title)).toHaveCount(0);
    }
    await page.getByRole("main").getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL("/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  });

  test("pages through a tag with Previous, page numbers and Next", async ({ page }) => {
    const t = token();
    const tag = `paged-${t}`;
    const base = Date.now() - 30 * 86_400_000;
    // Oldest first: post 0 is the oldest, so it is the last one listed.
    const posts = Array.from({ length: POSTS_PER_PAGE + 2 }, (_, i) =>
      seedPost({ title: `Paged ${i} ${t}`, tags: [tag], publishedAt: new Date(base + i * 60_000) }),
    );

    await page.goto(`/blog?tag=${tag}`);
    const pagination = page.getByRole("navigation", { name: "Pagination" });
    await expect(page.getByRole("article")).toHaveCount(POSTS_PER_PAGE);
    await expect(page.getByRole("article").first()).toHaveAccessibleName(posts.at(-1)!.title);
    await expect(pagination.getByText("Previous")).toHaveAttribute("aria-disabled", "true");
    await expect(pagination.getByRole("link", { name: "Previous" })).toHaveCount(0);
    await expect(pagination.getByRole("link", { name: "Page 1" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(pagination.getByRole("link", { name: "Page 3" })).toHaveCount(0);

    await pagination.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(`/blog?tag=${tag}&page=2`);
    await expect(page.getByRole("article")).toHaveCount(2);
    await expect(page.getByRole("article").nth(0)).toHaveAccessibleName(posts[1]!.title);
    await expect(page.getByRole("article").nth(1)).toHaveAccessibleName(posts[0]!.title);
    await expect(pagination.getByText("Next")).toHaveAttribute("aria-disabled", "true");
    await expect(pagination.getByRole("link", { name: "Page 2" })).toHaveAttribute(
      "aria-current",
      "page",
    );

    await pagination.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(`/blog?tag=${tag}`);
    await expect(page.getByRole("article")).toHaveCount(POSTS_PER_PAGE);
    await pagination.getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(`/blog?tag=${tag}&page=2`);
  });

  test("subscribes to the newsletter once per address", async ({ page }) => {
    const t = token();
    const email = uniqueEmail(`news${t}`);
    const tag = `news-${t}`;
    const post = seedPost({ title: `Newsletter post ${t}`, tags: [tag] });

    await page.goto(`/blog?tag=${tag}`);
    await subscribe(page, email);
    await expect(page).toHaveURL(`/blog?tag=${tag}`);
    expect(signupCount(email)).toBe(1);

    // Again, from a post page and in capitals: the same answer, still one row.
    await page.goto(`/blog/${post.slug}`);
    await subscribe(page, email.toUpperCase());
    await expect(page).toHaveURL(`/blog/${post.slug}`);
    expect(signupCount(email)).toBe(1);
  });

  test("publishes published posts in /rss.xml, /sitemap.xml and robots.txt", async ({
    request,
    baseURL,
  }) => {
    const t = token();
    const post = seedPost({ title: `Tips & <tricks> ${t}`, tags: [`feed-${t}`] });
    const draft = seedPost({ title: `Draft feed ${t}`, published: false });

    const rss = await request.get("/rss.xml");
    expect(rss.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const xml = await rss.text();
    expect(xml).toContain(`<title>Tips &amp; &lt;tricks&gt; ${t}</title>`);
    expect(xml).toContain(`<link>${baseURL}/blog/${post.slug}</link>`);
    expect(xml).toContain(`<category>feed-${t}</category>`);
    expect(xml).not.toContain(draft.slug);

    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${baseURL}/blog/${post.slug}</loc>`);
    expect(sitemap).toContain(`<loc>${baseURL}/faq</loc>`);
    expect(sitemap).not.toContain(draft.slug);

    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

    // The list page advertises the feed.
    const blog = await (await request.get("/blog")).text();
    expect(blog).toContain('rel="alternate" type="application/rss+xml"');
  });
});
