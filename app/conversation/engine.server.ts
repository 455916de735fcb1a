import { eq } from "drizzle-orm";
import { inboundTexts } from "~/observability/metrics.server";
import { templates } from "~/replies/templates";
import type { TextKind } from "~/sms/outbound.server";
import { storeMessage } from "~/messages/message-rows.server";
import { createHabitGoalsOfDay } from "~/habits/habit-goals.server";
import { db, inGroupCommit, schema } from "~/utils/db/db.server";
import { actOrRefuse } from "./acting.server";
import { answerIncomingText, type ReadText, storeReply } from "./answering.server";
import { forgetQuestion } from "./clarify.server";
import {
  DailyTextLimitError,
  dailyTextAllowance,
  TEXTS_READ_PER_DAY,
  dayGoals,
  readBeforeWriting,
  readingOf,
  replyInputFor,
} from "./reading.server";
import type { EarlyReading, EngineUser, IncomingText, Source } from "./reading.server";

// The one path every user text takes: read it (reading.server), act on it (acting.server), answer it
// (answering.server). The names the rest of the app imports stand here.
export { answerIncomingText, readBeforeWriting };
export { pendingPhase } from "./reading.server";
export { askEveningQuestion, askMorningQuestion } from "./ask-now.server";
export type { EarlyReading, IncomingText, ReadText, Source };

const { messages } = schema;

/**
 * The one path every user text takes, from SMS and from the web chat: store it, read it in its context,
 * act on it, and answer in the same channel. The text, its effect and its answer are one write (the
 * next group commit); the answer is sent once that is committed.
 */
export async function handleIncomingText(
  user: EngineUser,
  incoming: IncomingText,
  now = new Date(),
) {
  const early = readBeforeWriting(user, incoming, now);
  const read = await inGroupCommit(() => readIncomingText(user, incoming, now, early));
  return answerIncomingText(user, incoming, read, now);
}

/**
 * The synchronous part of handleIncomingText: stores the text, reads it, acts on it and stores its
 * answer, all within the caller's transaction (receiveInboundSms adds the MessageSid's claim to it).
 */
export function readIncomingText(
  user: EngineUser,
  incoming: IncomingText,
  now: Date,
  early: EarlyReading | null = null,
): ReadText {
  const allowance = dailyTextAllowance(user, incoming.text, now);
  if (allowance === "ignore") throw new DailyTextLimitError();
  const mediaIds = incoming.mediaIds ?? [];
  const inboundId = storeMessage({
    userId: user.id,
    fromSystem: false,
    body: incoming.text,
    mediaUrls: mediaIds.map((id) => `/media/${id}`),
    source: incoming.source,
    kind: "conversation",
    status: "received",
    providerSid: incoming.providerSid ?? null,
    createdAt: now,
  });
  if (allowance === "notice") {
    const reply = templates.dailyTextLimit(TEXTS_READ_PER_DAY);
    return {
      intent: "unknown",
      reply,
      messageId: inboundId,
      kind: "conversation",
      linkedGoalIds: [],
      checkedIn: false,
      stored: storeReply(user, reply, incoming.source, "conversation", []),
    };
  }
  createHabitGoalsOfDay(user, now);
  const day = dayGoals(user, now);
  const { today } = day;
  const reading = readingOf(user, replyInputFor(user, incoming, day, now), early);
  inboundTexts.labels(reading.intent, incoming.source).inc();
  // A question back is answered by the next text, or by none: any other text (or its expiry) ends it.
  forgetQuestion(user.id);
  const { reply, linkedGoalIds } = actOrRefuse(user, reading, day, mediaIds, now, incoming.text);
  if (linkedGoalIds.length) {
    db.update(messages).set({ linkedGoalIds }).where(eq(messages.id, inboundId)).run();
  }
  const kind: TextKind = ["stop", "start", "help"].includes(reading.intent)
    ? "compliance"
    : "conversation";
  const checkedIn =
    (reading.intent === "check_in" && today.length > 0) ||
    (reading.intent === "choose" && linkedGoalIds.length > 0);
  return {
    intent: reading.intent,
    reply,
    messageId: inboundId,
    kind,
    linkedGoalIds,
    checkedIn,
    stored: checkedIn ? null : storeReply(user, reply, incoming.source, kind, linkedGoalIds),
  };
}
