import type { LoaderFunctionArgs } from "@remix-run/node";
import { findMedia, mediaNotFound, photoResponse } from "~/media/media.server";
import { findActiveShareLink } from "~/sharing/share-links.server";

/** GET /share/:token/media/:id: a proof photo, only through a live link that includes photos. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const link = findActiveShareLink(params.token ?? "");
  if (!link?.includePhotos) return mediaNotFound();
  const row = findMedia(params.id ?? "");
  if (!row || row.userId !== link.userId) return mediaNotFound();
  const response = await photoResponse(request, row, "Accept-Encoding");
  response.headers.set("X-Robots-Tag", "noindex, nofollow");
  response.headers.set("Referrer-Policy", "no-referrer");
  return response;
}
