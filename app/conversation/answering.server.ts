import { writeCheckInFeedback } from "~/coach/coach.server";
import { notifyPartnersOfCheckIn } from "~/partners/partners.server";
import { listTodayGoals, streakFor, todayFor, type DayGoal } from "~/goals/goals.server";
import { outcomeOnItsDay } from "~/goals/goal-rules";
import type { Interpretation } from "~/replies/interpret";
import { withFeedback, type ListedGoal } from "~/replies/templates";
import type { TextKind, SendOutcome, StoredText } from "~/sms/outbound.server";
import { EVENING_TIMES } from "~/users/user-options";
import { inGroupCommit } from "~/utils/db/db.server";
import { zonedInstant } from "~/utils/time/local-time";
import { errorFields, logger } from "~/observability/logger.server";
import type { EngineUser, IncomingText, Source } from "./reading.server";
import type { User } from "../../db/schema";
import { storeTextToSend } from "~/sms/outbound.server";
import { sendStoredText } from "~/sms/sender.server";
import { storeMessage } from "~/messages/message-rows.server";

// Answering: the reply's pieces (today's list, the evening's time), and the answer itself once the
// text's write is committed: the coach's feedback to a check-in, the answer sent, partners told.

/** What a text did, written; its answer stored unless it waits for the coach's feedback. */
export type ReadText = {
  intent: Interpretation["intent"];
  reply: string;
  messageId: number;
  kind: TextKind;
  linkedGoalIds: number[];
  /** A check-in: its answer is stored once the coach's feedback is written (after the LLM). */
  checkedIn: boolean;
  stored: StoredReply;
};

/** The rest of handleIncomingText, after the text's write is committed: the feedback, the answer sent. */
export async function answerIncomingText(
  user: EngineUser,
  incoming: IncomingText,
  read: ReadText,
  now: Date,
) {
  const { checkedIn, kind, linkedGoalIds } = read;
  let answer = read.reply;
  let stored = read.stored;
  let feedback: string | null = null;
  if (checkedIn) {
    // One text answers a check-in: its reply, then the coach's feedback. A Twilio webhook therefore
    // waits for the LLM too, which its 8 s budget (LLM_BUDGET_MS) keeps well inside Twilio's 15 s timeout.
    const mediaIds = incoming.mediaIds ?? [];
    feedback = await writeCheckInFeedback(
      user,
      { mediaIds, completedGoalIds: linkedGoalIds, confirmation: read.reply },
      now,
    );
    answer = feedback ? withFeedback(read.reply, feedback) : read.reply;
    const answerGoalIds = feedback ? withTodayGoals(user, linkedGoalIds, now) : linkedGoalIds;
    stored = await inGroupCommit(() =>
      storeReply(user, answer, incoming.source, kind, answerGoalIds),
    );
  }
  await sendReply(user, stored);
  const partnerNotes = checkedIn ? notePartners(user, now) : undefined;
  // The web chat reloads its thread after the post, so it waits; a webhook lets the notes finish alone.
  if (incoming.source === "web") await partnerNotes;
  return { intent: read.intent, reply: answer, messageId: read.messageId, feedback };
}

/** The goals a check-in changed (moved ones included) and today's goals, which its feedback is about. */
function withTodayGoals(user: EngineUser, changedIds: number[], now: Date) {
  return [...new Set([...changedIds, ...listTodayGoals(user, now).map((g) => g.id)])];
}

/** The evening note to coaches and partners who chose it; never fails the check-in. */
async function notePartners(user: EngineUser, now: Date) {
  const goals = listTodayGoals(user, now);
  const done = goals.filter((g) => g.completedAt).length;
  try {
    await notifyPartnersOfCheckIn(user.id, done, goals.length, streakFor(user, now));
  } catch (error) {
    logger.error(
      { err: errorFields(error) },
      `partner notes after the check-in of user ${user.id} failed`,
    );
  }
}

/** "7:00 PM" while today's evening check-in is still ahead, else null. */
export function checkInLabelOf(user: EngineUser, now: Date) {
  const checkInAt = zonedInstant(
    todayFor(user, now),
    user.preferredCheckInTimeEvening,
    user.timezone,
  );
  if (checkInAt <= now) return null;
  return (
    EVENING_TIMES.find((t) => t.value === user.preferredCheckInTimeEvening)?.label ??
    user.preferredCheckInTimeEvening
  );
}

const LISTED_STATE = { completed: "done", skipped: "skipped", open: "open" } as const;

/** Today's goals as a reply lists them, each with its day number and what became of it. */
export const listed = (goals: DayGoal[]): ListedGoal[] =>
  goals.map((g) => ({
    number: g.dayNumber,
    description: g.description,
    state: LISTED_STATE[outcomeOnItsDay(g)],
  }));

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
