import { Link } from "@remix-run/react";
import { buttonClass } from "./button";

/** Previous and Next as plain links beside a 'Showing 1 to 10 of 40' line: paging without JavaScript. */
export function PageLinks({
  label,
  page,
  pages,
  summary,
  href,
}: {
  label: string;
  page: number;
  pages: number;
  summary: string;
  href: (page: number) => string;
}) {
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between text-sm">
      <p>{summary}</p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={href(page - 1)} className={buttonClass("outline", "sm")} preventScrollReset>
            Previous
          </Link>
        ) : null}
        {page < pages ? (
          <Link to={href(page + 1)} className={buttonClass("outline", "sm")} preventScrollReset>
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
