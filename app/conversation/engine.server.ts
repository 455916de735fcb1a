import { eq } from "drizzle-orm";
import type { Goal } from "../../db/schema";
import { writeCheckInFeedback } from "~/coach/coach.server";
import { notifyPartnersOfCheckIn } from "~/partners/partners.server";
import type { PublicUser } from "~/users/users.server";
import {
  completeGoal,
  outcomeCounts,
  streakFor,
  listTodayGoals,
  todayFor,
  type DayGoal,
} from "~/goals/goals.server";
import { goalNumbered } from "~/goals/day-numbers";
import { planGoals } from "~/goals/goal-plans.server";
import {
  interpretInConversation,
  type Interpretation,
  type Phase,
  type ReplyInput,
} from "~/replies/interpret";
import { isOptedOut, optIn, optOut } from "~/sms/opt-outs.server";
import { sendTextToUser, type SendOutcome, type TextKind } from "~/sms/outbound.server";
import { templates, withFeedback, type ListedGoal } from "~/replies/templates";
import {
  deleteGoal,
  editGoal,
  GoalEditError,
  moveGoalToTomorrow,
  skipGoal,
} from "~/goals/goal-edits.server";
import { EVENING_TIMES } from "~/users/user-options";
import { db, inGroupCommit, inOneRead, schema, sqlite } from "~/utils/db.server";
import { planCheckIn } from "~/goals/check-in-plan";
import {
  goalsChangedByTextToday,
  journaled,
  snapshot,
  undoLastTextChange,
} from "~/goals/change-journal.server";
import { countOutcomes, goalCount } from "~/goals/goal-numbers";
import { goalState } from "~/goals/goal-rules";
import { GOAL_DESCRIPTION_MAX } from "~/goals/goal-schema";
import { formatClockTime } from "~/utils/format";
import { resumeTexts } from "~/users/texting.server";
import { env } from "~/utils/env.server";
import { isDayInWindow, MAX_WINDOW_DAYS } from "~/utils/date-window";
import { addDays, startOfLocalDay, weekdayName, zonedInstant } from "~/utils/local-time";
import { dueTimeInText } from "~/replies/interpret-due-time";
import { isSmallTalk } from "~/replies/interpret-commands";
import { createHabitGoalsOfDay } from "~/habits/habit-goals.server";
import { eveningQuestion, morningQuestion } from "~/questions/daily-questions.server";
import { storeMessage } from "~/messages/message-rows.server";
import { answerHabitCommand } from "./habit-commands.server";
import { sendReply, storeReply, type StoredReply, type Source } from "./reply.server";
import {
  DailyTextLimitError,
  dailyTextAllowance,
  TEXTS_READ_PER_DAY,
} from "./daily-text-limit.server";
import { inboundTexts } from "~/observability/metrics.server";
import { errorFields, logger } from "~/observability/logger.server";

export type { Source };

const { users, messages } = schema;

/** The engine never needs the password hash, so a signed-in page's user will do. */
type EngineUser = PublicUser;

export type IncomingText = {
  text: string;
  /** Ids of media rows already stored for this message (proof photos). */
  mediaIds?: string[];
  source: Source;
  providerSid?: string;
};

/** The question still open for the user today, if any. */
export function pendingPhase(user: EngineUser, now = new Date()): Phase {
  if (!user.pendingPrompt || user.pendingPromptDay !== todayFor(user, now)) return "none";
  return user.pendingPrompt;
}

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

function dayGoals(user: EngineUser, now: Date): DayGoals {
  const today = listTodayGoals(user, now);
  // A reply to the evening question numbers goals as that question listed them (the open ones).
  const shown = pendingPhase(user, now) === "evening" ? eveningList(user, today, now) : today;
  return { today, shown };
}

function replyInputFor(
  user: EngineUser,
  incoming: IncomingText,
  { shown }: DayGoals,
  now: Date,
): ReplyInput {
  return {
    phase: pendingPhase(user, now),
    goals: shown.map((g) => g.description),
    numbers: shown.map((g) => g.dayNumber),
    text: incoming.text,
    media: incoming.mediaIds?.length ?? 0,
    optedOut: isOptedOut(user.phone),
  };
}

function sameInput(a: ReplyInput, b: ReplyInput) {
  return (
    a.phase === b.phase &&
    a.text === b.text &&
    a.media === b.media &&
    a.optedOut === b.optedOut &&
    a.goals.length === b.goals.length &&
    a.goals.every((goal, i) => goal === b.goals[i] && a.numbers?.[i] === b.numbers?.[i])
  );
}

/** The early reading if its input still holds, or the text read now. */
function readingOf(user: EngineUser, input: ReplyInput, early: EarlyReading | null) {
  if (early && early.userId === user.id && sameInput(early.input, input)) return early.reading;
  return interpretInConversation(input);
}

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
  const { today, shown } = dayGoals(user, now);
  const reading = readingOf(user, replyInputFor(user, incoming, { today, shown }, now), early);
  inboundTexts.labels(reading.intent, incoming.source).inc();
  const { reply, linkedGoalIds } = actOrRefuse(
    user,
    reading,
    { today, shown },
    mediaIds,
    now,
    incoming.text,
  );
  if (linkedGoalIds.length) {
    db.update(messages).set({ linkedGoalIds }).where(eq(messages.id, inboundId)).run();
  }
  const kind: TextKind = ["stop", "start", "help"].includes(reading.intent)
    ? "compliance"
    : "conversation";
  const checkedIn = reading.intent === "check_in" && today.length > 0;
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
    feedback = await writeCheckInFeedback(user, { mediaIds, completedGoalIds: linkedGoalIds }, now);
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

/** A goal the rules refuse (a full day) is answered with the reason, and nothing is changed. */
function actOrRefuse(...args: Parameters<typeof act>) {
  try {
    return act(...args);
  } catch (error) {
    if (error instanceof GoalEditError) return { linkedGoalIds: [], reply: error.message };
    throw error;
  }
}

/** The goals the day's evening question listed, in its order; still on today's list. */
function eveningList(user: EngineUser, today: DayGoal[], now: Date): DayGoal[] {
  const asked = lastEveningQuestion.get(
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

const lastEveningQuestion = sqlite
  .prepare<[number, number], string>(
    `select linked_goal_ids from messages where user_id = ? and from_system = 1 and kind = 'evening'
     and created_at >= ? order by created_at desc, id desc limit 1`,
  )
  .pluck();

type DayGoals = {
  /** All of today's goals, in day-number order. */
  today: DayGoal[];
  /** The list the reader is shown (its order words count it): today's, or the evening question's. */
  shown: DayGoal[];
};

function act(
  user: EngineUser,
  reading: Interpretation,
  { today, shown }: DayGoals,
  mediaIds: string[],
  now: Date,
  text: string,
) {
  const none = { linkedGoalIds: [] as number[] };
  switch (reading.intent) {
    // The registry of opted-out numbers changes only for a number its account has verified (and by
    // texts from the number itself): anyone can type a stranger's number into an account.
    case "stop":
      if (!user.phoneVerifiedAt) return { ...none, reply: templates.unverifiedKeyword() };
      optOut(user.phone, "keyword");
      return { ...none, reply: templates.stopConfirmed() };
    case "start":
      if (!user.phoneVerifiedAt) return { ...none, reply: templates.unverifiedKeyword() };
      optIn(user.phone);
      return { ...none, reply: templates.startConfirmed() };
    case "help":
      return { ...none, reply: templates.help(env.SUPPORT_EMAIL) };
    case "set_goals":
      return setGoals(user, reading, now);
    case "check_in":
      return checkIn(user, reading, { today, shown }, mediaIds, now);
    case "edit_goal":
    case "remove_goal":
    case "move_goal":
      return changeGoalByText(user, reading, shown, now);
    case "undo": {
      const undone = undoLastTextChange(user, now);
      return {
        ...none,
        reply: undone
          ? templates.undone(undone, listed(listTodayGoals(user, now)))
          : templates.nothingToUndo(),
      };
    }
    case "add_habit":
    case "stop_habit":
    case "list_habits":
      return { ...none, reply: answerHabitCommand(user, reading, now) };
    case "pause":
      if (!pause(user, reading.days, now)) return { ...none, reply: templates.pauseTooLong() };
      return { ...none, reply: templates.paused(reading.days) };
    case "resume":
      resumeTexts(user.id);
      return { ...none, reply: templates.resumed() };
    case "list_goals":
      return {
        ...none,
        reply: templates.listGoals(listed(today)),
      };
    case "stats": {
      return {
        ...none,
        reply: templates.stats(streakFor(user, now), outcomeCounts(user, now)),
      };
    }
    case "choose":
      // Answers to a question back are read once the question is remembered (phase clarify).
      return { ...none, reply: templates.unknown() };
    case "unknown":
      // A truly ambiguous check-in ("did 5" with three goals) is asked about, never guessed.
      if (reading.question) return { ...none, reply: reading.question };
      return keepJustTheHabits(user, text, today, now) ?? { ...none, reply: templates.unknown() };
  }
}

/** "7:00 PM" while today's evening check-in is still ahead, else null. */
function checkInLabelOf(user: EngineUser, now: Date) {
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

/** "ok" / "that's it" to a morning question that listed habits: today is just the habits. */
function keepJustTheHabits(user: EngineUser, text: string, today: DayGoal[], now: Date) {
  const habits = today.filter((g) => g.habitId !== null);
  const enough =
    isSmallTalk(text) ||
    /^(?:that'?s it|that'?s all|nothing else|just (?:those|these|the habits?))\b/i.test(
      text.trim(),
    );
  if (pendingPhase(user, now) !== "morning" || habits.length === 0 || !enough) return null;
  setUser(user.id, { pendingPrompt: null, pendingPromptDay: null });
  return {
    linkedGoalIds: habits.map((g) => g.id),
    reply: templates.justHabits(
      habits.map((g) => ({ number: g.dayNumber, description: g.description })),
      checkInLabelOf(user, now),
    ),
  };
}

function setGoals(
  user: EngineUser,
  { goals: descriptions, due, on }: Extract<Interpretation, { intent: "set_goals" }>,
  now: Date,
) {
  // The web form's limit holds by text too: a goal too long is refused, the others are kept.
  const wanted = descriptions
    .map((description, i) => ({ description, time: due[i] ?? null, weekday: on?.[i] ?? null }))
    .filter(({ description }) => description.trim().length <= GOAL_DESCRIPTION_MAX);
  const tooLong = { count: descriptions.length - wanted.length, max: GOAL_DESCRIPTION_MAX };
  if (wanted.length === 0)
    return { linkedGoalIds: [], reply: templates.goalsTooLong(tooLong.count, tooLong.max) };
  const today = todayFor(user, now);
  const created = planGoals(user, wanted, now);
  if (pendingPhase(user, now) === "morning") {
    setUser(user.id, { pendingPrompt: null, pendingPromptDay: null });
  }
  // The whole day's list, with the numbers every later text of the day shows.
  const todays = listTodayGoals(user, now);
  const passed = created
    .flatMap(({ goal, time }) =>
      time !== null && goal.dueDate <= now
        ? [{ number: goal.dayNumber ?? 0, time: formatClockTime(time) }]
        : [],
    )
    .sort((a, b) => a.number - b.number);
  const planned = created
    .filter(({ day }) => day !== today)
    .map(({ goal, day }) => ({ description: goal.description, weekday: weekdayName(day) }));
  return {
    linkedGoalIds: created.map(({ goal }) => goal.id),
    reply: templates.goalsSet(
      todays.map((g) => ({ number: g.dayNumber, description: g.description })),
      checkInLabelOf(user, now),
      { passed, tooLong, planned },
    ),
  };
}

function checkIn(
  user: EngineUser,
  reading: { completed: number[]; skipped: number[]; tomorrow: number[] },
  { today, shown }: DayGoals,
  mediaIds: string[],
  now: Date,
) {
  if (today.length === 0) return { linkedGoalIds: [], reply: templates.noGoalsToCheck() };
  const proof = mediaIds.map((id) => `/media/${id}`);
  const setByText = goalsChangedByTextToday(user, now);
  const plan = planCheckIn(
    shown.map((goal) => ({
      ...goal,
      outcome: goal.completedAt ? "completed" : goal.skippedAt ? "skipped" : "open",
      setByText: setByText.has(goal.id),
    })),
    reading,
  );
  const { done, skipped, moved } = plan;
  const names = (goals: Goal[]) => goals.map((g) => g.description);
  const changed = [...done, ...skipped, ...moved];
  journaled(
    user,
    "text",
    () =>
      snapshot(
        "goals",
        changed.map((g) => g.id),
      ),
    () => {
      for (const goal of done)
        completeGoal(user.id, goal.id, proof.length ? { proofImageUrls: proof } : {}, now);
      for (const goal of skipped) skipGoal(user.id, goal.id, now);
      for (const goal of moved) moveGoalToTomorrow(user.id, goal.id, user.timezone, now);
    },
    () =>
      changed.length
        ? {
            summary: `your check-in (${checkInWords({
              done: names(done),
              skipped: names(skipped),
              tomorrow: names(moved),
            })})`,
            outcomesSet: [...done, ...skipped].map((g) => g.id),
            ...(pendingPhase(user, now) === "evening"
              ? { answered: { prompt: "evening" as const, day: todayFor(user, now) } }
              : {}),
          }
        : null,
    now,
  );
  if (pendingPhase(user, now) === "evening")
    setUser(user.id, { pendingPrompt: null, pendingPromptDay: null });
  const counts = todayCounts(user, now);
  return {
    linkedGoalIds: changed.map((g) => g.id),
    reply: templates.checkedIn(
      {
        done: names(done),
        skipped: names(skipped),
        tomorrow: names(moved),
        kept: plan.kept.map((g) => ({
          description: g.description,
          state: g.completedAt ? "done" : "skipped",
        })),
      },
      { completed: counts.completed, total: goalCount(counts) },
      streakFor(user, now),
    ),
  };
}

/** Today's goals by outcome, as the dashboard counts them. */
function todayCounts(user: EngineUser, now: Date) {
  return countOutcomes(listTodayGoals(user, now).map((g) => goalState(g, now, user.timezone)));
}

/** "done: run 5k; moved to tomorrow: call mom", for the journal and the undo reply. */
function checkInWords(changes: { done: string[]; skipped: string[]; tomorrow: string[] }) {
  return [
    changes.done.length ? `done: ${changes.done.join(", ")}` : "",
    changes.skipped.length ? `skipped: ${changes.skipped.join(", ")}` : "",
    changes.tomorrow.length ? `moved to tomorrow: ${changes.tomorrow.join(", ")}` : "",
  ]
    .filter(Boolean)
    .join("; ");
}

const listed = (goals: DayGoal[]): ListedGoal[] =>
  goals.map((g) => ({
    number: g.dayNumber,
    description: g.description,
    state: g.completedAt ? "done" : g.skippedAt ? "skipped" : "open",
  }));

/** "change 2 to …", "remove 3", "move 1 to tomorrow": the same edits as the dashboard's. */
function changeGoalByText(
  user: EngineUser,
  reading: Extract<Interpretation, { intent: "edit_goal" | "remove_goal" | "move_goal" }>,
  shown: DayGoal[],
  now: Date,
) {
  const goal = goalNumbered(shown, reading.goal);
  if (!goal) return { linkedGoalIds: [], reply: templates.unknown() };
  const linkedGoalIds = [goal.id];
  const byText = (summary: string, change: () => unknown) =>
    journaled(
      user,
      "text",
      () => snapshot("goals", [goal.id]),
      change,
      () => ({ summary }),
      now,
    );
  if (reading.intent === "edit_goal") {
    const time = dueTimeInText(reading.text);
    const after = reading.text.trim();
    byText(`changed "${goal.description}" to "${after}"`, () =>
      editGoal(
        user.id,
        goal.id,
        {
          description: reading.text,
          ...(time ? { dueDate: zonedInstant(todayFor(user, now), time, user.timezone) } : {}),
        },
        now,
      ),
    );
    return {
      linkedGoalIds,
      reply: templates.goalEdited(goal.description, after, listed(listTodayGoals(user, now))),
    };
  }
  if (reading.intent === "remove_goal") {
    byText(`removed "${goal.description}"`, () => deleteGoal(user.id, goal.id));
    return {
      linkedGoalIds: [],
      reply: templates.goalRemoved(goal.description, listed(listTodayGoals(user, now))),
    };
  }
  if (goal.completedAt) return { linkedGoalIds, reply: templates.goalNotMovable() };
  byText(`moved "${goal.description}" to tomorrow`, () =>
    moveGoalToTomorrow(user.id, goal.id, user.timezone, now),
  );
  return {
    linkedGoalIds,
    reply: templates.goalMoved(goal.description, listed(listTodayGoals(user, now))),
  };
}

/** Pauses check-ins; false (and nothing changed) when the pause would end past the years ahead we plan. */
function pause(user: EngineUser, days: number | null, now: Date) {
  if (days === null) {
    setUser(user.id, { sendCheckInReminders: false, pausedUntil: null });
    return true;
  }
  const today = todayFor(user, now);
  // Counted only when short enough: a day string cannot be counted to year 10,000 and beyond.
  if (days > MAX_WINDOW_DAYS || !isDayInWindow(addDays(today, days), today)) return false;
  setUser(user.id, { pausedUntil: startOfLocalDay(addDays(today, days), user.timezone) });
  return true;
}

function setUser(id: number, values: Partial<typeof users.$inferInsert>) {
  db.update(users).set(values).where(eq(users.id, id)).run();
}

/** Asks today's morning question now and marks it pending (used by the scheduler and the send-now calls). */
export async function askMorningQuestion(user: EngineUser, now = new Date()): Promise<SendOutcome> {
  const question = morningQuestion(user, todayFor(user, now), now);
  const outcome = await sendTextToUser(user, question, "morning");
  if (outcome.sent)
    setUser(user.id, { pendingPrompt: "morning", pendingPromptDay: todayFor(user, now) });
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
  if (outcome.sent)
    setUser(user.id, { pendingPrompt: "evening", pendingPromptDay: todayFor(user, now) });
  return outcome;
}
