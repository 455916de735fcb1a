import { listTodayGoals, todayFor } from "~/goals/goals.server";
import { eveningQuestion, morningQuestion } from "~/questions/daily-questions.server";
import { sendTextToUser, type SendOutcome } from "~/sms/outbound.server";
import { openPrompt } from "~/users/open-prompt.server";
import { forgetQuestion } from "./clarify.server";
import type { EngineUser } from "./reading.server";

/** Asks today's morning question now and marks it pending (used by the scheduler and the send-now calls). */
export async function askMorningQuestion(user: EngineUser, now = new Date()): Promise<SendOutcome> {
  const question = morningQuestion(user, todayFor(user, now), now);
  const outcome = await sendTextToUser(user, question, "morning");
  if (outcome.sent) {
    openPrompt(user.id, "morning", todayFor(user, now));
    forgetQuestion(user.id);
  }
  return outcome;
}

/** Asks the evening check-in now; with no goals today there is nothing to ask. */
export async function askEveningQuestion(
  user: EngineUser,
  now = new Date(),
): Promise<SendOutcome | { sent: false; reason: "no_goals" }> {
  const question = eveningQuestion(listTodayGoals(user, now));
  // Both quiet cases (no goals, every goal done or skipped) answer no_goals: nothing to ask.
  if ("skip" in question) return { sent: false, reason: "no_goals" };
  const outcome = await sendTextToUser(user, question.body, "evening", {
    linkedGoalIds: question.linkedGoalIds,
  });
  if (outcome.sent) {
    openPrompt(user.id, "evening", todayFor(user, now));
    forgetQuestion(user.id);
  }
  return outcome;
}
