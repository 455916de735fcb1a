import { json, type ActionFunctionArgs } from "@remix-run/node";
import { and, count, eq, gt, notInArray } from "drizzle-orm";
import {
  apiError,
  methodNotAllowed,
  parseOrThrow,
  readOptionalJsonBody,
  requireApiUser,
  resolveActingUser,
} from "~/http/api.server";
import { db, schema } from "~/utils/db/db.server";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { askEveningQuestion, askMorningQuestion } from "./inbound.server";
import { SendNowApiSchema } from "./chat-schema";

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

type AskOutcome =
  | { sent: true; messageId: number; sid: string; status: string }
  | {
      sent: false;
      reason: "opted_out" | "unverified" | "undeliverable" | "failed" | "no_goals";
      messageId?: number;
      code?: string;
    };

/**
 * The HTTP answer to a send-now call: 200 when the question went out; 409 when the account's state
 * forbids it (unverified number, opted out, undeliverable number, no goals for an evening check-in);
 * 502 when the SMS provider failed. The body always says why in `message`.
 */
export function askOutcomeAnswer(question: "morning" | "evening", outcome: AskOutcome) {
  const name = question === "morning" ? "Morning question" : "Evening check-in";
  if (outcome.sent) {
    return {
      status: 200,
      body: {
        sent: true as const,
        message: `${name} sent`,
        messageId: outcome.messageId,
        status: outcome.status,
      },
    };
  }
  const why: Record<typeof outcome.reason, string> = {
    unverified: "The phone number is not verified yet, so no text was sent",
    opted_out: "This phone number has opted out (STOP), so no text was sent",
    undeliverable: `The carrier reported this phone number as undeliverable${
      outcome.code ? ` (error ${outcome.code})` : ""
    }, so no text was sent`,
    no_goals: "There are no goals for today, so there is no evening check-in to send",
    failed: "The text could not be sent. Please try again later.",
  };
  return {
    status: outcome.reason === "failed" ? 502 : 409,
    body: {
      sent: false as const,
      reason: outcome.reason,
      message: why[outcome.reason],
      ...(outcome.code ? { code: outcome.code } : {}),
    },
  };
}
