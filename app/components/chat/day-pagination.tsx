import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";

const href = (page: number, before: number | null = null) => {
  const query = new URLSearchParams();
  if (page > 1) query.set("page", String(page));
  if (before !== null) query.set("before", String(before));
  return query.size ? `/messages?${query}` : "/messages";
};

/**
 * At the top of the thread, where scrolling up ends: the messages before these (the earlier part of
 * these days, else the page of days before). Plain links, so they work without JavaScript; the thread
 * box opens at its bottom, so the earlier part opens on the messages just before the ones left.
 */
export function EarlierMessagesLink({
  page,
  pages,
  earlierBefore,
}: {
  page: number;
  pages: number;
  earlierBefore: number | null;
}) {
  if (earlierBefore === null && page >= pages) return null;
  const to = earlierBefore === null ? href(page + 1) : href(page, earlierBefore);
  return (
    <nav aria-label="Earlier messages" className="flex justify-center">
      <Link to={to} className={buttonClass("outline", "sm")} rel="next">
        Earlier messages
      </Link>
    </nav>
  );
}

/**
 * At the bottom of an earlier part or page: back towards the newest messages (from an earlier part of
 * these days, to their newest part).
 */
export function LaterMessagesLink({ page, before }: { page: number; before: number | null }) {
  if (before === null && page <= 1) return null;
  const to = before === null ? href(page - 1) : href(page);
  return (
    <nav aria-label="Later messages" className="flex justify-center">
      <Link to={to} className={buttonClass("outline", "sm")} rel="prev">
        Later messages
      </Link>
    </nav>
  );
}

/** 'Showing 1 to 7 of 12 days', the conversation's footer. */
export function DaySummary({ summary }: { summary: string }) {
  return (
    <p data-testid="chat-summary" className="text-center text-xs text-muted-foreground">
      {summary}
    </p>
  );
}
