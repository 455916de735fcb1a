import { json, type ActionFunctionArgs } from "@remix-run/node";
import { RegisterSchema } from "~/users/user-schema";
import {
  createUser,
  DuplicateEmailError,
  DuplicatePhoneError,
  toPublicUser,
} from "~/users/users.server";
import { apiError, methodNotAllowed, parseOrThrow, readJsonBody } from "~/utils/api.server";
import { ensurePrimary } from "~/utils/litefs.server";
import { consumeAuthAttempt, rateLimitedJson } from "~/utils/rate-limit.server";
import { getClientIp, getUserAgent } from "~/utils/request.server";
import { createUserSession } from "~/utils/session.server";

export const loader = () => methodNotAllowed(["POST"]);

/** Registration. Any roles in the body are ignored: the schema has no such field. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await ensurePrimary();
  const input = parseOrThrow(RegisterSchema, await readJsonBody(request));
  const limit = await consumeAuthAttempt(getClientIp(request));
  if (!limit.ok) return rateLimitedJson(limit.retryAfterSeconds);
  try {
    const user = await createUser(input, {
      ip: getClientIp(request),
      userAgent: getUserAgent(request),
    });
    return json(toPublicUser(user), {
      status: 201,
      headers: { "Set-Cookie": await createUserSession(request, user.id) },
    });
  } catch (error) {
    if (error instanceof DuplicateEmailError || error instanceof DuplicatePhoneError) {
      return apiError(409, error.message);
    }
    throw error;
  }
}
