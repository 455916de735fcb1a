import { Link } from "@remix-run/react";
import { cn } from "~/utils/page/cn";
import { blogListHref } from "./blog-links";

/** The tag filter: links, so it works without JavaScript; the shown list is marked current. */
export function TagFilter({ tags, current }: { tags: readonly string[]; current: string | null }) {
  const selected = current?.toLowerCase() ?? null;
  const items = [
    { label: "All", href: blogListHref(), active: selected === null },
    ...tags.map((tag) => ({
      label: tag,
      href: blogListHref({ tag }),
      active: tag.toLowerCase() === selected,
    })),
  ];
  return (
    <nav aria-label="Filter posts by tag" className="mb-8">
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.href}>
            <Link
              to={item.href}
              aria-current={item.active ? "page" : undefined}
              className={cn(
                "inline-flex h-9 items-center rounded-full border px-4 text-sm font-medium transition-colors",
                item.active
                  ? "border-primary bg-primary text-primary-foreground"
                  : "bg-background hover:bg-accent hover:text-accent-foreground",
              )}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
