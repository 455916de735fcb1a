import { Link } from "@remix-run/react";
import type { PostSummary } from "~/blog/posts.server";
import { buttonClass } from "~/components/ui/button";
import { DEFAULT_POST_IMAGE, cardImageSrc, postHref } from "./blog-links";
import { PostImage } from "./post-image";
import { PostMeta } from "./post-meta";

/** The newest published post marked featured (or the newest post), above the grid. */
export function FeaturedBanner({ post }: { post: PostSummary }) {
  return (
    <section
      aria-labelledby="featured-title"
      className="mb-12 grid overflow-hidden rounded-lg border bg-card text-card-foreground shadow-sm md:grid-cols-2"
    >
      <PostImage
        src={cardImageSrc(post.featuredImageUrl)}
        fallback={DEFAULT_POST_IMAGE}
        alt=""
        className="h-64 w-full bg-muted object-cover md:h-full"
      />
      <div className="flex flex-col justify-center gap-4 p-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-primary">
          Featured Article
        </p>
        <h2 id="featured-title" className="text-2xl font-bold leading-tight md:text-3xl">
          {post.title}
        </h2>
        <PostMeta post={post} />
        <p className="text-muted-foreground">{post.excerpt}</p>
        <div>
          <Link
            to={postHref(post.slug)}
            className={buttonClass()}
            aria-label={`Read Article: ${post.title}`}
          >
            Read Article
          </Link>
        </div>
      </div>
    </section>
  );
}
