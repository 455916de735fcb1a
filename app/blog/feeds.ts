/** Pure builders of /rss.xml, /sitemap.xml and /robots.txt: no I/O, the routes pass the data in. */

export type FeedPost = {
  title: string;
  slug: string;
  excerpt: string;
  tags: readonly string[];
  /** The published date, else the created date. */
  date: Date;
};

export type SitemapEntry = { path: string; lastmod?: Date };

export const FEED_TITLE = "StreakCoach Blog";
export const FEED_DESCRIPTION =
  "Expert insights and research-backed strategies for building habits and reaching your goals.";
export const FEED_LIMIT = 50;

/** The public pages listed in the sitemap before the posts. */
export const SITEMAP_PAGES = ["/", "/faq", "/blog", "/terms", "/privacy-policy", "/register"];

/** Paths crawlers are asked to stay out of: private pages, the API and development tools. */
// Signed-in pages are not listed: a crawler only ever gets their redirect to /login.
export const ROBOTS_DISALLOW = ["/admin", "/api", "/dev/"];

/**
 * Text safe inside XML: the five special characters escaped, and characters XML 1.0 forbids
 * (control characters, lone surrogates, U+FFFE/U+FFFF) dropped, since one would break the feed.
 */
export function escapeXml(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** An RFC 822 date as RSS 2.0 wants it, e.g. "Mon, 17 Apr 2023 16:00:00 GMT". */
export function rfc822Date(date: Date): string {
  return date.toUTCString();
}

/** A W3C (ISO 8601) calendar date for sitemaps, e.g. "2023-04-17" (UTC). */
export function w3cDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function postUrl(appUrl: string, slug: string): string {
  return `${appUrl}/blog/${encodeURIComponent(slug)}`;
}

const element = (name: string, value: string, indent: string) =>
  `${indent}<${name}>${escapeXml(value)}</${name}>`;

/** An RSS 2.0 channel of the given posts (already filtered to published ones and sorted). */
export function buildRss({
  appUrl,
  posts,
  now = new Date(),
}: {
  appUrl: string;
  posts: readonly FeedPost[];
  now?: Date;
}): string {
  const lastBuild = posts[0]?.date ?? now;
  const items = posts.map((post) => {
    const link = postUrl(appUrl, post.slug);
    return [
      "    <item>",
      element("title", post.title, "      "),
      element("link", link, "      "),
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      element("pubDate", rfc822Date(post.date), "      "),
      element("description", post.excerpt, "      "),
      ...post.tags.map((tag) => element("category", tag, "      ")),
      "    </item>",
    ].join("\n");
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    element("title", FEED_TITLE, "    "),
    element("link", `${appUrl}/blog`, "    "),
    element("description", FEED_DESCRIPTION, "    "),
    element("language", "en-us", "    "),
    element("lastBuildDate", rfc822Date(lastBuild), "    "),
    `    <atom:link href="${escapeXml(`${appUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}

/** A sitemaps.org urlset; paths are made absolute with appUrl. */
export function buildSitemap(appUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) =>
    [
      "  <url>",
      element("loc", `${appUrl}${entry.path}`, "    "),
      ...(entry.lastmod ? [element("lastmod", w3cDate(entry.lastmod), "    ")] : []),
      "  </url>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

export function buildRobots(appUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${appUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
