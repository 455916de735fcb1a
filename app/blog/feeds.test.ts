import {
  FEED_TITLE,
  buildRobots,
  buildRss,
  buildSitemap,
  escapeXml,
  rfc822Date,
  w3cDate,
} from "./feeds";
import type { FeedPost } from "./feeds";

const APP = "https://coach.example";

const post = (overrides: Partial<FeedPost> = {}): FeedPost => ({
  title: "Morning goals",
  slug: "morning-goals",
  excerpt: "Set three goals before breakfast.",
  tags: ["Habits"],
  date: new Date("2023-04-17T16:00:00Z"),
  ...overrides,
});

describe("escapeXml", () => {
  it("escapes the five XML special characters", () => {
    expect(escapeXml(`Tips & <tricks> "quoted" it's`)).toBe(
      "Tips &amp; &lt;tricks&gt; &quot;quoted&quot; it&apos;s",
    );
  });

  it("escapes an existing entity again rather than trusting it", () => {
    expect(escapeXml("&amp;")).toBe("&amp;amp;");
  });

  it("drops characters XML 1.0 forbids and keeps tabs, newlines and emoji", () => {
    expect(escapeXml("a\u0000b\u0008c\u001fd\uFFFEe\tf\ng \u{1F525}")).toBe(
      "abcde\tf\ng \u{1F525}",
    );
  });
});

describe("dates", () => {
  it("formats pubDate as RFC 822 in GMT", () => {
    expect(rfc822Date(new Date("2023-04-17T16:00:00Z"))).toBe("Mon, 17 Apr 2023 16:00:00 GMT");
  });

  it("formats lastmod as a W3C calendar date", () => {
    expect(w3cDate(new Date("2024-01-02T23:59:59Z"))).toBe("2024-01-02");
  });
});

describe("buildRss", () => {
  it("describes the channel and each post", () => {
    const xml = buildRss({ appUrl: APP, posts: [post()] });
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain(`<title>${FEED_TITLE}</title>`);
    expect(xml).toContain(`<link>${APP}/blog</link>`);
    expect(xml).toContain("<description>Expert insights");
    expect(xml).toContain(`<atom:link href="${APP}/rss.xml" rel="self"`);
    expect(xml).toContain("<title>Morning goals</title>");
    expect(xml).toContain(`<link>${APP}/blog/morning-goals</link>`);
    expect(xml).toContain(`<guid isPermaLink="true">${APP}/blog/morning-goals</guid>`);
    expect(xml).toContain("<pubDate>Mon, 17 Apr 2023 16:00:00 GMT</pubDate>");
    expect(xml).toContain("<description>Set three goals before breakfast.</description>");
    expect(xml).toContain("<category>Habits</category>");
    expect(xml).toContain("<lastBuildDate>Mon, 17 Apr 2023 16:00:00 GMT</lastBuildDate>");
  });

  it("escapes titles, excerpts and tags", () => {
    const xml = buildRss({
      appUrl: APP,
      posts: [
        post({ title: "Tips & <tricks>", excerpt: "</description><x>", tags: ["a&b", "<c>"] }),
      ],
    });
    expect(xml).toContain("<title>Tips &amp; &lt;tricks&gt;</title>");
    expect(xml).toContain("<description>&lt;/description&gt;&lt;x&gt;</description>");
    expect(xml).toContain("<category>a&amp;b</category>");
    expect(xml).toContain("<category>&lt;c&gt;</category>");
    expect(xml).not.toContain("<tricks>");
    expect(xml).not.toContain("<x>");
  });

  it("keeps the order given and writes one category per tag", () => {
    const xml = buildRss({
      appUrl: APP,
      posts: [
        post({ slug: "newer", title: "Newer", tags: ["One", "Two"] }),
        post({ slug: "older", title: "Older", tags: [] }),
      ],
    });
    expect(xml.indexOf("<title>Newer</title>")).toBeLessThan(xml.indexOf("<title>Older</title>"));
    expect(xml.match(/<category>/g)).toHaveLength(2);
    expect(xml.match(/<item>/g)).toHaveLength(2);
  });

  it("is a valid empty channel without posts", () => {
    const now = new Date("2025-05-01T00:00:00Z");
    const xml = buildRss({ appUrl: APP, posts: [], now });
    expect(xml).not.toContain("<item>");
    expect(xml).toContain("<lastBuildDate>Thu, 01 May 2025 00:00:00 GMT</lastBuildDate>");
    expect(xml).toContain("</channel>\n</rss>");
  });
});

describe("buildSitemap", () => {
  it("lists absolute URLs with an optional lastmod", () => {
    const xml = buildSitemap(APP, [
      { path: "/" },
      { path: "/blog/a-post", lastmod: new Date("2024-03-05T10:00:00Z") },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<url>\n    <loc>${APP}/</loc>\n  </url>`);
    expect(xml).toContain(
      `<url>\n    <loc>${APP}/blog/a-post</loc>\n    <lastmod>2024-03-05</lastmod>\n  </url>`,
    );
  });

  it("escapes the URLs", () => {
    expect(buildSitemap(APP, [{ path: "/x?a=1&b=2" }])).toContain(
      `<loc>${APP}/x?a=1&amp;b=2</loc>`,
    );
  });
});

describe("buildRobots", () => {
  it("allows everything but the private paths and points to the sitemap", () => {
    const text = buildRobots(APP);
    expect(text).toContain("User-agent: *\nAllow: /\n");
    for (const path of ["/admin", "/api", "/dev/"]) {
      expect(text).toContain(`\nDisallow: ${path}\n`);
    }
    // Signed-in pages only ever redirect a crawler to /login; listing them would hide nothing.
    for (const path of ["/dashboard", "/messages", "/settings"]) {
      expect(text).not.toContain(`Disallow: ${path}`);
    }
    expect(text).toContain(`Sitemap: ${APP}/sitemap.xml`);
  });
});
