import type { User } from "../../db/schema";
import { sendTextToUser, type TextKind } from "~/sms/outbound.server";
import { storeMessage } from "~/messages/message-rows.server";

export type Source = "sms" | "web";

/**
 * Answers in the channel the user wrote in: a text for SMS; for the web chat, a message in the thread
 * and nothing texted.
 */
export async function replyInChannel(
  user: Pick<User, "id" | "phone" | "phoneVerifiedAt" | "phoneUndeliverableCode">,
  body: string,
  source: Source,
  kind: TextKind,
  linkedGoalIds: number[],
) {
  if (source === "sms") return sendTextToUser(user, body, kind, { linkedGoalIds });
  storeMessage({
    userId: user.id,
    fromSystem: true,
    body,
    source: "web",
    kind,
    status: "delivered",
    linkedGoalIds,
  });
  return undefined;
}
