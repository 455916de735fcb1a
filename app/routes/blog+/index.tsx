import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  useLoaderData,
  useNavigation,
  useRouteError,
  isRouteErrorResponse,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { parsePageParam } from "~/blog/blog-rules";
import { FEED_TITLE } from "~/blog/feeds";
import {
  getFeaturedPost,
  listPublishedPage,
  listPublishedTags,
  toPostSummary,
} from "~/blog/posts.server";
import { blogListHref } from "~/components/blog/blog-links";
import { FeaturedBanner } from "~/components/blog/featured-banner";
import { NewsletterForm } from "~/components/blog/newsletter-form";
import { Pagination } from "~/components/blog/pagination";
import { PostCard } from "~/components/blog/post-card";
import { Spinner } from "~/components/blog/spinner";
import { TagFilter } from "~/components/blog/tag-filter";
import { env } from "~/utils/env/env.server";

export const BLOG_TAGLINE =
  "Expert insights and research-backed strategies to help you build better habits and reach your goals.";
export const BLOG_EMPTY = "No blog posts found. Check back soon for new content!";
export const BLOG_LOAD_ERROR = "Failed to load blog posts. Please try again later.";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.tag ? `${data.tag} | Blog | StreakCoach` : "Blog | StreakCoach" },
  { name: "description", content: BLOG_TAGLINE },
  ...(data ? [{ tagName: "link", rel: "canonical", href: data.canonicalUrl }] : []),
  {
    tagName: "link",
    rel: "alternate",
    type: "application/rss+xml",
    title: FEED_TITLE,
    href: "/rss.xml",
  },
  { property: "og:title", content: FEED_TITLE },
  { property: "og:description", content: BLOG_TAGLINE },
  { property: "og:type", content: "website" },
  ...(data ? [{ property: "og:url", content: data.canonicalUrl }] : []),
];

/** GET /blog?tag=&page=: one page of published posts, the tags to filter by and the featured post. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tag = url.searchParams.get("tag")?.trim() || null;
  const { posts, total, page, pageCount } = listPublishedPage({
    tag,
    page: parsePageParam(url.searchParams.get("page")),
  });
  const featured = !tag && page === 1 ? getFeaturedPost() : undefined;
  return json({
    tag,
    tags: listPublishedTags(),
    posts: posts.map(toPostSummary),
    total,
    page,
    pageCount,
    featured: featured ? toPostSummary(featured) : null,
    canonicalUrl: `${env.APP_URL}${blogListHref({ tag, page })}`,
  });
}

function BlogLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="mb-10 text-center">
        <h1 className="text-4xl font-bold tracking-tight">Blog</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-muted-foreground">{BLOG_TAGLINE}</p>
      </header>
      {children}
    </div>
  );
}

export default function BlogIndex() {
  const { tag, tags, posts, page, pageCount, featured } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/blog";

  return (
    <BlogLayout>
      <TagFilter tags={tags} current={tag} />
      {loading ? (
        <Spinner label="Loading blog posts..." />
      ) : (
        <>
          {featured ? <FeaturedBanner post={featured} /> : null}
          <section aria-labelledby="posts-title">
            <h2 id="posts-title" className="sr-only">
              {tag ? `Posts tagged ${tag}` : "Latest posts"}
            </h2>
            {posts.length === 0 ? (
              <p className="py-16 text-center text-muted-foreground">{BLOG_EMPTY}</p>
            ) : (
              <div className="grid grid-cols-1 gap-8 md:grid-cols-2 lg:grid-cols-3">
                {posts.map((post) => (
                  <PostCard key={post.id} post={post} />
                ))}
              </div>
            )}
          </section>
          <Pagination page={page} pageCount={pageCount} tag={tag} />
        </>
      )}
      <NewsletterForm />
    </BlogLayout>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <BlogLayout>
      <div
        role="alert"
        className="rounded-md border border-red-300 bg-red-50 p-4 text-center text-red-700 dark:border-red-800 dark:bg-red-950 dark:text-red-300"
      >
        {BLOG_LOAD_ERROR}
      </div>
    </BlogLayout>
  );
}
