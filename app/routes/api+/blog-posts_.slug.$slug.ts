import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { SLUG_MAX } from "~/blog/blog-rules";
import { POST_NOT_FOUND } from "~/blog/post-api.server";
import { getPostBySlug, getReadablePost, toPostDetail } from "~/blog/posts.server";
import { isAdmin } from "~/users/user-options";
import { apiError, methodNotAllowed } from "~/http/api.server";
import { getUser } from "~/http/session.server";

/**
 * GET /api/blog-posts/slug/{slug}: one post with its Markdown and sanitized HTML. A draft is "not
 * found" for anyone but an admin (never 403), so drafts cannot be discovered by guessing slugs.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  const canSeeDrafts = isAdmin(await getUser(request));
  const post =
    slug.length <= SLUG_MAX ? getReadablePost(getPostBySlug(slug), canSeeDrafts) : undefined;
  if (!post) throw apiError(404, POST_NOT_FOUND);
  return json(toPostDetail(post));
}

export const action = () => methodNotAllowed(["GET"]);
