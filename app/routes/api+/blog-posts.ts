import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { NewPostSchema } from "~/blog/post-schema";
import {
  createPost,
  DuplicateSlugError,
  listAllPosts,
  listPublishedPosts,
  toPostDetail,
  toPostSummary,
} from "~/blog/posts.server";
import { isAdmin } from "~/users/user-options";
import { apiError, parseOrThrow, readJsonBody, requireApiAdminWriter } from "~/http/api.server";
import { getUser } from "~/http/session.server";

/** The ?tag= filter, compared the way tags are stored (trimmed, inner spaces single) and case-insensitively. */
function tagParam(request: Request) {
  const raw = new URL(request.url).searchParams.get("tag") ?? "";
  return raw.trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * GET /api/blog-posts[?tag=]: published posts, newest first. An admin gets every post, drafts
 * included, for the admin dashboard.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const posts = isAdmin(await getUser(request)) ? listAllPosts() : listPublishedPosts();
  const tag = tagParam(request);
  const shown = tag ? posts.filter((p) => p.tags.some((t) => t.toLowerCase() === tag)) : posts;
  return json(shown.map(toPostSummary));
}

/** POST /api/blog-posts (admin): the author is always the calling admin, whatever the body says. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireApiAdminWriter(request, { methods: ["POST"], allow: ["GET", "POST"] });
  const input = parseOrThrow(NewPostSchema, await readJsonBody(request));
  try {
    return json(toPostDetail(createPost(admin.id, input)), { status: 201 });
  } catch (error) {
    if (error instanceof DuplicateSlugError) return apiError(409, error.message);
    throw error;
  }
}
