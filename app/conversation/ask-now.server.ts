import { listTodayGoals, todayFor } from "~/goals/goals.server";
import { eveningQuestion, morningQuestion } from "~/questions/daily-questions.server";
import { habitsToAvoidOf } from "~/habits/habit-slips.server";
import { sendQueuedText, storeTextToSend } from "~/sms/outbound.server";
import type { SendOutcome, TextToSend } from "~/sms/outbound.server";
import { closePromptIfStill, openPrompt } from "~/users/open-prompt.server";
import { inGroupCommit } from "~/utils/db/db.server";
import { forgetQuestion } from "./clarify.server";
import type { EngineUser } from "./reading.server";

/** Asks today's morning question now and marks it pending (used by the scheduler and the send-now calls). */
export async function askMorningQuestion(user: EngineUser, now = new Date()): Promise<SendOutcome> {
  const question = morningQuestion(user, todayFor(user, now), now);
  return askNow(user, "morning", todayFor(user, now), () =>
    storeTextToSend(user, question, "morning"),
  );
}

/** Asks the evening check-in now; with no goals today there is nothing to ask. */
export async function askEveningQuestion(
  user: EngineUser,
  now = new Date(),
): Promise<SendOutcome | { sent: false; reason: "no_goals" }> {
  const avoided = habitsToAvoidOf(user.id);
  const question = eveningQuestion(
    listTodayGoals(user, now).map((g) => ({ ...g, avoid: avoided.has(g.habitId ?? 0) })),
  );
  // Both quiet cases (no goals, every goal done or skipped) answer no_goals: nothing to ask.
  if ("skip" in question) return { sent: false, reason: "no_goals" };
  return askNow(user, "evening", todayFor(user, now), () =>
    storeTextToSend(user, question.body, "evening", { linkedGoalIds: question.linkedGoalIds }),
  );
}

/**
 * The question is stored with what it changes (it is the one awaited, and replaces any clarifying
 * question), in one write, then sent once that write is committed. The user may answer before
 * Twilio's answer is in; a question Twilio refuses is not awaited (unless another replaced it).
 */
async function askNow(
  user: EngineUser,
  prompt: "morning" | "evening",
  day: string,
  store: () => TextToSend,
): Promise<SendOutcome> {
  const text = await inGroupCommit(() => {
    const stored = store();
    if ("sent" in stored) return stored;
    openPrompt(user.id, prompt, day);
    forgetQuestion(user.id);
    return stored;
  });
  const outcome = await sendQueuedText(user, text);
  if (!outcome.sent && !("sent" in text)) closePromptIfStill(user.id, prompt, day);
  return outcome;
}
