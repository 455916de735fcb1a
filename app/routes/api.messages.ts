import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listMessagesForApi, resolveThreadOwner } from "~/conversation/thread.server";
import { apiError, methodNotAllowed, requireApiUser } from "~/utils/api.server";

export const action = () => methodNotAllowed(["GET"]);

/** The userId query parameter: absent, or a positive integer (else 400). */
function parseUserIdParam(raw: string | null): number | undefined {
  if (raw === null) return undefined;
  const id = Number(raw);
  if (!/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id) || id < 1) {
    throw apiError(400, "userId must be a positive integer", {
      userId: ["userId must be a positive integer"],
    });
  }
  return id;
}

/**
 * GET /api/messages?userId={id}: the user's whole conversation, oldest first (newest last), texts and
 * web chat alike. Without userId, or with their own, callers get their own messages; another user's
 * id is 403 for a non-admin; an admin may read anyone's (404 for a user that does not exist).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const caller = await requireApiUser(request);
  const userId = parseUserIdParam(new URL(request.url).searchParams.get("userId"));
  const owner = resolveThreadOwner(caller, userId);
  return json(listMessagesForApi(owner.id));
}
