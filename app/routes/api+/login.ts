import { json, type ActionFunctionArgs } from "@remix-run/node";
import { LoginSchema } from "~/users/user-schema";
import { getUserById, toPublicUser, verifyLogin } from "~/users/users.server";
import { apiError, methodNotAllowed, parseOrThrow, readJsonBody } from "~/http/api.server";
import { INVALID_LOGIN } from "~/http/auth.server";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { throttledLogin } from "~/utils/rate-limits/login-throttle.server";
import { rateLimitedJson } from "~/utils/rate-limits/rate-limit.server";
import { getClientIp } from "~/utils/requests/request.server";
import { createUserSession } from "~/http/session.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await ensurePrimary();
  const { email, password } = parseOrThrow(LoginSchema, await readJsonBody(request));
  const outcome = await throttledLogin(getClientIp(request), email, async () => {
    return (await verifyLogin(email, password))?.id ?? null;
  });
  if (!outcome.ok && outcome.status === 429) {
    return rateLimitedJson(outcome.retryAfterSeconds, outcome.message);
  }
  if (!outcome.ok) return apiError(401, INVALID_LOGIN);
  const user = getUserById(outcome.userId)!;
  return json(toPublicUser(user), {
    headers: { "Set-Cookie": await createUserSession(request, user.id) },
  });
}
