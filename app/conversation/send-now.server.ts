import { json, type ActionFunctionArgs } from "@remix-run/node";
import {
  methodNotAllowed,
  parseOrThrow,
  requireApiUser,
  resolveActingUser,
} from "~/utils/api.server";
import { ensurePrimary } from "~/utils/litefs.server";
import { askEveningQuestion, askMorningQuestion } from "./engine.server";
import { askOutcomeAnswer, readOptionalJsonBody, SendNowApiSchema } from "./thread.server";

const ask = { morning: askMorningQuestion, evening: askEveningQuestion };

/**
 * The action of POST /api/mock/send-{morning,evening}-sms {userId?}: asks that question now and marks
 * it pending, for yourself or (admins) anyone. 200 {sent: true, message, messageId, status}; 409
 * {sent: false, reason, message} when the number may not be texted (unverified, opted_out,
 * undeliverable) or there is nothing to ask (no_goals); 502 when the provider failed.
 */
export function sendNowAction(kind: "morning" | "evening") {
  return async function action({ request }: ActionFunctionArgs) {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    await ensurePrimary();
    const caller = await requireApiUser(request);
    const input = parseOrThrow(SendNowApiSchema, await readOptionalJsonBody(request));
    const user = resolveActingUser(caller, input.userId, "messages");
    const answer = askOutcomeAnswer(kind, await ask[kind](user));
    return json(answer.body, { status: answer.status });
  };
}
