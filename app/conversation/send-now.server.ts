import { json, type ActionFunctionArgs } from "@remix-run/node";
import { and, count, eq, gt, notInArray } from "drizzle-orm";
import {
  apiError,
  methodNotAllowed,
  parseOrThrow,
  requireApiUser,
  resolveActingUser,
} from "~/http/api.server";
import { db, schema } from "~/utils/db.server";
import { ensurePrimary } from "~/utils/litefs.server";
import { askEveningQuestion, askMorningQuestion } from "./engine.server";
import { SendNowApiSchema } from "./chat-schema";
import { askOutcomeAnswer, readOptionalJsonBody } from "./thread.server";

const ask = { morning: askMorningQuestion, evening: askEveningQuestion };

/** Each send is a paid text: a few a day is plenty to try the loop, scheduled ones included. */
export const SEND_NOW_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

function questionsSentToday(userId: number, kind: "morning" | "evening", now: Date) {
  const { messages } = schema;
  return (
    db
      .select({ n: count() })
      .from(messages)
      .where(
        and(
          eq(messages.userId, userId),
          eq(messages.kind, kind),
          eq(messages.fromSystem, true),
          notInArray(messages.status, ["blocked", "failed"]),
          gt(messages.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      )
      .get()?.n ?? 0
  );
}

/**
 * The action of POST /api/send-now/{morning,evening} {userId?}: asks that question now and marks
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
    if (questionsSentToday(user.id, kind, new Date()) >= SEND_NOW_PER_DAY) {
      return apiError(
        429,
        `The ${kind} question can be sent at most ${SEND_NOW_PER_DAY} times a day. Please try again tomorrow.`,
      );
    }
    const answer = askOutcomeAnswer(kind, await ask[kind](user));
    return json(answer.body, { status: answer.status });
  };
}
