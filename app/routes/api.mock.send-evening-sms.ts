import { json, type ActionFunctionArgs } from "@remix-run/node";
import { askEveningQuestion } from "~/conversation/engine.server";
import {
  askOutcomeAnswer,
  readOptionalJsonBody,
  SendNowApiSchema,
} from "~/conversation/thread.server";
import {
  methodNotAllowed,
  parseOrThrow,
  requireApiUser,
  resolveActingUser,
} from "~/utils/api.server";
import { ensurePrimary } from "~/utils/litefs.server";

export const loader = () => methodNotAllowed(["POST"]);

/**
 * POST /api/mock/send-evening-sms {userId?}: texts the evening check-in for today's goals now and
 * marks it pending. For yourself, or for any user when you are an admin (403 otherwise; 404 for no
 * such user). 200 {sent: true, message, messageId, status} when sent; 409 {sent: false, reason,
 * message} when the number may not be texted (unverified, opted_out, undeliverable) or there is
 * nothing to ask (no_goals: no goals today); 502 when the provider failed.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await ensurePrimary();
  const caller = await requireApiUser(request);
  const input = parseOrThrow(SendNowApiSchema, await readOptionalJsonBody(request));
  const user = resolveActingUser(caller, input.userId, "messages");
  const answer = askOutcomeAnswer("evening", await askEveningQuestion(user));
  return json(answer.body, { status: answer.status });
}
