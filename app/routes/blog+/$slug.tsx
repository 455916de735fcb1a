import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { SLUG_MAX } from "~/blog/blog-rules";
import { getPostBySlug, getReadablePost, toPostDetail } from "~/blog/posts.server";
import { PLACEHOLDER_POST_IMAGE } from "~/components/blog/blog-links";
import { NewsletterForm } from "~/components/blog/newsletter-form";
import { PostImage } from "~/components/blog/post-image";
import { PostMeta } from "~/components/blog/post-meta";
import { ShareSection } from "~/components/blog/share-section";
import { TagChips } from "~/components/blog/tag-chips";
import { buttonClass } from "~/components/ui/button";
import { isAdmin } from "~/users/user-options";
import { env } from "~/utils/env/env.server";
import { getUser } from "~/http/session.server";

export const POST_NOT_FOUND_TITLE = "Blog Post Not Found";
export const POST_NOT_FOUND_TEXT = "Sorry, we couldn't find the blog post you're looking for.";

/** Uploaded images are served from our own origin (/blog-images/...); Open Graph needs absolute URLs. */
function absoluteUrl(url: string | null) {
  if (!url) return null;
  return url.startsWith("/") ? `${env.APP_URL}${url}` : url;
}

/** GET /blog/:slug: a published post for everyone; a draft only for admins, a 404 for anyone else. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  if (!slug || slug.length > SLUG_MAX) throw json(POST_NOT_FOUND_TITLE, { status: 404 });
  const post = getReadablePost(getPostBySlug(slug), isAdmin(await getUser(request)));
  if (!post) throw json(POST_NOT_FOUND_TITLE, { status: 404 });
  return json({
    post: toPostDetail(post),
    url: `${env.APP_URL}/blog/${post.slug}`,
    imageUrl: absoluteUrl(post.featuredImageUrl),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: `${POST_NOT_FOUND_TITLE} | StreakCoach` }];
  const { post, url, imageUrl } = data;
  return [
    { title: `${post.title} | StreakCoach` },
    { name: "description", content: post.displayExcerpt },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: post.title },
    { property: "og:description", content: post.displayExcerpt },
    { property: "og:url", content: url },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: "StreakCoach" },
    ...(imageUrl ? [{ property: "og:image", content: imageUrl }] : []),
    { property: "article:published_time", content: post.publishedAt ?? post.createdAt },
    { property: "article:modified_time", content: post.updatedAt },
    ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
    { name: "twitter:card", content: imageUrl ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: post.title },
    { name: "twitter:description", content: post.displayExcerpt },
    ...(imageUrl ? [{ name: "twitter:image", content: imageUrl }] : []),
    // A draft is shown to admins only; it must never be indexed.
    ...(post.published ? [] : [{ name: "robots", content: "noindex" }]),
  ];
};

function BackToBlog() {
  return (
    <Link
      to="/blog"
      className="inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline"
    >
      <span aria-hidden="true">←</span> Back to Blog
    </Link>
  );
}

/** Markdown output has no classes, so the post's elements are styled from the container. */
const PROSE = [
  "max-w-none text-base leading-7 text-foreground",
  "[&_h1]:mb-4 [&_h1]:mt-10 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:tracking-tight",
  "[&_h2]:mb-3 [&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight",
  "[&_h3]:mb-3 [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold",
  "[&_h4]:mb-2 [&_h4]:mt-6 [&_h4]:text-lg [&_h4]:font-semibold",
  "[&_h5]:mb-2 [&_h5]:mt-6 [&_h5]:font-semibold",
  "[&_h6]:mb-2 [&_h6]:mt-6 [&_h6]:text-sm [&_h6]:font-semibold [&_h6]:uppercase [&_h6]:tracking-wide",
  "[&_p]:my-5",
  "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4",
  "[&_strong]:font-semibold [&_b]:font-semibold",
  "[&_ul]:my-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-5 [&_ol]:list-decimal [&_ol]:pl-6",
  "[&_li]:my-1 [&_li>ul]:my-1 [&_li>ol]:my-1",
  "[&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-primary/40 [&_blockquote]:pl-4 [&_blockquote]:italic [&_blockquote]:text-muted-foreground",
  "[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-sm",
  "[&_pre]:my-6 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-4",
  "[&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg",
  "[&_hr]:my-10 [&_hr]:border-border",
  "[&_table]:my-6 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm",
  "[&_th]:border [&_th]:bg-muted [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_td]:border [&_td]:px-3 [&_td]:py-2",
].join(" ");

export default function BlogPostPage() {
  const { post, url } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <article>
        <BackToBlog />
        {post.featuredImageUrl ? (
          <PostImage
            src={post.featuredImageUrl}
            fallback={PLACEHOLDER_POST_IMAGE}
            alt=""
            className="mt-6 h-[400px] w-full rounded-lg bg-muted object-cover"
          />
        ) : null}
        <header className="mt-8 space-y-4">
          {post.published ? null : (
            <p className="inline-flex rounded-full bg-yellow-100 px-3 py-1 text-xs font-semibold text-yellow-900">
              Draft: only admins can see this post
            </p>
          )}
          <h1 className="text-4xl font-bold leading-tight tracking-tight">{post.title}</h1>
          <PostMeta post={post} />
          <TagChips tags={post.tags} linked />
        </header>
        <div
          data-testid="post-content"
          className={`mt-8 ${PROSE}`}
          // Rendered from Markdown and cleaned with an allow-list on the server (markdown.server.ts).
          dangerouslySetInnerHTML={{ __html: post.contentHtml }}
        />
        <ShareSection url={url} title={post.title} />
      </article>
      <NewsletterForm />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">{POST_NOT_FOUND_TITLE}</h1>
      <p className="text-muted-foreground">{POST_NOT_FOUND_TEXT}</p>
      <Link to="/blog" className={buttonClass()}>
        Back to Blog
      </Link>
    </div>
  );
}
