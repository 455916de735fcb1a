// The reply interpreter: reads one inbound text, in the context of the question that is pending,
// as exactly one intent. Pure: no I/O, no clock, no randomness. Conventions: shared/replies/README.md.
import { namesAGoal, parseCheckIn, reportsOnAGoal } from "./interpret-check-in";
import { dueTimeInText } from "./interpret-due-time";
import { goalEdit, type GoalEdit } from "./interpret-edits";
import { explicitStopHabit, habitCommand, type HabitCommand } from "./interpret-habits";
import {
  complianceIntent,
  isListGoalsQuestion,
  isPlainStop,
  isResume,
  isSmallTalk,
  isStatsQuestion,
  pauseRequest,
} from "./interpret-commands";
import { hasGoalWordLeadIn, hasListStructure, parseGoals, stripLeadIns } from "./interpret-goals";
import { normalize } from "./interpret-text";

export type Phase = "morning" | "evening" | "none";

export interface ReplyInput {
  phase: Phase;
  /** Today's goals in the order the user was shown them (numbered from 1). */
  goals: string[];
  text: string;
  /** Number of attached photos. */
  media: number;
  optedOut?: boolean;
}

export type Interpretation =
  /** `due`: one 'HH:MM' or null per goal, the clock time the goal names. */
  | { intent: "set_goals"; goals: string[]; due: (string | null)[] }
  /** `skipped` and `tomorrow`: goals the reply skips today or moves to tomorrow. */
  | { intent: "check_in"; completed: number[]; skipped: number[]; tomorrow: number[] }
  | GoalEdit
  | HabitCommand
  | { intent: "stop" }
  | { intent: "start" }
  | { intent: "help" }
  | { intent: "pause"; days: number | null }
  | { intent: "resume" }
  | { intent: "list_goals" }
  | { intent: "stats" }
  /** Takes back the last change made by text today. */
  | { intent: "undo" }
  | { intent: "unknown" };

export type Intent = Interpretation["intent"];

const UNKNOWN: Interpretation = { intent: "unknown" };

export function interpretReply(input: ReplyInput): Interpretation {
  const text = input.text ?? "";
  // Compliance keywords win in every phase ("yes" opts back in only while opted out).
  const compliance = complianceIntent(text, input.optedOut === true);
  if (compliance) return { intent: compliance };
  // The full reading of "oops undo" and the like is version 3's; the bare word is enough here.
  if (/^\s*undo[\s.!]*$/i.test(text)) return { intent: "undo" };
  // "pause habit gym" stops a habit; it does not pause the texts.
  const stopHabit = explicitStopHabit(text);
  if (stopHabit) return stopHabit;
  // Before pause, which would otherwise read "unpause" or "end the pause" as a pause.
  if (isResume(text)) return { intent: "resume" };
  if (isPlainStop(text)) return { intent: "stop" };
  const days = pauseRequest(text, input.phase);
  // In the evening "reading not today" reports on a goal; "not today" alone pauses.
  const aboutAGoal = input.phase === "evening" && reportsOnAGoal(text, input.goals);
  if (days !== undefined && !aboutAGoal) return { intent: "pause", days };
  if (isListGoalsQuestion(text)) return { intent: "list_goals" };
  if (isStatsQuestion(text)) return { intent: "stats" };
  const habit = habitCommand(text, input.phase);
  if (habit) return habit;
  const edit = goalEdit(text, input.goals);
  if (edit) return edit;

  if (input.phase === "morning") return morningReply(text);
  if (input.phase === "evening") return eveningReply(input);
  return idleReply(text);
}

function setGoals(text: string, allowPersonal: boolean): Interpretation {
  const goals = parseGoals(text, allowPersonal);
  return goals.length > 0 ? { intent: "set_goals", goals, due: goals.map(dueTimeInText) } : UNKNOWN;
}

/** Morning: any phrase that is not small talk or a question is today's goals. */
function morningReply(text: string): Interpretation {
  if (isSmallTalk(text)) return UNKNOWN;
  if (normalize(text).endsWith("?") && !hasListStructure(text)) return UNKNOWN;
  return setGoals(text, true);
}

/** Evening: a check-in, unless the text clearly brings new goals. */
function eveningReply({ text, goals, media }: ReplyInput): Interpretation {
  const leadIn = stripLeadIns(text, false);
  // "Today: ran and read" reports on today; "Goal: call dad" and "Tomorrow: dentist" bring goals.
  if (hasGoalWordLeadIn(text) || (leadIn.matched && parseCheckIn(leadIn.body, goals) === null)) {
    return setGoals(text, false);
  }
  const reading = parseCheckIn(text, goals);
  if (reading) return { intent: "check_in", ...reading };
  // A photo with nothing else to say ("", "proof") completes the only open goal.
  if (media > 0 && goals.length === 1)
    return { intent: "check_in", completed: [1], skipped: [], tomorrow: [] };
  if (hasListStructure(text) && !isSmallTalk(text)) return setGoals(text, false);
  return UNKNOWN;
}

/** No question pending: only an explicit list or lead-in sets goals. */
function idleReply(text: string): Interpretation {
  if (isSmallTalk(text)) return UNKNOWN;
  if (stripLeadIns(text, false).matched || hasListStructure(text)) return setGoals(text, false);
  return UNKNOWN;
}

/**
 * The engine's reading: as `interpretReply`, but a report that names today's goals ("did 1, skipped
 * 2") counts even before the evening question is asked; a bare "yes" or "all" at noon still does not.
 */
export function interpretInConversation(input: ReplyInput): Interpretation {
  const reading = interpretReply(input);
  if (reading.intent !== "unknown" || input.phase !== "none" || input.goals.length === 0)
    return reading;
  if (!namesAGoal(input.text, input.goals)) return reading;
  const asCheckIn = interpretReply({ ...input, phase: "evening" });
  return asCheckIn.intent === "check_in" ? asCheckIn : reading;
}
