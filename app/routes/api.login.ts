import { json, type ActionFunctionArgs } from "@remix-run/node";
import { LoginSchema } from "~/users/user-schema";
import { toPublicUser, verifyLogin } from "~/users/users.server";
import { apiError, methodNotAllowed, parseOrThrow, readJsonBody } from "~/utils/api.server";
import { INVALID_LOGIN } from "~/utils/auth.server";
import { ensurePrimary } from "~/utils/litefs.server";
import { consumeAuthAttempt, rateLimitedJson } from "~/utils/rate-limit.server";
import { getClientIp } from "~/utils/request.server";
import { createUserSession } from "~/utils/session.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await ensurePrimary();
  const { email, password } = parseOrThrow(LoginSchema, await readJsonBody(request));
  const limit = await consumeAuthAttempt(getClientIp(request), email);
  if (!limit.ok) return rateLimitedJson(limit.retryAfterSeconds);
  const user = await verifyLogin(email, password);
  if (!user) return apiError(401, INVALID_LOGIN);
  return json(toPublicUser(user), {
    headers: { "Set-Cookie": await createUserSession(request, user.id) },
  });
}
