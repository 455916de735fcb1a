// Not post-schema: it brings zod, and these links are drawn in the browser too.
import { BLOG_IMAGE_PATH } from "~/blog/blog-image-path";

/** Where the blog's images and links point; shared by the list, the post page and the share section. */

/** Cards and the banner use this when a post has no image or its image fails to load. */
export const DEFAULT_POST_IMAGE = "/images/blog-default.svg";
/** The post page swaps a broken featured image for this local placeholder. */
export const PLACEHOLDER_POST_IMAGE = "/images/blog-placeholder.svg";

/** A page of the blog list: /blog, /blog?tag=X, /blog?tag=X&page=2 (page 1 has no page parameter). */
/** The image a card shows: an uploaded image's card-sized version, any other image as it is. */
export function cardImageSrc(featuredImageUrl: string | null) {
  if (!featuredImageUrl) return DEFAULT_POST_IMAGE;
  return BLOG_IMAGE_PATH.test(featuredImageUrl)
    ? `${featuredImageUrl}?size=card`
    : featuredImageUrl;
}

export function blogListHref({ tag, page }: { tag?: string | null; page?: number } = {}) {
  const params = new URLSearchParams();
  if (tag) params.set("tag", tag);
  if (page && page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/blog?${query}` : "/blog";
}

export function postHref(slug: string) {
  return `/blog/${encodeURIComponent(slug)}`;
}

/** Real share links for a post's canonical URL. */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  return [
    { label: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    {
      label: "X (Twitter)",
      href: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}`,
    },
    { label: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}

/** Page numbers around the current page, with gaps ("…") once there are too many to list. */
export function pageItems(current: number, count: number): Array<number | "gap"> {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1);
  const pages = new Set([1, count, current - 1, current, current + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= count).sort((a, b) => a - b);
  const items: Array<number | "gap"> = [];
  for (const page of sorted) {
    const last = items[items.length - 1];
    if (typeof last === "number" && page - last > 1) items.push("gap");
    items.push(page);
  }
  return items;
}
