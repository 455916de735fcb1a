import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";

const href = (page: number) => (page === 1 ? "/messages" : `/messages?page=${page}`);

/**
 * At the top of the thread, where scrolling up ends: the page of days before these. Plain links,
 * so they work without JavaScript; the thread box opens at its bottom, so the earlier page opens on
 * the messages just before the ones left.
 */
export function EarlierMessagesLink({ page, pages }: { page: number; pages: number }) {
  if (page >= pages) return null;
  return (
    <nav aria-label="Earlier messages" className="flex justify-center">
      <Link to={href(page + 1)} className={buttonClass("outline", "sm")} rel="next">
        Earlier messages
      </Link>
    </nav>
  );
}

/** At the bottom of an earlier page's thread: back towards the newest messages. */
export function LaterMessagesLink({ page }: { page: number }) {
  if (page <= 1) return null;
  return (
    <nav aria-label="Later messages" className="flex justify-center">
      <Link to={href(page - 1)} className={buttonClass("outline", "sm")} rel="prev">
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
