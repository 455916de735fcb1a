import type { User } from "../../db/schema";
import { db, schema } from "~/utils/db/db.server";
import { storeMessage } from "~/messages/message-rows.server";
import { mayText, isOptedOut } from "./may-text.server";
import { sendStoredText, sendStoredTextToNumber } from "./sender.server";
import type { StoredNumberText, StoredText } from "./sender.server";

// The outbox's front door for a text to a user: the policy (mayText) decides, the text is stored in
// the user's thread as queued (inside the caller's write when it is part of one), and the sender
// hands it to Twilio once that write is committed.

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

export type { StoredText };

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
  return sendQueuedText(user, storeTextToSend(user, body, kind, options));
}

/** What storeTextToSend stored, or why it stored nothing. */
export type TextToSend = StoredText | Extract<SendOutcome, { sent: false }>;

/** The second half of sendTextToUser: sends what storeTextToSend stored, once its write is committed. */
export async function sendQueuedText(
  user: Pick<User, "id" | "phone">,
  text: TextToSend,
): Promise<SendOutcome> {
  return "sent" in text ? text : sendStoredText(user, text);
}

type TextRecipient = Pick<User, "id" | "phone" | "phoneVerifiedAt" | "phoneUndeliverableCode">;

/**
 * The first half of sendTextToUser, synchronous so that it can be part of the caller's write: the
 * policy, and the text stored as queued. The sender's sendStoredText sends it once that write is
 * committed.
 */
export function storeTextToSend(
  user: TextRecipient,
  body: string,
  kind: TextKind,
  options: { linkedGoalIds?: number[]; storeBody?: string } = {},
): TextToSend {
  const refused = mayText(
    { ...user, optedOut: isOptedOut(user.phone) },
    { compliance: kind === "compliance", unverifiedOk: UNVERIFIED_OK.has(kind) },
  );
  if (refused === "undeliverable")
    return { sent: false, reason: refused, code: user.phoneUndeliverableCode! };
  if (refused) return { sent: false, reason: refused };
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

/**
 * Sends one text to a number with no account behind it (a stranger, a partner, a new number) and
 * keeps it as a row of its own; false when it did not go (opted out, or refused).
 */
export async function sendTextToNumber(
  phone: string,
  body: string,
  options: NumberTextOptions = {},
) {
  const stored = storeTextToNumber(phone, body, options);
  return stored ? sendStoredTextToNumber(stored) : false;
}

/** A compliance answer goes even to a number that said STOP; a code's text is never sent twice. */
type NumberTextOptions = { compliance?: boolean; code?: boolean };

/**
 * The first half of sendTextToNumber, synchronous so that it can be part of the caller's write: a
 * number that said STOP gets nothing but a compliance answer; the text is stored as queued.
 */
export function storeTextToNumber(
  phone: string,
  body: string,
  options: NumberTextOptions = {},
): StoredNumberText | null {
  if (isOptedOut(phone) && !options.compliance) return null;
  const kind = options.compliance ? "compliance" : options.code ? "verification" : "to_number";
  const { id } = db
    .insert(schema.numberTexts)
    .values({ phone, body, kind })
    .returning({ id: schema.numberTexts.id })
    .get();
  return { id, phone, body, kind };
}
