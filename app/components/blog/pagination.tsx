import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/utils/page/cn";
import { blogListHref, pageItems } from "./blog-links";

/** Previous, page numbers, Next: links that keep the tag; the ends are disabled, not links. */
export function Pagination({
  page,
  pageCount,
  tag,
}: {
  page: number;
  pageCount: number;
  tag: string | null;
}) {
  if (pageCount <= 1) return null;
  const edge = (label: string, target: number, enabled: boolean) =>
    enabled ? (
      <Link to={blogListHref({ tag, page: target })} className={buttonClass("outline")}>
        {label}
      </Link>
    ) : (
      <span
        aria-disabled="true"
        className={cn(buttonClass("outline"), "pointer-events-none opacity-50")}
      >
        {label}
      </span>
    );
  return (
    <nav aria-label="Pagination" className="mt-12 flex justify-center">
      <ul className="flex flex-wrap items-center gap-2">
        <li>{edge("Previous", page - 1, page > 1)}</li>
        {pageItems(page, pageCount).map((item, index) => (
          <li key={item === "gap" ? `gap-${index}` : item}>
            {item === "gap" ? (
              <span aria-hidden="true" className="px-2 text-muted-foreground">
                …
              </span>
            ) : (
              <Link
                to={blogListHref({ tag, page: item })}
                aria-label={`Page ${item}`}
                aria-current={item === page ? "page" : undefined}
                className={buttonClass(item === page ? "default" : "outline", "icon")}
              >
                {item}
              </Link>
            )}
          </li>
        ))}
        <li>{edge("Next", page + 1, page < pageCount)}</li>
      </ul>
    </nav>
  );
}
