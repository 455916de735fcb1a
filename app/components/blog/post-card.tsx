import { Link } from "@remix-run/react";
import type { PostSummary } from "~/blog/posts.server";
import { DEFAULT_POST_IMAGE, cardImageSrc, postHref } from "./blog-links";
import { PostImage } from "./post-image";
import { PostMeta } from "./post-meta";
import { TagChips } from "./tag-chips";

type CardPost = Pick<
  PostSummary,
  | "id"
  | "slug"
  | "title"
  | "excerpt"
  | "featuredImageUrl"
  | "tags"
  | "author"
  | "dateLabel"
  | "readTime"
  | "publishedAt"
>;

export function PostCard({ post }: { post: CardPost }) {
  const titleId = `post-${post.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-sm"
    >
      <PostImage
        src={cardImageSrc(post.featuredImageUrl)}
        fallback={DEFAULT_POST_IMAGE}
        alt=""
        loading="lazy"
        className="h-48 w-full bg-muted object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <TagChips tags={post.tags} />
        <h3 id={titleId} className="text-xl font-semibold leading-tight">
          <Link to={postHref(post.slug)} className="hover:text-primary hover:underline">
            {post.title}
          </Link>
        </h3>
        <p className="flex-1 text-muted-foreground">{post.excerpt}</p>
        <PostMeta post={post} />
      </div>
    </article>
  );
}
