import type { LoaderFunctionArgs } from "@remix-run/node";
import { messagesForApi } from "~/conversation/message-history.server";
import {
  methodNotAllowed,
  parseUserIdParam,
  requireApiUser,
  resolveActingUser,
} from "~/http/api.server";
import { streamedArray, streamedJson } from "~/utils/requests/streamed-download.server";

export const action = () => methodNotAllowed(["GET"]);

/**
 * GET /api/messages?userId={id}: the user's whole conversation, oldest first (newest last), texts and
 * web chat alike. Without userId, or with their own, callers get their own messages; another user's
 * id is 403 for a non-admin; an admin may read anyone's (404 for a user that does not exist).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const caller = await requireApiUser(request, "read");
  const userId = parseUserIdParam(new URL(request.url).searchParams.get("userId"));
  const owner = resolveActingUser(caller, userId, "messages");
  return streamedJson(streamedArray(messagesForApi(owner.id)));
}
