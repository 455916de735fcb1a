import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { POST_NOT_FOUND, postIdOr404 } from "~/blog/post-api.server";
import { PostPatchSchema } from "~/blog/post-schema";
import {
  deletePost,
  DuplicateSlugError,
  getPostById,
  getReadablePost,
  SlugChangeError,
  toPostDetail,
  updatePost,
} from "~/blog/posts.server";
import { isAdmin } from "~/users/user-options";
import { apiError, parseOrThrow, readJsonBody, requireApiAdminWriter } from "~/http/api.server";
import { getUser } from "~/http/session.server";

/** GET /api/blog-posts/{id}: the editor's read. A draft is "not found" for anyone but an admin. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = postIdOr404(params.id);
  const post = getReadablePost(getPostById(id), isAdmin(await getUser(request)));
  if (!post) throw apiError(404, POST_NOT_FOUND);
  return json(toPostDetail(post));
}

/** PATCH (any of the post's fields; the slug only unchanged) and DELETE, for admins. */
export async function action({ request, params }: ActionFunctionArgs) {
  await requireApiAdminWriter(request, {
    methods: ["PATCH", "DELETE"],
    allow: ["GET", "PATCH", "DELETE"],
  });
  const id = postIdOr404(params.id);
  if (request.method === "DELETE") {
    if (!deletePost(id)) throw apiError(404, POST_NOT_FOUND);
    return json({ message: "Blog post deleted successfully" });
  }
  if (!getPostById(id)) throw apiError(404, POST_NOT_FOUND);
  const patch = parseOrThrow(PostPatchSchema, await readJsonBody(request));
  try {
    const post = updatePost(id, patch);
    if (!post) throw apiError(404, POST_NOT_FOUND);
    return json(toPostDetail(post));
  } catch (error) {
    if (error instanceof SlugChangeError) {
      return apiError(400, "Please correct the highlighted fields", { slug: [error.message] });
    }
    if (error instanceof DuplicateSlugError) return apiError(409, error.message);
    throw error;
  }
}
