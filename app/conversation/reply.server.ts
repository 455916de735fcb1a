import type { User } from "../../db/schema";
import { storeTextToSend } from "~/sms/outbound.server";
import type { SendOutcome, StoredText, TextKind } from "~/sms/outbound.server";
import { sendStoredText } from "~/sms/sender.server";
import { storeMessage } from "~/messages/message-rows.server";

export type Source = "sms" | "web";

type Recipient = Pick<User, "id" | "phone" | "phoneVerifiedAt" | "phoneUndeliverableCode">;

/** An answer stored in its channel; for SMS, the text still to send (or why it will not be). */
export type StoredReply = StoredText | Extract<SendOutcome, { sent: false }> | null;

/**
 * Answers in the channel the user wrote in: a text for SMS; for the web chat, a message in the thread
 * and nothing texted. Synchronous, to be part of the write that made the answer; sendReply sends it.
 */
export function storeReply(
  user: Recipient,
  body: string,
  source: Source,
  kind: TextKind,
  linkedGoalIds: number[],
): StoredReply {
  if (source === "sms") return storeTextToSend(user, body, kind, { linkedGoalIds });
  storeMessage({
    userId: user.id,
    fromSystem: true,
    body,
    source: "web",
    kind,
    status: "delivered",
    linkedGoalIds,
  });
  return null;
}

/** Sends what storeReply stored, once that write is committed. */
export async function sendReply(user: Recipient, reply: StoredReply) {
  if (reply === null) return undefined;
  return "sent" in reply ? reply : sendStoredText(user, reply);
}
