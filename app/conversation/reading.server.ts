import type { OpenQuestion } from "../../db/schema";
import type { PublicUser } from "~/users/users.server";
import { listTodayGoals, todayFor, type DayGoal } from "~/goals/goals.server";
import { interpretInConversation, type Interpretation, type ReplyInput } from "~/replies/interpret";
import { goalKinds } from "~/habits/habit-goals.server";
import { isOptedOut } from "~/sms/may-text.server";
import { openPromptToday } from "~/users/open-prompt.server";
import { inOneRead, preparedQuery, sqlite, db, schema } from "~/utils/db/db.server";
import { startOfLocalDay, addDays, localDay } from "~/utils/time/local-time";
import { clarifyInput, openQuestion, numberOfGoal } from "./clarify.server";
import { and, count, eq, gte } from "drizzle-orm";
import { complianceIntent } from "~/replies/interpret-commands";

// Reading: what a text means for this user now, from the open question, the day's goals as the user
// was shown them, and a question back still open. Nothing here writes.

/** The engine never needs the password hash, so a signed-in page's user will do. */
export type EngineUser = PublicUser;

export type Source = "sms" | "web";

export type IncomingText = {
  text: string;
  /** Ids of media rows already stored for this message (proof photos). */
  mediaIds?: string[];
  source: Source;
  providerSid?: string;
};

/** The question still open for the user today, if any. */
export const pendingPhase = (user: EngineUser, now = new Date()) => openPromptToday(user, now);

export type DayGoals = {
  /** All of today's goals, in day-number order. */
  today: DayGoal[];
  /** The list the reader is shown (its order words count it): today's, or the evening question's. */
  shown: DayGoal[];
  /** The question back still open, whose answer the text may be. */
  question: OpenQuestion | null;
};

export function dayGoals(user: EngineUser, now: Date): DayGoals {
  const today = listTodayGoals(user, now);
  // A reply to the evening question numbers goals as that question listed them (the open ones).
  const shown = pendingPhase(user, now) === "evening" ? eveningList(user, today, now) : today;
  return { today, shown, question: openQuestion(user.id, now) };
}

/** The goals the day's evening question listed, in its order; still on today's list. */
function eveningList(user: EngineUser, today: DayGoal[], now: Date): DayGoal[] {
  const asked = lastEveningQuestion().get(
    user.id,
    startOfLocalDay(todayFor(user, now), user.timezone).getTime(),
  );
  // A reminder also opens the evening reply; it numbers goals as the day's whole list does.
  if (!asked) return today;
  const byId = new Map(today.map((g) => [g.id, g]));
  return (JSON.parse(asked) as number[])
    .map((id) => byId.get(id))
    .filter((g): g is DayGoal => Boolean(g));
}

const lastEveningQuestion = preparedQuery(() =>
  sqlite
    .prepare<[number, number], string>(
      `select linked_goal_ids from messages where user_id = ? and from_system = 1 and kind = 'evening'
       and created_at >= ? order by created_at desc, id desc limit 1`,
    )
    .pluck(),
);

export function replyInputFor(
  user: EngineUser,
  incoming: IncomingText,
  { shown, question }: DayGoals,
  now: Date,
): ReplyInput {
  const input: ReplyInput = {
    phase: pendingPhase(user, now),
    goals: shown.map((g) => g.description),
    numbers: shown.map((g) => g.dayNumber),
    ...measuredKinds(shown),
    text: incoming.text,
    media: incoming.mediaIds?.length ?? 0,
    optedOut: isOptedOut(user.phone),
  };
  // A question back still open: the text is read as its answer first.
  const asked = question && clarifyInput(question, input, (id) => numberOfGoal(shown, id));
  return asked ?? input;
}

/** The goals' kinds, given only when one is measured or avoided: a yes/no day reads as before v5. */
function measuredKinds(shown: DayGoal[]): Pick<ReplyInput, "kinds"> {
  const kinds = goalKinds(shown);
  return kinds.some((k) => k !== null) ? { kinds } : {};
}

/** A text read from what was stored before its write began: `reading` is what `input` says. */
export type EarlyReading = { userId: number; input: ReplyInput; reading: Interpretation };

/**
 * Reads the text outside any write transaction, so SQLite's write lock is never held while it is
 * read. The reading is a pure function of its input; the write reads that input again and keeps
 * this reading only if nothing in it changed meanwhile (a goal edited, the day's habits added).
 */
export function readBeforeWriting(
  user: EngineUser,
  incoming: IncomingText,
  now: Date,
): EarlyReading | null {
  const input = inOneRead(() => {
    if (dailyTextAllowance(user, incoming.text, now) !== "read") return null;
    return replyInputFor(user, incoming, dayGoals(user, now), now);
  });
  return input && { userId: user.id, input, reading: interpretInConversation(input) };
}

function sameInput(a: ReplyInput, b: ReplyInput) {
  return (
    a.phase === b.phase &&
    a.text === b.text &&
    a.media === b.media &&
    a.optedOut === b.optedOut &&
    a.after === b.after &&
    JSON.stringify(a.kinds) === JSON.stringify(b.kinds) &&
    String(a.options) === String(b.options) &&
    a.goals.length === b.goals.length &&
    a.goals.every((goal, i) => goal === b.goals[i] && a.numbers?.[i] === b.numbers?.[i])
  );
}

/** The early reading if its input still holds, or the text read now. */
export function readingOf(user: EngineUser, input: ReplyInput, early: EarlyReading | null) {
  if (early && early.userId === user.id && sameInput(early.input, input)) return early.reading;
  return interpretInConversation(input);
}

// A person texts a coach a handful of times a day. Past this many texts (SMS and web chat together) in
// their local day, a text is not read: each one read costs an interpretation, a reply and maybe an AI
// call, and the thread it grows is what every page of the conversation loads.
export const TEXTS_READ_PER_DAY = 150;

export class DailyTextLimitError extends Error {
  constructor() {
    super(`More than ${TEXTS_READ_PER_DAY} texts today`);
    this.name = "DailyTextLimitError";
  }
}

/** read: as usual; notice: the first text past the limit, answered once with the limit; ignore: dropped. */
export type DailyTextAllowance = "read" | "notice" | "ignore";

function textsReceivedToday(user: { id: number; timezone: string }, now: Date) {
  const since = startOfLocalDay(localDay(now, user.timezone), user.timezone);
  const { messages } = schema;
  return db
    .select({ n: count() })
    .from(messages)
    .where(
      and(
        eq(messages.userId, user.id),
        eq(messages.fromSystem, false),
        gte(messages.createdAt, since),
      ),
    )
    .get()!.n;
}

/** STOP, START and HELP are always read: compliance does not wait for tomorrow. */
export function dailyTextAllowance(
  user: { id: number; timezone: string },
  text: string,
  now: Date,
): DailyTextAllowance {
  if (complianceIntent(text, true)) return "read";
  const received = textsReceivedToday(user, now);
  if (received < TEXTS_READ_PER_DAY) return "read";
  return received === TEXTS_READ_PER_DAY ? "notice" : "ignore";
}

/** How long until the user's texts are read again: their next local midnight. */
export function secondsUntilTomorrow(user: { timezone: string }, now: Date) {
  const tomorrow = startOfLocalDay(addDays(localDay(now, user.timezone), 1), user.timezone);
  return Math.max(1, Math.ceil((tomorrow.getTime() - now.getTime()) / 1000));
}
