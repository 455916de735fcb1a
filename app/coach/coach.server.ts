import type { Goal, User } from "../../db/schema";
import { goalState } from "~/goals/goal-rules";
import { entitlementsOf } from "~/billing/billing.server";
import {
  dayTallies,
  streakFor,
  listTodayGoals,
  setProofDescription,
  todayFor,
} from "~/goals/goals.server";
import { latestDayNote, writeDayNote } from "~/goals/day-notes.server";
import { feedbackBeyond } from "~/replies/templates";
import { findMedia } from "~/media/media.server";
import { segmentCount } from "~/sms/segments";
import { env } from "~/utils/env/env.server";
import { addDays, weekdayName } from "~/utils/time/local-time";
import {
  acceptDescription,
  coachContext,
  coachMessages,
  FEEDBACK_MAX_SEGMENTS,
  photoMessages,
  screenFeedback,
} from "./coach-prompt";
import { dayPattern, ruleFeedback, type FeedbackFacts } from "./feedback-rules";
import { unstatedFact, completeSentences } from "./fact-check";
import { chatCompletion, isLlmConfigured, LLM_BUDGET_MS, type ChatAnswer } from "./llm.server";
import { errorFields, logger } from "~/observability/logger.server";
import { photoBytes } from "~/media/media-store.server";

export type CoachUser = Pick<
  User,
  | "id"
  | "timezone"
  | "phone"
  | "phoneVerifiedAt"
  | "phoneUndeliverableCode"
  | "trialEndsAt"
  | "plan"
  | "subscriptionStatus"
  | "currentPeriodEnd"
  | "cancelAtPeriodEnd"
>;

export type CheckInForFeedback = {
  /** Proof photos that came with the check-in (media row ids). */
  mediaIds: string[];
  /** The goals this check-in completed: a photo description is stored on them. */
  completedGoalIds: number[];
  /** The check-in's answer: the day's note leaves out a count it already says. */
  confirmation?: string;
};

export type CoachOptions = {
  /** Time budget of the LLM calls of one check-in, together (tests shorten it). */
  llmTimeoutMs?: number;
};

const WEEK_DAYS = 7;
/**
 * One or two sentences are about 40 tokens, two texts about 80: a slow model spends the budget on
 * every token it is allowed, and an answer cut off at the limit keeps its complete sentences.
 */
const FEEDBACK_MAX_TOKENS = 64;

/**
 * The feedback after an evening check-in: written by the LLM for accounts with AI feedback (when it is
 * configured and its answer passes the checks), rule-based otherwise. Stored as the note of the
 * user's day, not sent: the check-in's answer carries it. Returns the text, or null when there was nothing to say or it
 * failed; never throws (the check-in itself is already done).
 */
export async function writeCheckInFeedback(
  user: CoachUser,
  checkIn: CheckInForFeedback,
  now = new Date(),
  options: CoachOptions = {},
): Promise<string | null> {
  try {
    const today = listTodayGoals(user, now);
    if (today.length === 0) return null;
    const day = todayFor(user, now);
    const week = dayTallies(user, addDays(day, -WEEK_DAYS), addDays(day, -1)).map((t) =>
      dayPattern(t.total, t.completed),
    );
    const facts: FeedbackFacts = {
      done: today.filter((g) => g.completedAt).length,
      total: today.length,
      streak: streakFor(user, now),
      week,
      previous: latestDayNote(user, now),
      dayKey: day,
    };
    const useLlm = isLlmConfigured() && entitlementsOf(user, now).aiFeedback;
    const llmText = useLlm ? await llmFeedback(user, checkIn, facts, today, options, now) : null;
    const text = llmText ?? ruleFeedback(facts);
    if (useLlm)
      logger.info(`check-in feedback for user ${user.id}: ${llmText ? "model" : "rules"}`);
    writeDayNote(
      user,
      checkIn.confirmation ? feedbackBeyond(checkIn.confirmation, text) : text,
      now,
    );
    return text;
  } catch (error) {
    logger.error({ err: errorFields(error) }, `check-in feedback for user ${user.id} failed`);
    return null;
  }
}

async function llmFeedback(
  user: CoachUser,
  checkIn: CheckInForFeedback,
  facts: FeedbackFacts,
  today: Goal[],
  options: CoachOptions,
  now: Date,
) {
  // The check-in's answer waits for this (a Twilio webhook included): the photo and the feedback
  // share one budget, so two calls never take twice as long.
  const deadline = Date.now() + (options.llmTimeoutMs ?? LLM_BUDGET_MS);
  const photoDescription = await describeProof(user, checkIn, options);
  const timeoutMs = deadline - Date.now();
  if (timeoutMs <= 0) return null;
  const weekday = weekdayName(facts.dayKey);
  const context = coachContext({
    goals: today.map((g) => ({
      description: g.description,
      state: goalState(g, now, user.timezone),
    })),
    streak: facts.streak,
    week: facts.week,
    photos: checkIn.mediaIds.length > 0,
    photoDescription,
    weekday,
  });
  const answer = await chatCompletion(coachMessages(context), {
    timeoutMs,
    maxTokens: FEEDBACK_MAX_TOKENS,
  });
  if (answer === null) return null;
  const kept = keptText(answer);
  const screened =
    kept === null ? { refused: "cut off before a complete sentence" } : screenFeedback(kept);
  const why =
    "refused" in screened ? screened.refused : unstatedFact(screened.text, { ...context, weekday });
  if (why) {
    logger.warn(`LLM feedback for user ${user.id} was refused (${why}); rule-based feedback sent`);
    return null;
  }
  if (answer.cutOff)
    logger.info(`LLM feedback for user ${user.id} was cut off: its complete sentences kept`);
  return "text" in screened ? screened.text : null;
}

/**
 * The model's text, or of one cut off at its token limit, the complete sentences that fit in the
 * feedback's texts (or null).
 */
function keptText(answer: ChatAnswer) {
  const fits = (text: string) => segmentCount(text) <= FEEDBACK_MAX_SEGMENTS;
  return answer.cutOff ? completeSentences(answer.text, fits) : answer.text;
}

/** With a vision model, what the first proof photo shows, kept on the goals it proves. */
async function describeProof(user: CoachUser, checkIn: CheckInForFeedback, options: CoachOptions) {
  if (!env.LLM_VISION || checkIn.completedGoalIds.length === 0) return null;
  const photo = checkIn.mediaIds
    .map((id) => findMedia(id))
    .find((m) => m && m.userId === user.id && m.contentType.startsWith("image/"));
  if (!photo) return null;
  const bytes = await proofBytes(photo, options.llmTimeoutMs ?? LLM_BUDGET_MS);
  if (!bytes) return null;
  const dataUrl = `data:${photo.contentType};base64,${bytes.toString("base64")}`;
  const answer = await chatCompletion(photoMessages(dataUrl), {
    timeoutMs: options.llmTimeoutMs,
    maxTokens: 80,
  });
  const description = answer && acceptDescription(keptText(answer));
  if (description) setProofDescription(user.id, checkIn.completedGoalIds, description);
  return description;
}

/**
 * The proof photo's bytes, or null when the store fails or takes longer than the coach's budget: the
 * feedback goes on without a description (the store's own deadline ends the read later).
 */
async function proofBytes(photo: Parameters<typeof photoBytes>[0], budgetMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, budgetMs, null)));
  try {
    const read = photoBytes(photo).catch((error: unknown) => {
      logger.warn({ err: errorFields(error) }, `proof photo ${photo.id} could not be read`);
      return null;
    });
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}
