import { json, type ActionFunctionArgs } from "@remix-run/node";
import { apiError, parseId, requireApiAdminWriter } from "~/http/api.server";
import { setPostPublished, toPostDetail } from "./posts.server";

export const POST_NOT_FOUND = "Post not found";

/** A post id from the URL; one that cannot exist is "Post not found" like one that does not. */
export function postIdOr404(raw: string | undefined): number {
  try {
    return parseId(raw);
  } catch {
    throw apiError(404, POST_NOT_FOUND);
  }
}

/**
 * POST /api/blog-posts/{id}/publish and /unpublish (admin, no body). Publishing for the first time
 * sets publishedAt; unpublishing and publishing again keep it.
 */
export function publicationAction(published: boolean) {
  return async function action({ request, params }: ActionFunctionArgs) {
    await requireApiAdminWriter(request, { methods: ["POST"] });
    const post = setPostPublished(postIdOr404(params.id), published);
    if (!post) throw apiError(404, POST_NOT_FOUND);
    const message = published ? "Post published successfully" : "Post unpublished successfully";
    return json({ ...toPostDetail(post), message });
  };
}
