import { eq, sql } from "drizzle-orm";
import type { User } from "../../db/schema";
import { db, inGroupCommit, preparedQuery, schema } from "~/utils/db/db.server";
import { isOptedOut, optOut } from "./opt-outs.server";
import { errorFields, logger } from "~/observability/logger.server";
import { textStatuses, textsSent } from "~/observability/metrics.server";
import { getTransport, SmsSendError } from "./transport.server";
import { toSmsText } from "./segments";
import { storeMessage } from "~/messages/message-rows.server";
import { CARRIER_OPT_OUT_REASON, permanentError } from "./twilio-errors";

const { messages, users } = schema;

export type TextKind =
  | "conversation"
  | "feedback"
  | "morning"
  | "evening"
  | "follow_up"
  | "summary"
  | "verification"
  | "password_reset"
  | "compliance";

export type SendOutcome =
  | { sent: true; messageId: number; sid: string; status: string }
  | {
      sent: false;
      reason: "opted_out" | "unverified" | "undeliverable" | "failed";
      messageId?: number;
      code?: string;
    };

const recordSent = preparedQuery(() =>
  db
    .update(messages)
    .set({ providerSid: sql`${sql.placeholder("sid")}`, status: sql`${sql.placeholder("status")}` })
    .where(eq(messages.id, sql.placeholder("id")))
    .prepare(),
);

/** Texts that may reach a number that is not verified yet: the code that verifies it, and compliance answers. */
const UNVERIFIED_OK = new Set<TextKind>(["verification", "password_reset", "compliance"]);

/**
 * Sends one text to a user and keeps it in their thread. Refuses opted-out and (for scheduled and
 * conversational texts) unverified numbers, checked right before sending; records Twilio's answer.
 */
export async function sendTextToUser(
  user: TextRecipient,
  body: string,
  kind: TextKind,
  options: { linkedGoalIds?: number[]; storeBody?: string } = {},
): Promise<SendOutcome> {
  const text = storeTextToSend(user, body, kind, options);
  return "sent" in text ? text : sendStoredText(user, text);
}

type TextRecipient = Pick<User, "id" | "phone" | "phoneVerifiedAt" | "phoneUndeliverableCode">;

/** A text kept in the user's thread as queued, not handed to Twilio yet. */
export type StoredText = { messageId: number; body: string; kind: TextKind };

/**
 * The first half of sendTextToUser, synchronous so that it can be part of the caller's write: the
 * checks, and the text stored as queued. sendStoredText sends it once that write is committed.
 */
export function storeTextToSend(
  user: TextRecipient,
  body: string,
  kind: TextKind,
  options: { linkedGoalIds?: number[]; storeBody?: string } = {},
): StoredText | Extract<SendOutcome, { sent: false }> {
  if (isOptedOut(user.phone) && kind !== "compliance") return { sent: false, reason: "opted_out" };
  if (!user.phoneVerifiedAt && !UNVERIFIED_OK.has(kind))
    return { sent: false, reason: "unverified" };
  if (user.phoneUndeliverableCode)
    return { sent: false, reason: "undeliverable", code: user.phoneUndeliverableCode };
  const messageId = storeMessage({
    userId: user.id,
    fromSystem: true,
    body: options.storeBody ?? body,
    source: "sms",
    kind,
    status: "queued",
    linkedGoalIds: options.linkedGoalIds ?? [],
  });
  return { messageId, body, kind };
}

/** Hands a stored text to Twilio and records its answer (in the next group commit: see db.server). */
export async function sendStoredText(
  user: Pick<User, "id" | "phone">,
  { messageId, body, kind }: StoredText,
): Promise<SendOutcome> {
  let result: { sid: string; status: string };
  try {
    result = await getTransport().send(user.phone, toSmsText(body));
  } catch (error) {
    const code = error instanceof SmsSendError ? error.code : null;
    db.update(messages)
      .set({ status: "failed", errorCode: code })
      .where(eq(messages.id, messageId))
      .run();
    textsSent.labels(kind, "failed").inc();
    if (error instanceof SmsSendError && error.permanent) recordPermanentError(user, error.code!);
    else logger.error({ userId: user.id, kind, code, err: errorFields(error) }, "text not sent");
    return { sent: false, reason: "failed", messageId, code: code ?? undefined };
  }
  await inGroupCommit(() =>
    recordSent().run({ sid: result.sid, status: result.status, id: messageId }),
  );
  textsSent.labels(kind, "sent").inc();
  return { sent: true, messageId, ...result };
}

/** A text to a number with no account (e.g. the pointer to the website): not stored in any thread. */
export async function sendTextToNumber(
  phone: string,
  body: string,
  options: { compliance?: boolean } = {},
) {
  if (isOptedOut(phone) && !options.compliance) return false;
  try {
    await getTransport().send(phone, toSmsText(body));
    textsSent.labels(options.compliance ? "compliance" : "to_number", "sent").inc();
    return true;
  } catch (error) {
    textsSent.labels(options.compliance ? "compliance" : "to_number", "failed").inc();
    logger.error({ err: errorFields(error) }, "text to a number without an account not sent");
    return false;
  }
}

export function recordPermanentError(user: Pick<User, "id" | "phone">, code: string) {
  if (permanentError(code) === "unsubscribed") optOut(user.phone, CARRIER_OPT_OUT_REASON);
  else db.update(users).set({ phoneUndeliverableCode: code }).where(eq(users.id, user.id)).run();
}

// Callbacks can arrive out of order: a late "sent" must not overwrite "delivered".
const STATUS_RANK: Record<string, number> = {
  queued: 0,
  accepted: 0,
  scheduled: 0,
  sending: 1,
  sent: 2,
  delivered: 3,
  undelivered: 3,
  failed: 3,
  read: 4,
};

/**
 * Applies a delivery status callback to the stored text; unknown sids are ignored. `messageId` comes
 * from the callback URL of a scheduled text (`?m=`): the scheduler records a batch's sids only when the
 * whole batch has answered, and a callback that comes first is kept on the text it names (sid included)
 * instead of being lost.
 */
export function recordDeliveryStatus(
  sid: string,
  status: string,
  errorCode: string | null,
  messageId?: number,
) {
  textStatuses.labels(status).inc();
  let message = db.select().from(messages).where(eq(messages.providerSid, sid)).get();
  if (!message && messageId) {
    const named = db.select().from(messages).where(eq(messages.id, messageId)).get();
    if (named?.fromSystem && named.providerSid === null && named.status === "queued") {
      db.update(messages).set({ providerSid: sid }).where(eq(messages.id, named.id)).run();
      message = { ...named, providerSid: sid };
    }
  }
  if (!message) return false;
  if ((STATUS_RANK[status] ?? 0) < (STATUS_RANK[message.status] ?? 0)) return true;
  db.update(messages).set({ status, errorCode }).where(eq(messages.id, message.id)).run();
  if (errorCode && permanentError(errorCode)) {
    const user = db.select().from(users).where(eq(users.id, message.userId)).get();
    if (user) recordPermanentError(user, errorCode);
  }
  return true;
}
