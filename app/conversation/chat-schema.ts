import { z } from "zod";

// The web chat's and send-now's /api shapes, in and out (docs/openapi.json is generated from them).

/** One text, as SMS allows it at most (10 segments of 160); the web chat and the /api keep to it. */
export const MESSAGE_MAX_LENGTH = 1600;
export const MESSAGE_TOO_LONG = `Message must be at most ${MESSAGE_MAX_LENGTH} characters`;
/** Photos that one chat message may carry. */
export const MAX_MEDIA_PER_MESSAGE = 10;

/** The web chat form: the text is trimmed; a blank one is never sent (the page checks before this). */
export const ChatMessageSchema = z.object({
  message: z
    .string({ error: "Type a message to send" })
    .trim()
    .min(1, "Type a message to send")
    .max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG),
});

/** POST /api/chat: the web chat's message, as docs/api.md lists its body. */
export const ChatApiSchema = z.object({
  userId: z.number({ error: "userId must be a positive integer" }).int().positive().optional(),
  body: z
    .string({ error: "body must be a string" })
    .trim()
    .min(1, "Please enter a message")
    .max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG),
  mediaUrls: z
    .array(z.string().max(2048), { error: "mediaUrls must be a list of /media/{id} URLs" })
    .max(MAX_MEDIA_PER_MESSAGE, `At most ${MAX_MEDIA_PER_MESSAGE} images per message`)
    .nullish()
    .transform((urls) => urls ?? []),
  source: z
    .literal("web", {
      error: 'source must be "web": texts from a phone arrive through the SMS webhook',
    })
    .optional(),
});

/** POST /api/send-now/morning and /api/send-now/evening. */
export const SendNowApiSchema = z.object({
  userId: z.number({ error: "userId must be a positive integer" }).int().positive().optional(),
});

/** The answer to POST /api/chat. */
export const ChatAnswerSchema = z.object({
  reply: z.string().describe("The coach's answer, stored in the thread (nothing is texted)"),
  intent: z.string().describe("What the message was read as (set_goals, check_in, help, …)"),
  messageId: z.number().int(),
});

/** One message of GET /api/messages. */
export const MessageAnswerSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  fromSystem: z.boolean(),
  body: z.string(),
  mediaUrls: z.array(z.string()),
  source: z.enum(["sms", "web"]),
  createdAt: z.date(),
  linkedGoalIds: z.array(z.number().int()),
  kind: z.string(),
  status: z.string(),
});

const SEND_NOW_REFUSALS = [
  "opted_out",
  "unverified",
  "undeliverable",
  "failed",
  "no_goals",
] as const;

/** 200: the question went out. */
export const SendNowSentSchema = z.object({
  sent: z.literal(true),
  message: z.string(),
  messageId: z.number().int(),
  status: z.string(),
});

/** 409 (the account's state forbids a text) or 502 (the SMS provider failed). */
export const SendNowRefusedSchema = z.object({
  sent: z.literal(false),
  reason: z.enum(SEND_NOW_REFUSALS),
  message: z.string(),
  code: z.string().optional(),
});
