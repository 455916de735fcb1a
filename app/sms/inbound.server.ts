import type { User } from "../../db/schema";

export type InboundSms = {
  /** E.164 sender, as Twilio gives it in From. */
  from: string;
  body: string;
  messageSid: string;
  media: { url: string; contentType: string }[];
};

export type InboundResult =
  | { status: "duplicate" }
  | { status: "unknown_number" }
  | { status: "handled"; user: User; reply: string | null };

// Implemented in the next commit: de-duplicate on MessageSid, find the user by phone, keep media, and
// hand the text to the conversation engine.
export async function receiveInboundSms(_input: InboundSms): Promise<InboundResult> {
  throw new Error("not implemented yet");
}
