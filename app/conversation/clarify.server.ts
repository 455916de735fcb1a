import { eq } from "drizzle-orm";
import type { Goal, OpenQuestion } from "../../db/schema";
import type { CheckInReading, Clarification, ReplyInput } from "~/replies/interpret";
import { todayFor } from "~/goals/goals.server";
import { addDays, startOfLocalDay, zonedInstant } from "~/utils/local-time";
import { db, schema } from "~/utils/db.server";

// The question back the service asks when a check-in names a goal it cannot place ("Which one did you
// mean: 2) floss daily or 3) floss?"): remembered in the database until it is answered, another text
// comes, or it expires; the next text is read as its answer (phase `clarify`).

const { openQuestions } = schema;

type Asker = {
  id: number;
  timezone: string;
  preferredCheckInTimeMorning: string;
  preferredCheckInTimeEvening: string;
};

/** A question stands until the user's day ends or the next scheduled question, whichever is first. */
export function questionExpiry(user: Asker, now: Date): Date {
  const today = todayFor(user, now);
  const tomorrow = addDays(today, 1);
  const scheduled = [
    zonedInstant(today, user.preferredCheckInTimeMorning, user.timezone),
    zonedInstant(today, user.preferredCheckInTimeEvening, user.timezone),
  ].filter((at) => at > now);
  const endOfDay = startOfLocalDay(tomorrow, user.timezone);
  return new Date(Math.min(endOfDay.getTime(), ...scheduled.map((at) => at.getTime())));
}

/**
 * Remembers the question `asked` about `clarify.options` (numbers of `shown`, the list the text was
 * read against), replacing any earlier one. Nothing is remembered when no offered goal is known.
 */
export function rememberQuestion(
  user: Asker,
  asked: string,
  clarify: Clarification,
  goalOfNumber: (number: number) => Goal | undefined,
  after: "evening" | "none",
  now: Date,
) {
  const goalIds = clarify.options
    .map((n) => goalOfNumber(n)?.id)
    .filter((id): id is number => id !== undefined);
  if (goalIds.length === 0) return;
  const row = {
    asked,
    goalIds,
    verdict: clarify.verdict,
    after,
    expiresAt: questionExpiry(user, now),
    createdAt: now,
  };
  db.insert(openQuestions)
    .values({ userId: user.id, ...row })
    .onConflictDoUpdate({ target: openQuestions.userId, set: row })
    .run();
}

/** The user's question still open at `now`. Only reads: texts are read before their write begins. */
export function openQuestion(userId: number, now: Date): OpenQuestion | null {
  const question = db.select().from(openQuestions).where(eq(openQuestions.userId, userId)).get();
  return question && question.expiresAt > now ? question : null;
}

export function forgetQuestion(userId: number) {
  db.delete(openQuestions).where(eq(openQuestions.userId, userId)).run();
}

/**
 * The reader's input for a text that may answer `question`: phase `clarify`, the offered goals as
 * numbers of the list shown. Null when none of them is on the list any more (the question is void).
 */
export function clarifyInput(
  question: OpenQuestion,
  base: ReplyInput,
  numberOfGoal: (goalId: number) => number | undefined,
): ReplyInput | null {
  const options = question.goalIds.map(numberOfGoal).filter((n): n is number => n !== undefined);
  if (options.length === 0) return null;
  return { ...base, phase: "clarify", options, after: question.after };
}

/** The check-in an answer makes: the question's verdict on the goals chosen (numbers as read). */
export function readingOfChoice(question: OpenQuestion, chosen: number[]): CheckInReading {
  const reading: CheckInReading = { completed: [], skipped: [], tomorrow: [] };
  reading[question.verdict] = [...chosen];
  return reading;
}

/** Whether a reading records anything (the certain part of a question back may be empty). */
export function recordsSomething(reading: CheckInReading) {
  return reading.completed.length + reading.skipped.length + reading.tomorrow.length > 0;
}
