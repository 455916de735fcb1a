import { Link } from "@remix-run/react";
import { blogListHref } from "./blog-links";

const chip = "inline-flex items-center rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium";

/** A post's tags; as links to the filtered list on the post page, plain on cards. */
export function TagChips({ tags, linked = false }: { tags: readonly string[]; linked?: boolean }) {
  if (!tags.length) return null;
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag}>
          {linked ? (
            <Link
              to={blogListHref({ tag })}
              className={`${chip} text-secondary-foreground hover:bg-accent`}
            >
              {tag}
            </Link>
          ) : (
            <span className={`${chip} text-secondary-foreground`}>{tag}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
