import { cn } from "~/utils/page/cn";

const Dot = () => (
  <span aria-hidden="true" className="mr-2">
    ·
  </span>
);

/** Author, date and read time of a post, as cards, the banner and the post page show them. */
export function PostMeta({
  post,
  className,
}: {
  post: { author: string; dateLabel: string; readTime: string; publishedAt: string | null };
  className?: string;
}) {
  // Each separator stays with the item after it, so a wrapped line never ends with a dot.
  return (
    <p
      className={cn("flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground", className)}
    >
      <span>By {post.author}</span>
      <span>
        <Dot />
        {post.publishedAt ? (
          <time dateTime={post.publishedAt}>{post.dateLabel}</time>
        ) : (
          post.dateLabel
        )}
      </span>
      <span>
        <Dot />
        {post.readTime}
      </span>
    </p>
  );
}
