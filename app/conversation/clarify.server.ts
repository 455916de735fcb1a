import { eq } from "drizzle-orm";
import type { Goal, OpenQuestion } from "../../db/schema";
import type { Clarification, ReplyInput } from "~/replies/interpret";
import { db, schema } from "~/utils/db/db.server";
import { questionExpiry, type Asker } from "./clarify-rules";

// The question back the service asks when a check-in names a goal it cannot place ("Which one did you
// mean: 2) floss daily or 3) floss?"): remembered in the database until it is answered, another text
// comes, or it expires; the next text is read as its answer (phase `clarify`).

const { openQuestions } = schema;

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
