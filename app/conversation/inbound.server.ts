import { randomBytes } from "node:crypto";
import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import type { User } from "../../db/schema";
import { answerAsPartner, partnersOfNumber } from "~/partners/partners.server";
import { toUsE164 } from "~/users/phone";
import { getUserByPhone } from "~/users/users.server";
import { limitConcurrency } from "~/utils/requests/concurrency";
import { db, inGroupCommit, preparedQuery, schema } from "~/utils/db/db.server";
import { env } from "~/utils/env/env.server";
import { interpretReply } from "~/replies/interpret";
import { isOptedOut, optIn, optOut } from "~/sms/may-text.server";
import { sendTextToUser, storeTextToNumber } from "~/sms/outbound.server";
import { templates } from "~/replies/templates";
import { fetchTextMedia, sendStoredTextToNumber } from "~/sms/sender.server";
import { errorFields, logger } from "~/observability/logger.server";
import type { ImageRefusal } from "~/media/image-types";
import { storePhoto } from "~/media/media-store.server";
import { inboundTexts } from "~/observability/metrics.server";
import type { TextKind } from "~/sms/outbound.server";
import { storeMessage } from "~/messages/message-rows.server";
import { createHabitGoalsOfDay } from "~/habits/habit-goals.server";
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

// A text arriving: an SMS from Twilio's webhook is claimed by its MessageSid, its sender found (a
// user, a partner, a stranger) and its photos stored; every user text, SMS or web chat, then takes
// the one path below.

const { inboundReceipts, media, messages } = schema;

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
  | { status: "over_daily_limit" }
  | { status: "partner"; reply: string }
  | {
      status: "handled";
      user: User;
      reply: string | null;
      /** The coach's feedback the answer to a check-in carried, if any. */
      feedback?: string | null;
    };

const claimReceipt = preparedQuery(() =>
  db
    .insert(inboundReceipts)
    .values({ messageSid: sql.placeholder("messageSid"), fromPhone: sql.placeholder("phone") })
    .onConflictDoNothing()
    .prepare(),
);

/**
 * Receives one inbound text exactly once per MessageSid (Twilio retries webhooks): finds the account by
 * number, keeps proof photos in our database, and hands the text to the conversation engine. A text
 * without photos is one write (the next group commit): its claim, what it changes and its answer, which
 * is sent once that is committed; Twilio's answer to the send is a second, shared with other requests.
 */
export async function receiveInboundSms(input: InboundSms): Promise<InboundResult> {
  const usMobile = toUsE164(input.from);
  const phone = usMobile ?? input.from;
  const now = new Date();
  // Photos are fetched between the claim and the reading, so a text with them takes more writes.
  const withPhotos = input.media.some((item) => item.contentType.startsWith("image/"));
  const early = withPhotos ? null : readSenderText(phone, input, now);
  const step = await inGroupCommit(() =>
    claimAndRead(input, phone, usMobile !== null, withPhotos ? null : now, early),
  );
  if (step.status === "duplicate" || step.status === "over_daily_limit") return step;
  try {
    if (step.status === "partner") {
      if (step.answer) await sendStoredTextToNumber(step.answer);
      return { status: "partner", reply: step.reply };
    }
    if (step.status === "unknown_number") {
      if (step.answer) await sendStoredTextToNumber(step.answer);
      return { status: "unknown_number" };
    }
    const { user } = step;
    if (step.read) {
      const result = await answerIncomingText(user, incomingOf(input, []), step.read, now);
      return { status: "handled", user, reply: result.reply, feedback: result.feedback };
    }
    const { mediaIds, refusals } = await storeMedia(user.id, input.media);
    const result = await handleIncomingText(user, incomingOf(input, mediaIds));
    if (mediaIds.length) {
      db.update(media)
        .set({ messageId: result.messageId })
        .where(inArray(media.id, mediaIds))
        .run();
    }
    if (refusals.length) {
      const checkIn = result.intent === "check_in";
      await sendTextToUser(user, templates.photosRefused(refusals, checkIn), "conversation");
    }
    return { status: "handled", user, reply: result.reply, feedback: result.feedback };
  } catch (error) {
    if (error instanceof DailyTextLimitError) return { status: "over_daily_limit" };
    // Give the text back to Twilio's retry rather than lose it: the retry stores it afresh.
    db.delete(messages).where(eq(messages.providerSid, input.messageSid)).run();
    db.delete(inboundReceipts).where(eq(inboundReceipts.messageSid, input.messageSid)).run();
    throw error;
  }
}

const incomingOf = (input: InboundSms, mediaIds: string[]): IncomingText => ({
  text: input.body,
  mediaIds,
  source: "sms",
  providerSid: input.messageSid,
});

/**
 * The synchronous start of receiveInboundSms, inside one write: claims the MessageSid, finds who sent
 * it, and (given `readAt`) reads and answers the text. If it throws, nothing of it is kept, the claim
 * included, so Twilio's retry is processed afresh.
 */
function claimAndRead(
  input: InboundSms,
  phone: string,
  usMobile: boolean,
  readAt: Date | null,
  early: EarlyReading | null,
) {
  const claimed = claimReceipt().run({ messageSid: input.messageSid, phone });
  if (claimed.changes === 0) return { status: "duplicate" as const };
  // A number belongs to the account that verified it: until then its texts are a stranger's.
  const user = getUserByPhone(phone);
  const invitationReply = answerAsPartner(phone, input.body);
  if (invitationReply) {
    const answer = storeTextToNumber(phone, invitationReply);
    return { status: "partner" as const, reply: invitationReply, answer };
  }
  if (!user)
    return {
      status: "unknown_number" as const,
      answer: usMobile ? storeStrangerAnswer(phone, input) : null,
    };
  if (dailyTextAllowance(user, input.body, readAt ?? new Date()) === "ignore") {
    return { status: "over_daily_limit" as const };
  }
  const read = readAt ? readIncomingText(user, incomingOf(input, []), readAt, early) : null;
  return { status: "user" as const, user, read };
}

/** The text of an account's number read before its write (claimAndRead re-checks what it read). */
function readSenderText(phone: string, input: InboundSms, now: Date) {
  const user = getUserByPhone(phone);
  return user ? readBeforeWriting(user, incomingOf(input, []), now) : null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const earlierTextsFrom = preparedQuery(() =>
  db
    .select({ n: sql<number>`count(*)` })
    .from(inboundReceipts)
    .where(
      and(
        eq(inboundReceipts.fromPhone, sql.placeholder("phone")),
        gt(inboundReceipts.receivedAt, sql.placeholder("since")),
        ne(inboundReceipts.messageSid, sql.placeholder("messageSid")),
      ),
    )
    .prepare(),
);

function isOurOwnNumber(phone: string) {
  return env.TWILIO_FROM_NUMBER !== undefined && toUsE164(env.TWILIO_FROM_NUMBER) === phone;
}

/**
 * A US mobile with no account (not ours) gets one answer a day, whatever it sends: a
 * stranger cannot make us text anyone more than that. A STOP is always confirmed, as carriers require.
 * Synchronous, inside the claim's write: the answer is stored there and sent once it is committed.
 */
function storeStrangerAnswer(phone: string, input: InboundSms) {
  if (isOurOwnNumber(phone)) return null;
  const reading = interpretReply({
    phase: "none",
    goals: [],
    text: input.body,
    media: 0,
    optedOut: isOptedOut(phone),
  });
  if (reading.intent === "stop") {
    optOut(phone, "keyword");
    return storeTextToNumber(phone, templates.stopConfirmed(), { compliance: true });
  }
  const since = Date.now() - DAY_MS;
  const earlier = earlierTextsFrom().get({ phone, since, messageSid: input.messageSid })?.n ?? 0;
  if (reading.intent === "start") optIn(phone);
  if (earlier > 0) return null;
  // A coach or partner is not an account holder, but they know what they signed up for.
  const inviters = partnersOfNumber(phone)
    .filter((p) => p.status === "active")
    .map((p) => p.inviterName);
  const pointer = inviters.length
    ? templates.partnerInfo(inviters)
    : templates.unknownNumber(env.APP_URL);
  return storeTextToNumber(
    phone,
    reading.intent === "help" ? templates.help(env.SUPPORT_EMAIL) : pointer,
  );
}

/**
 * Downloads what Twilio calls an image and keeps it if its bytes are one we accept, one at a time so
 * an MMS holds one photo in memory; other attachments (a contact card) and failed downloads are skipped.
 */
// A photo is downloaded only when one of these slots is free, so however many MMS arrive at once, at
// most this many photos (5 MB each at most) are held while they wait for the one-at-a-time decode.
const photosInHand = limitConcurrency(2);

async function storeMedia(userId: number, items: InboundSms["media"]) {
  const mediaIds: string[] = [];
  const refusals: ImageRefusal[] = [];
  for (const [index, item] of items.entries()) {
    if (!item.contentType.startsWith("image/")) continue;
    try {
      const id = randomBytes(16).toString("base64url");
      const outcome = await photosInHand(async () => {
        const { bytes } = await fetchTextMedia(item.url);
        return storePhoto({ id, userId, name: `photo-${index + 1}`, bytes });
      });
      if (outcome.stored) mediaIds.push(id);
      else refusals.push(outcome.reason);
    } catch (error) {
      logger.error(
        { err: errorFields(error) },
        `inbound media ${item.url} for user ${userId} was not stored`,
      );
    }
  }
  return { mediaIds, refusals };
}

// Below, the one path every user text takes, from SMS (above) and from the web chat: read it
// (reading.server), act on it (acting.server), answer it (answering.server). The names the rest of
// the app imports stand here.
export { answerIncomingText, readBeforeWriting };
export { pendingPhase } from "./reading.server";
export { askEveningQuestion, askMorningQuestion } from "./ask-now.server";
export type { EarlyReading, IncomingText, ReadText, Source };

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
