import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";

/** 'Showing 1 to 7 of 12 days' above the thread, with links to earlier and later days. */
export function DayPagination({
  page,
  pages,
  summary,
}: {
  page: number;
  pages: number;
  summary: string;
}) {
  const href = (p: number) => (p === 1 ? "/messages" : `/messages?page=${p}`);
  return (
    <nav
      aria-label="Conversation pages"
      className="flex flex-wrap items-center justify-between gap-2 text-sm"
    >
      <p data-testid="chat-summary">{summary}</p>
      <div className="flex gap-2">
        {page < pages ? (
          <Link to={href(page + 1)} className={buttonClass("outline", "sm")} rel="next">
            Earlier messages
          </Link>
        ) : null}
        {page > 1 ? (
          <Link to={href(page - 1)} className={buttonClass("outline", "sm")} rel="prev">
            Later messages
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
