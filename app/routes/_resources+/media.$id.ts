import type { LoaderFunctionArgs } from "@remix-run/node";
import { findMedia, mediaNotFound, photoResponse } from "~/media/media.server";
import { isAdmin } from "~/users/user-options";
import { getUser } from "~/http/session.server";

/**
 * GET /media/:id: a stored proof photo, only for its owner and admins. Everyone else, signed in or
 * not, gets the same 404 as for an id that does not exist, so ids cannot be probed.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getUser(request);
  if (!user) return mediaNotFound();
  const row = findMedia(params.id ?? "");
  if (!row || (row.userId !== user.id && !isAdmin(user))) return mediaNotFound();
  return photoResponse(request, row, "Cookie");
}
