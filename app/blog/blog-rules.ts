/**
 * Pure rules of the blog (lengths, slugs, tags, excerpts, paging): no I/O, shared by pages, /api
 * and feeds.
 */

export const TITLE_MIN = 5;
export const TITLE_MAX = 255;
export const SLUG_MIN = 3;
export const SLUG_MAX = 255;
export const EXCERPT_MIN = 10;
export const EXCERPT_MAX = 300;
export const CONTENT_MIN = 50;
export const EXCERPT_FALLBACK_LENGTH = 120;
export const WORDS_PER_MINUTE = 200;
export const TAG_MAX = 40;
export const TAGS_MAX = 10;
export const POSTS_PER_PAGE = 9;
/** Calendar dates of posts are shown in the product's home zone, so every reader sees the same date. */
export const BLOG_TIME_ZONE = "America/New_York";

export const SLUG_PATTERN = /^[a-z0-9-]+$/;

/**
 * A URL slug from a title, the same in the editor and on the server: lower-cased, accents folded,
 * characters other than letters, digits, spaces and hyphens dropped, spaces (and underscores)
 * turned into hyphens, repeated hyphens collapsed, no hyphen at either end.
 */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\s_]+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
}

/** Minutes to read: words (split on whitespace) / 200, rounded up, at least 1. */
export function readTimeMinutes(content: string): number {
  const words = content.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

export function readTimeLabel(content: string): string {
  return `${readTimeMinutes(content)} min read`;
}

/** Markdown reduced to the words a reader sees, for excerpts and descriptions. */
export function markdownToPlainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<\/?[a-z][^>]*>/gi, " ")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, "")
    .replace(/(\*\*|__|~~|\*|_|`)/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** The post's excerpt, or the first 120 characters of its text followed by an ellipsis. */
export function postExcerpt(post: { excerpt: string | null; content: string }): string {
  const excerpt = post.excerpt?.trim();
  if (excerpt) return excerpt;
  const text = markdownToPlainText(post.content);
  if (text.length <= EXCERPT_FALLBACK_LENGTH) return text;
  return `${text.slice(0, EXCERPT_FALLBACK_LENGTH).trimEnd()}...`;
}

const longDate = new Intl.DateTimeFormat("en-US", {
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: BLOG_TIME_ZONE,
});

/** The published date, else the created date, else now, like "April 17, 2023". */
export function postDateLabel(
  post: { publishedAt: Date | null; createdAt: Date | null },
  now: Date = new Date(),
): string {
  return longDate.format(post.publishedAt ?? post.createdAt ?? now);
}

/** Tags typed as "a, b, c" (or given as a list): trimmed, blanks dropped, duplicates removed. */
export function parseTags(input: string | readonly string[] | null | undefined): string[] {
  const raw = typeof input === "string" ? input.split(",") : (input ?? []);
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const value of raw) {
    const tag = value.trim().replace(/\s+/g, " ");
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

/** Page numbers for ?page=: a whole number from 1 up; anything else is page 1. */
export function parsePageParam(raw: string | null): number {
  if (!raw || !/^\d{1,6}$/.test(raw)) return 1;
  return Math.max(1, Number(raw));
}
