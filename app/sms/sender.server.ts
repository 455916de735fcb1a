import { errorFields, logger } from "~/observability/logger.server";
import {
  recordNumberTextRefused,
  recordNumberTextTaken,
  recordRefused,
  recordTaken,
} from "./recorder.server";
import { optedOutAmong } from "./may-text.server";
import { toSmsText } from "./segments";
import { getTransport, SmsSendError } from "./transport.server";
import type {
  SendOptions,
  SendResult,
  LogRecord,
  SentRecord,
  SmsTransport,
} from "./transport.server";

// The outbox's sender: the only module that hands texts to Twilio (a layer rule says so, see
// .dependency-cruiser.cjs). Every text goes through the account's outbound gate inside the transport;
// what Twilio answers is applied by the recorder (recorder.server.ts), or for a scheduler batch by the
// scheduler's record step, which calls the same recorder.

/** A text stored in the user's thread as queued, not handed to Twilio yet. */
export type StoredText = { messageId: number; body: string; kind: string };

export type HandOverResult =
  | { sent: true; messageId: number; sid: string; status: string }
  | { sent: false; reason: "failed"; messageId: number; code?: string };

/** Hands a stored text to Twilio and records its answer. */
export async function sendStoredText(
  user: { id: number; phone: string },
  { messageId, body, kind }: StoredText,
  transport: SmsTransport = getTransport(),
): Promise<HandOverResult> {
  let result: SendResult;
  try {
    result = await transport.send(user.phone, toSmsText(body));
  } catch (error) {
    const code = error instanceof SmsSendError ? error.code : null;
    recordRefused(user, messageId, kind, code);
    if (!(error instanceof SmsSendError && error.permanent))
      logger.error({ userId: user.id, kind, code, err: errorFields(error) }, "text not sent");
    return { sent: false, reason: "failed", messageId, code: code ?? undefined };
  }
  await recordTaken(messageId, kind, result);
  return { sent: true, messageId, ...result };
}

/** A text to a number with no account, stored as queued (storeTextToNumber), not handed over yet. */
export type StoredNumberText = { id: number; phone: string; body: string; kind: string };

/** Hands a stored text to a number with no account to Twilio and records its answer. */
export async function sendStoredTextToNumber(
  text: StoredNumberText,
  transport: SmsTransport = getTransport(),
) {
  let result: SendResult;
  try {
    result = await transport.send(text.phone, toSmsText(text.body));
  } catch (error) {
    recordNumberTextRefused(text, error instanceof SmsSendError ? error.code : null);
    logger.error({ err: errorFields(error) }, "text to a number without an account not sent");
    return false;
  }
  await recordNumberTextTaken(text.id, text.kind, result);
  return true;
}

/** One text of a scheduler batch, as the scheduler claimed it. */
export type BatchText = { phone: string; body: string; messageId?: number | null };

export type BatchAnswer = { sid?: string; status?: string; error?: SmsSendError };

/**
 * Sends a scheduler batch as "scheduled" texts (the outbound gate gives replies the first slots),
 * opt-outs checked right before; the answers come back in the batch's order for the scheduler to
 * record in one transaction. A number that opted out is answered with the "opted_out" error unsent.
 */
export async function sendScheduledBatch(
  texts: BatchText[],
  transport: SmsTransport = getTransport(),
): Promise<BatchAnswer[]> {
  const optedOut = optedOutAmong(texts.map((t) => t.phone));
  return Promise.all(
    texts.map(async (text): Promise<BatchAnswer> => {
      if (optedOut.has(text.phone))
        return { error: new SmsSendError("opted out before sending", "opted_out", false) };
      const options: SendOptions = {
        messageId: text.messageId ?? undefined,
        sendClass: "scheduled",
      };
      try {
        return await transport.send(text.phone, text.body, options);
      } catch (error) {
        return {
          error:
            error instanceof SmsSendError ? error : new SmsSendError(String(error), null, false),
        };
      }
    }),
  );
}

/** Twilio's log of texts it accepted for a number since an instant, to settle unfinished claims. */
export function twilioLogSince(
  phone: string,
  since: Date,
  transport: SmsTransport = getTransport(),
): Promise<SentRecord[]> {
  return transport.listSentSince(phone, since);
}

/**
 * Twilio's whole message log since an instant, both directions, to settle on promotion; null when the
 * transport keeps no log (the local one).
 */
export function twilioMessageLog(
  since: Date,
  transport: SmsTransport = getTransport(),
): Promise<LogRecord[]> | null {
  return transport.listLogSince ? transport.listLogSince(since) : null;
}

/** Downloads an inbound MMS's media with the account's credentials (the same Twilio client). */
export function fetchTextMedia(url: string) {
  return getTransport().fetchMedia(url);
}
