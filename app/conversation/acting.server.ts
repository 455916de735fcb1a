import { listTodayGoals, outcomeCounts, streakFor, todayFor } from "~/goals/goals.server";
import type { DayGoal } from "~/goals/goals.server";
import { GoalEditError } from "~/goals/goal-edits.server";
import { undoLastTextChange } from "~/goals/change-journal.server";
import type { Clarification, Interpretation } from "~/replies/interpret";
import { isSmallTalk } from "~/replies/interpret-commands";
import { templates } from "~/replies/templates";
import { optIn, optOut } from "~/sms/may-text.server";
import { closePrompt } from "~/users/open-prompt.server";
import { pauseFrom } from "~/users/pauses.server";
import { resumeTexts } from "~/users/texting.server";
import { env } from "~/utils/env/env.server";
import { isDayInWindow, MAX_WINDOW_DAYS } from "~/utils/time/date-window";
import { addDays } from "~/utils/time/local-time";
import { answerHabitCommand } from "./habit-commands.server";
import {
  rememberQuestion,
  goalOfNumber,
  readingOfChoice,
  recordsSomething,
} from "./clarify.server";
import { checkInLabelOf, listed } from "./answering.server";
import { checkIn } from "./check-in-by-text.server";
import { changeGoalByText, setGoals } from "./goals-by-text.server";
import { pendingPhase, type DayGoals, type EngineUser } from "./reading.server";

// Acting: what a text's reading does (records, goals, habits, undo, a question back), each with the
// reply that says what was done.

/** A goal the rules refuse (a full day) is answered with the reason, and nothing is changed. */
export function actOrRefuse(...args: Parameters<typeof act>) {
  try {
    return act(...args);
  } catch (error) {
    if (error instanceof GoalEditError) return { linkedGoalIds: [], reply: error.message };
    throw error;
  }
}

function act(
  user: EngineUser,
  reading: Interpretation,
  day: DayGoals,
  mediaIds: string[],
  now: Date,
  text: string,
) {
  const { today, shown } = day;
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
      return checkIn(user, reading, day, mediaIds, now);
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
      resumeTexts(user, now);
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
      return choose(user, reading.goals, day, mediaIds, now);
    case "unknown":
      if (reading.clarify && reading.question)
        return askBack(user, reading.question, reading.clarify, day, mediaIds, now);
      // A truly ambiguous check-in ("did 5" with three goals) is asked about, never guessed.
      if (reading.question) return { ...none, reply: reading.question };
      return keepJustTheHabits(user, text, today, now) ?? { ...none, reply: templates.unknown() };
  }
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
  closePrompt(user.id);
  return {
    linkedGoalIds: habits.map((g) => g.id),
    reply: templates.justHabits(
      habits.map((g) => ({ number: g.dayNumber, description: g.description })),
      checkInLabelOf(user, now),
    ),
  };
}

/**
 * A check-in with a goal it cannot place: what is certain is recorded now, and the question is asked
 * and remembered, so the next text can answer it.
 */
function askBack(
  user: EngineUser,
  question: string,
  clarify: Clarification,
  day: DayGoals,
  mediaIds: string[],
  now: Date,
) {
  // Asked in the evening even when recording the certain part answers the evening question.
  const after = pendingPhase(user, now) === "evening" ? "evening" : "none";
  const recorded = recordsSomething(clarify.certain)
    ? checkIn(user, clarify.certain, day, mediaIds, now, question)
    : { linkedGoalIds: [], reply: question };
  rememberQuestion(user, question, clarify, (n) => goalOfNumber(day.shown, n), after, now);
  return recorded;
}

/** The answer to a question back: its verdict on the goals chosen, as a check-in; none leaves them. */
function choose(user: EngineUser, chosen: number[], day: DayGoals, mediaIds: string[], now: Date) {
  const { question } = day;
  if (!question) return { linkedGoalIds: [], reply: templates.unknown() };
  if (chosen.length > 0)
    return checkIn(user, readingOfChoice(question, chosen), day, mediaIds, now);
  const offered = day.today.filter((g) => question.goalIds.includes(g.id));
  return { linkedGoalIds: [], reply: templates.noneChosen(offered.map((g) => g.description)) };
}

/** Pauses check-ins; false (and nothing changed) when the pause would end past the years ahead we plan. */
function pause(user: EngineUser, days: number | null, now: Date) {
  if (days !== null) {
    const today = todayFor(user, now);
    // Counted only when short enough: a day string cannot be counted to year 10,000 and beyond.
    if (days > MAX_WINDOW_DAYS || !isDayInWindow(addDays(today, days), today)) return false;
  }
  pauseFrom(user, days, now);
  return true;
}
