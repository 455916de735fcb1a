import { eq } from "drizzle-orm";
import type { Goal, OpenQuestion } from "../../db/schema";
import type { Clarification, ReplyInput, CheckInReading, GoalRecords } from "~/replies/interpret";
import { db, schema } from "~/utils/db/db.server";
import { addDays, localDay, startOfLocalDay, zonedInstant } from "~/utils/time/local-time";

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

// The pure rules of the question back: until when it stands, how its goals are numbered, what its
// answer records.

export type Asker = {
  id: number;
  timezone: string;
  preferredCheckInTimeMorning: string;
  preferredCheckInTimeEvening: string;
};

/** A goal of a list as a text numbers it: its day number, or its place when it has none. */
type Numbered = { id: number; dayNumber?: number | null };

export function numberOfGoal(shown: Numbered[], goalId: number): number | undefined {
  const index = shown.findIndex((g) => g.id === goalId);
  return index < 0 ? undefined : (shown[index]!.dayNumber ?? index + 1);
}

export function goalOfNumber<G extends Numbered>(shown: G[], number: number): G | undefined {
  return shown.find((g, i) => (g.dayNumber ?? i + 1) === number);
}

/** A question stands until the user's day ends or the next scheduled question, whichever is first. */
export function questionExpiry(user: Asker, now: Date): Date {
  const today = localDay(now, user.timezone);
  const tomorrow = addDays(today, 1);
  const scheduled = [
    zonedInstant(today, user.preferredCheckInTimeMorning, user.timezone),
    zonedInstant(today, user.preferredCheckInTimeEvening, user.timezone),
  ].filter((at) => at > now);
  const endOfDay = startOfLocalDay(tomorrow, user.timezone);
  return new Date(Math.min(endOfDay.getTime(), ...scheduled.map((at) => at.getTime())));
}

/** The check-in an answer makes: the question's verdict on the goals chosen (numbers as read). */
export function readingOfChoice(
  question: Pick<OpenQuestion, "verdict">,
  chosen: number[],
): CheckInReading {
  const reading: CheckInReading = { completed: [], skipped: [], tomorrow: [] };
  reading[question.verdict] = [...chosen];
  return reading;
}

/** Whether a reading records anything (the certain part of a question back may be empty). */
export function recordsSomething(reading: CheckInReading & Partial<GoalRecords>) {
  const lists = [reading.completed, reading.skipped, reading.tomorrow];
  const records = [reading.values ?? [], reading.slipped ?? [], reading.notes ?? []];
  return [...lists, ...records].some((list) => list.length > 0);
}
