import { json, type ActionFunctionArgs } from "@remix-run/node";
import { RegisterSchema } from "~/users/user-schema";
import { signUp } from "~/users/sign-up.server";
import { toPublicUser } from "~/users/users.server";
import { apiError, methodNotAllowed, parseOrThrow, readJsonBody } from "~/http/api.server";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { rateLimitedJson } from "~/utils/rate-limits/rate-limit.server";
import { getClientIp, getUserAgent } from "~/utils/requests/request.server";
import { createUserSession } from "~/http/session.server";

export const loader = () => methodNotAllowed(["POST"]);

/** Registration. Any roles in the body are ignored: the schema has no such field. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await ensurePrimary();
  const input = parseOrThrow(RegisterSchema, await readJsonBody(request));
  const outcome = await signUp(input, {
    ip: getClientIp(request),
    userAgent: getUserAgent(request),
  });
  if (!outcome.ok && outcome.status === 429) {
    return rateLimitedJson(outcome.retryAfterSeconds ?? 60);
  }
  if (!outcome.ok) return apiError(outcome.status, outcome.message);
  return json(toPublicUser(outcome.user), {
    status: 201,
    headers: { "Set-Cookie": await createUserSession(request, outcome.user.id) },
  });
}
