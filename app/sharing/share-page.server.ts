import { findActiveShareLink } from "./share-links.server";

/** Share pages are private by link: never indexed, never cached by others, no referrer sent on. */
export const SHARE_HEADERS = {
  "X-Robots-Tag": "noindex, nofollow",
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
};

/** The same 404 for a token that never existed, one revoked and one expired. */
export function shareNotFound() {
  return new Response("This share link is not available. It may have been revoked or expired.", {
    status: 404,
    headers: { ...SHARE_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
  });
}

export function requireActiveShareLink(token: string | undefined) {
  const link = findActiveShareLink(token ?? "");
  if (!link) throw shareNotFound();
  return link;
}
