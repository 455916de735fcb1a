import { eq, sql } from "drizzle-orm";
import type { User } from "../../db/schema";
import { db, inGroupCommit, preparedQuery, schema, sqlite } from "~/utils/db/db.server";
import { textStatuses, textsSent } from "~/observability/metrics.server";
import { optOut } from "./may-text.server";
import { CARRIER_OPT_OUT_REASON, permanentError } from "./twilio-errors";

// The outbox's recorder: the one place that applies Twilio's answers (the send's result and the
// status callbacks) to the stored text and to the number, and counts texts in the metrics. The
// scheduler's batch recording (scheduler/record.server.ts) calls it inside its own transaction.

const { messages, numberTexts, users } = schema;

/** The one place a text is counted: its kind, and whether Twilio took it. */
export function countText(kind: string, result: "sent" | "failed") {
  textsSent.labels(kind, result).inc();
}

const recordSent = preparedQuery(() =>
  db
    .update(messages)
    .set({ providerSid: sql`${sql.placeholder("sid")}`, status: sql`${sql.placeholder("status")}` })
    .where(eq(messages.id, sql.placeholder("id")))
    .prepare(),
);

/** Twilio took a stored text: its sid and status, in the next group commit (see db.server). */
export async function recordTaken(
  messageId: number,
  kind: string,
  result: { sid: string; status: string },
) {
  await inGroupCommit(() => recordSent().run({ ...result, id: messageId }));
  countText(kind, "sent");
}

const scheduledStatements = {
  // A status callback that came before the batch was recorded already set the sid and a later status.
  taken: preparedQuery(() =>
    sqlite.prepare(
      `update messages set provider_sid = @sid, status = iif(provider_sid is null, @status, status),
     error_code = iif(provider_sid is null, null, error_code) where id = @id`,
    ),
  ),
  settled: preparedQuery(() =>
    sqlite.prepare(
      "update messages set provider_sid = null, status = ?, error_code = ? where id = ?",
    ),
  ),
};

/**
 * Twilio took a scheduled text: synchronous, for the scheduler's batch transaction. A status
 * callback that came first (and named the text) is kept.
 */
export function recordScheduledTaken(messageId: number, result: { sid?: string; status?: string }) {
  scheduledStatements.taken().run({ ...result, id: messageId });
}

/**
 * A scheduled text that will not go: refused by Twilio ("failed", with its code), blocked by an
 * opt-out, or expired. Synchronous, for the scheduler's batch transaction.
 */
export function recordScheduledNotSent(
  messageId: number,
  status: "failed" | "blocked" | "expired",
  code: string | null = null,
) {
  scheduledStatements.settled().run(status, code, messageId);
}

/** Twilio refused a stored text: the text is failed, and a permanent code marks the number. */
export function recordRefused(
  user: Pick<User, "id" | "phone">,
  messageId: number,
  kind: string,
  code: string | null,
) {
  db.update(messages)
    .set({ status: "failed", errorCode: code })
    .where(eq(messages.id, messageId))
    .run();
  countText(kind, "failed");
  if (code && permanentError(code)) recordPermanentError(user, code);
}

/**
 * What a permanent error says about the number: the carrier's opt-out becomes ours (and is counted),
 * an undeliverable number is marked on the user. A partner's number is not the user's: for a text to
 * someone else only the opt-out is kept.
 */
export function recordPermanentError(
  user: Pick<User, "id" | "phone">,
  code: string,
  options: { toSomeoneElse?: boolean } = {},
) {
  optOutIfUnsubscribed(user.phone, code);
  if (permanentError(code) === "undeliverable" && !options.toSomeoneElse)
    db.update(users).set({ phoneUndeliverableCode: code }).where(eq(users.id, user.id)).run();
}

/** The carrier's opt-out (a permanent error saying the number unsubscribed) becomes ours. */
function optOutIfUnsubscribed(phone: string, code: string) {
  if (permanentError(code) === "unsubscribed") optOut(phone, CARRIER_OPT_OUT_REASON);
}

/** Twilio took a text to a number with no account: its sid and status. */
export async function recordNumberTextTaken(
  id: number,
  kind: string,
  result: { sid: string; status: string },
) {
  await inGroupCommit(() =>
    db
      .update(numberTexts)
      .set({ providerSid: result.sid, status: result.status })
      .where(eq(numberTexts.id, id))
      .run(),
  );
  countText(kind, "sent");
}

/** Twilio refused a text to a number with no account: it is failed, and a carrier's opt-out is kept. */
export function recordNumberTextRefused(
  text: { id: number; phone: string; kind: string },
  code: string | null,
) {
  db.update(numberTexts)
    .set({ status: "failed", errorCode: code })
    .where(eq(numberTexts.id, text.id))
    .run();
  countText(text.kind, "failed");
  if (code) optOutIfUnsubscribed(text.phone, code);
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
  if (!message) return recordNumberTextStatus(sid, status, errorCode);
  if (!isLater(status, message.status)) return true;
  db.update(messages).set({ status, errorCode }).where(eq(messages.id, message.id)).run();
  if (errorCode && permanentError(errorCode)) {
    const user = db.select().from(users).where(eq(users.id, message.userId)).get();
    if (user) recordPermanentError(user, errorCode);
  }
  return true;
}

const isLater = (status: string, than: string) =>
  (STATUS_RANK[status] ?? 0) >= (STATUS_RANK[than] ?? 0);

/** A status callback for a text to a number with no account; false when no such text is stored. */
function recordNumberTextStatus(sid: string, status: string, errorCode: string | null) {
  const text = db.select().from(numberTexts).where(eq(numberTexts.providerSid, sid)).get();
  if (!text) return false;
  if (!isLater(status, text.status)) return true;
  db.update(numberTexts).set({ status, errorCode }).where(eq(numberTexts.id, text.id)).run();
  if (errorCode) optOutIfUnsubscribed(text.phone, errorCode);
  return true;
}
