// The reply interpreter: reads one inbound text, in the context of the question that is pending,
// as exactly one intent. Pure: no I/O, no clock, no randomness. Conventions: the reply sets' README
// (app/sms/fixtures/replies/README.md).
import { isGoalWord, namesAGoal, parseCheckIn, reportsOnAGoal } from "./interpret-check-in";
import type { Ambiguity, CheckIn } from "./interpret-check-in";
import { dayNumbersAt, dayNumbersOf, readChoice } from "./interpret-check-in-references";
import { kindsFor, parseKindsCheckIn } from "./interpret-check-in-kinds";
import type { GoalKind, KindsCheckIn } from "./interpret-check-in-kinds";
import { dueTimeInText, weekdayInText } from "./interpret-due-time";
import { explicitStopHabit, habitCommand, type HabitCommand } from "./interpret-habits";
import {
  isListGoalsQuestion,
  isPlainStop,
  isResume,
  isSmallTalk,
  isStatsQuestion,
  isUndo,
  pauseRequest,
  complianceIntent,
} from "./interpret-commands";
import {
  goalEdit,
  type GoalEdit,
  hasGoalWordLeadIn,
  hasListStructure,
  parseGoals,
  stripLeadIns,
} from "./interpret-goals";
import { asTyped, readTyped, withoutFillers, type Typed, normalize } from "./interpret-text";
import { templates } from "./templates";

export type Phase = "morning" | "evening" | "none" | "clarify";

export interface ReplyInput {
  phase: Phase;
  /** Today's goals in the order the user was shown them. */
  goals: string[];
  /** The day number of each goal in `goals` (conventions v4); 1 to n when absent. */
  numbers?: number[];
  /** Phase `clarify`: the day numbers the service's question offered, and the phase it was asked in. */
  options?: number[];
  after?: "evening" | "none";
  /**
   * What each goal in `goals` is (conventions v5): null yes/no, "avoid" a habit to avoid, or a
   * measured goal's unit, target, direction and period. Without it every goal is yes/no.
   */
  kinds?: GoalKind[];
  text: string;
  /** Number of attached photos. */
  media: number;
  optedOut?: boolean;
}

/** A check-in's verdicts, by day number. */
export type CheckInReading = {
  completed: number[];
  skipped: number[];
  tomorrow: number[];
};

/** What a check-in records of goals of every kind (conventions v5), by day number. */
export type GoalRecords = {
  values: { goal: number; value: number }[];
  slipped: number[];
  notes: { goal: number; note: string }[];
};

/**
 * What a question back leaves open: the goals offered (day numbers), the verdict the chosen ones get,
 * and the rest of the reading, which is certain.
 */
export type Clarification = {
  options: number[];
  verdict: keyof CheckInReading;
  /** With goals' kinds (v5), the values, slips and notes that are certain too. */
  certain: CheckInReading & Partial<GoalRecords>;
};

/** Every goal number in an interpretation is a day number (conventions v4). */
export type Interpretation =
  /**
   * `due`: one 'HH:MM' or null per goal, the clock time the goal names; `on`: one weekday (0 = Sunday)
   * or null per goal, the day the goal names with "on", "this" or "next".
   */
  | { intent: "set_goals"; goals: string[]; due: (string | null)[]; on?: (number | null)[] }
  /**
   * `skipped` and `tomorrow`: goals the reply skips today or moves to tomorrow. With `kinds` (v5):
   * `values` of measured goals, `slipped` habits to avoid, and `notes` on goals.
   */
  | ({ intent: "check_in" } & CheckInReading & Partial<GoalRecords>)
  /** The answer to a question back (phase `clarify`): the chosen day numbers, [] for none. */
  | { intent: "choose"; goals: number[] }
  | GoalEdit
  | HabitCommand
  | { intent: "stop" }
  | { intent: "start" }
  | { intent: "help" }
  | { intent: "pause"; days: number | null }
  | { intent: "resume" }
  | { intent: "list_goals" }
  | { intent: "stats" }
  /** Takes back the last change the user made by text today. */
  | { intent: "undo" }
  /**
   * `question`: what to ask when the reply is truly ambiguous ("Which goal is 5? ..."); `clarify`:
   * what its answer decides, when the question offers goals to choose from.
   */
  | { intent: "unknown"; question?: string; clarify?: Clarification };

export type Intent = Interpretation["intent"];

const UNKNOWN: Interpretation = { intent: "unknown" };
const REST_DAY_FOR = /\brest day (?:for|from|on)\b/i;

export function interpretReply(input: ReplyInput): Interpretation {
  return interpretTyped(input, readAsTyped(input));
}

// Shorthand and misspelt command words are read as meant.
const readAsTyped = (input: ReplyInput) =>
  readTyped(input.text ?? "", (word) => isGoalWord(word, input.goals));

function interpretTyped(input: ReplyInput, typed: Typed): Interpretation {
  const raw = input.text ?? "";
  const numbers = dayNumbersOf(input.goals.length, input.numbers);
  // Fillers before a command say nothing.
  const fillers = withoutFillers(typed);
  const bare = fillers.typed;
  const text = bare.text;
  // Compliance keywords win in every phase ("yes" opts back in only while opted out).
  const optedOut = input.optedOut === true;
  const compliance = complianceIntent(raw, optedOut) ?? complianceIntent(text, optedOut);
  if (compliance) return { intent: compliance };
  if (isUndo(text)) return { intent: "undo" };
  if (input.phase === "clarify") return clarifyReply(input, typed, numbers);
  // "pause habit gym" stops a habit; it does not pause the texts.
  const stopHabit = explicitStopHabit(bare);
  if (stopHabit) return stopHabit;
  // Before pause, which would otherwise read "unpause" or "end the pause" as a pause.
  if (isResume(text)) return { intent: "resume" };
  if (isPlainStop(text)) return { intent: "stop" };
  const days = pauseRequest(text, input.phase);
  // In the evening "reading not today" reports on a goal; "not today" alone pauses.
  // "rest day for the gym" rests one goal in any phase (conventions v5), not the whole day.
  const aboutAGoal =
    (input.phase === "evening" || REST_DAY_FOR.test(text)) &&
    reportsOnAGoal(text, input.goals, numbers);
  if (days !== undefined && !aboutAGoal) return { intent: "pause", days };
  if (isListGoalsQuestion(text)) return { intent: "list_goals" };
  if (isStatsQuestion(text)) return { intent: "stats" };
  // Before habits: "change 2 to gym b4 friday" edits a goal, it does not add a Friday habit.
  const edit = goalEdit(bare, input.goals, numbers);
  if (edit && !("stray" in edit)) return { ...edit, goal: numbers[edit.goal - 1] ?? edit.goal };
  const habit = habitCommand(bare, input.phase);
  if (habit) return habit;
  if (edit) return askWhich({ ambiguous: { number: edit.stray } }, input.goals, numbers);

  if (input.phase === "morning") return morningReply(fillers.stripped ? fillers : null, typed);
  if (input.phase === "evening") return eveningReply(input, bare, numbers);
  return idleReply(bare);
}

/**
 * The answer to the question we asked (phase `clarify`); a text that is not one (STOP, a check-in
 * naming other goals, new goals) is read as in the phase the question was asked in.
 */
function clarifyReply(input: ReplyInput, typed: Typed, numbers: number[]): Interpretation {
  const choice = readChoice(withoutFillers(typed).typed.text, {
    goals: input.goals,
    numbers,
    options: input.options ?? [],
  });
  if (choice === "undecided") return UNKNOWN;
  if (choice) return { intent: "choose", goals: choice.goals };
  const { options: _options, after, ...rest } = input;
  return interpretTyped({ ...rest, phase: after ?? "none" }, typed);
}

/** One short question instead of a guess: a false record is worse than a question. */
function askWhich(
  { ambiguous }: Ambiguity,
  goals: string[],
  numbers: number[],
  clarify?: Clarification,
): Interpretation {
  const shown = (position: number) => ({
    number: numbers[position - 1] ?? position,
    description: goals[position - 1] ?? "",
  });
  const question =
    "number" in ambiguous
      ? templates.whichGoalNumber(
          ambiguous.number,
          goals.map((_, i) => shown(i + 1)),
        )
      : ambiguous.goals.length === 1
        ? templates.isItDone(shown(ambiguous.goals[0]!))
        : templates.whichGoalOf(ambiguous.goals.map(shown));
  return { intent: "unknown", question, ...(clarify && { clarify }) };
}

const inDayNumbers = (reading: CheckInReading, numbers: number[]): CheckInReading => ({
  completed: dayNumbersAt(reading.completed, numbers),
  skipped: dayNumbersAt(reading.skipped, numbers),
  tomorrow: dayNumbersAt(reading.tomorrow, numbers),
});

/** A check-in's reader, with some goals left nameless: the yes/no one, or with kinds the v5 one. */
type CheckInReader = (
  text: string,
  goals: string[],
) => CheckIn | KindsCheckIn | Ambiguity | "question" | null;

/**
 * The part of a reading a question back leaves certain: every verdict, value, slip and note but those
 * on the goals asked about.
 */
function certainOf(
  reading: CheckIn | KindsCheckIn,
  asked: number[],
  numbers: number[],
): Clarification["certain"] {
  const rest = (list: number[]) => list.filter((g) => !asked.includes(g));
  const verdicts = inDayNumbers(
    {
      completed: rest(reading.completed),
      skipped: rest(reading.skipped),
      tomorrow: rest(reading.tomorrow),
    },
    numbers,
  );
  if (!("values" in reading)) return verdicts;
  const { values, slipped, notes } = recordsInDayNumbers(
    {
      ...reading,
      values: reading.values.filter((v) => !asked.includes(v.goal)),
      slipped: rest(reading.slipped),
      notes: reading.notes.filter((n) => !asked.includes(n.goal)),
    },
    numbers,
  );
  // Only what was said: a yes/no reply reads the same with kinds as without.
  return {
    ...verdicts,
    ...(values.length ? { values } : {}),
    ...(slipped.length ? { slipped } : {}),
    ...(notes.length ? { notes } : {}),
  };
}

/**
 * What the answer to "which one did you mean" decides: the verdict the text gives the goals its
 * words cannot tell apart, and the rest of its reading. Read with all but the first of those goals
 * left nameless, so the words name that one alone.
 */
function clarificationOf(
  text: string,
  goals: string[],
  numbers: number[],
  positions: number[],
  read: CheckInReader,
): Clarification | undefined {
  if (positions.length === 1) return doubtOf(text, goals, numbers, positions[0]!, read);
  const [first, ...others] = positions;
  const nameless = goals.map((goal, i) => (others.includes(i + 1) ? "" : goal));
  const reading = read(text, nameless);
  if (first === undefined || !reading || reading === "question" || "ambiguous" in reading)
    return undefined;
  const verdict = (["completed", "skipped", "tomorrow"] as const).find((k) =>
    reading[k].includes(first),
  );
  if (!verdict) return undefined;
  return {
    options: dayNumbersAt(positions, numbers),
    verdict,
    certain: certainOf(reading, positions, numbers),
  };
}

/**
 * One goal the reply says two things of ("didn't skip the run"): asked whether it is done ("yes"
 * chooses it). The rest of the reading is certain when it reads alone, with that goal nameless; a
 * goal named by its number cannot be left out that way, and then nothing else is taken either.
 */
function doubtOf(
  text: string,
  goals: string[],
  numbers: number[],
  position: number,
  read: CheckInReader,
): Clarification {
  const options = dayNumbersAt([position], numbers);
  const none = { completed: [], skipped: [], tomorrow: [] };
  const nameless = goals.map((goal, i) => (i + 1 === position ? "" : goal));
  const reading = read(text, nameless);
  if (!reading || reading === "question" || "ambiguous" in reading)
    return { options, verdict: "completed", certain: none };
  return { options, verdict: "completed", certain: certainOf(reading, [position], numbers) };
}

function setGoals(text: Typed, allowPersonal: boolean): Interpretation {
  const goals = parseGoals(text, allowPersonal);
  return goals.length > 0
    ? { intent: "set_goals", goals, due: goals.map(dueTimeInText), on: goals.map(weekdayInText) }
    : UNKNOWN;
}

/**
 * Morning: any phrase that is not small talk or a question is today's goals. A filler is dropped
 * before a list or lead-in ("ok so 1. dishes") or when set off ("hmm, gym"), not from a goal
 * that starts with one ("wait for the plumber").
 */
function morningReply(fillers: ReturnType<typeof withoutFillers> | null, typed: Typed) {
  const bare = fillers?.typed.text ?? "";
  const dropFiller =
    fillers !== null &&
    (fillers.punctuated || hasListStructure(bare) || stripLeadIns(bare, true).matched);
  const text = dropFiller ? fillers.typed : typed;
  if (isSmallTalk(text.text)) return UNKNOWN;
  if (normalize(text.text).endsWith("?") && !hasListStructure(text.text)) return UNKNOWN;
  return setGoals(text, true);
}

const recordsInDayNumbers = (reading: KindsCheckIn, numbers: number[]): GoalRecords => {
  const day = (position: number) => numbers[position - 1] ?? position;
  return {
    values: reading.values.map((v) => ({ goal: day(v.goal), value: v.value })),
    slipped: dayNumbersAt(reading.slipped, numbers),
    notes: reading.notes.map((n) => ({ goal: day(n.goal), note: n.note })),
  };
};

/** Evening: a check-in, unless the text clearly brings new goals. */
function eveningReply(
  { goals, media, kinds: givenKinds }: ReplyInput,
  typed: Typed,
  numbers: number[],
): Interpretation {
  const text = typed.text;
  const leadIn = stripLeadIns(text, false);
  // "Today: ran and read" reports on today; "Goal: call dad" and "Tomorrow: dentist" bring goals.
  if (
    hasGoalWordLeadIn(text) ||
    (leadIn.matched && parseCheckIn(leadIn.body, goals, numbers) === null)
  ) {
    return setGoals(typed, false);
  }
  const kinds = kindsFor(goals, givenKinds);
  const byKind = kinds && parseKindsCheckIn(text, goals, numbers, kinds, (f) => asTyped(typed, f));
  if (byKind === "question") return UNKNOWN;
  const reading = kinds ? byKind : parseCheckIn(text, goals, numbers);
  if (reading && "ambiguous" in reading) {
    const { ambiguous } = reading;
    const read: CheckInReader = kinds
      ? (t, g) => parseKindsCheckIn(t, g, numbers, kinds, (f) => asTyped(typed, f))
      : (t, g) => parseCheckIn(t, g, numbers);
    const clarify =
      "goals" in ambiguous
        ? clarificationOf(text, goals, numbers, ambiguous.goals, read)
        : undefined;
    return askWhich(reading, goals, numbers, clarify);
  }
  if (byKind && !("ambiguous" in byKind))
    return {
      intent: "check_in",
      ...inDayNumbers(byKind, numbers),
      ...recordsInDayNumbers(byKind, numbers),
    };
  if (reading) return { intent: "check_in", ...inDayNumbers(reading, numbers) };
  // A photo with nothing else to say ("", "proof") completes the only open goal.
  if (media > 0 && goals.length === 1)
    return { intent: "check_in", completed: [numbers[0] ?? 1], skipped: [], tomorrow: [] };
  if (hasListStructure(text) && !isSmallTalk(text)) return setGoals(typed, false);
  return UNKNOWN;
}

/** No question pending: only an explicit list or lead-in sets goals. */
function idleReply(typed: Typed): Interpretation {
  const text = typed.text;
  if (isSmallTalk(text)) return UNKNOWN;
  if (stripLeadIns(text, false).matched || hasListStructure(text)) return setGoals(typed, false);
  return UNKNOWN;
}

/**
 * The engine's reading: as `interpretReply`, but a report that names today's goals ("did 1, skipped
 * 2") counts even before the evening question is asked; a bare "yes" or "all" at noon still does not.
 * A report we cannot place ("did 5" with three goals) is asked about then too.
 */
export function interpretInConversation(input: ReplyInput): Interpretation {
  const typed = readAsTyped(input);
  const reading = interpretTyped(input, typed);
  // A text that does not answer our question is read as in the phase it was asked in.
  if (input.phase === "clarify" && reading.intent !== "choose" && input.after === "none")
    return interpretInConversation({
      ...input,
      phase: "none",
      options: undefined,
      after: undefined,
    });
  if (reading.intent !== "unknown" || input.phase !== "none" || input.goals.length === 0)
    return reading;
  const asCheckIn = interpretTyped({ ...input, phase: "evening" }, typed);
  if (asCheckIn.intent === "unknown" && asCheckIn.question) return asCheckIn;
  const numbers = dayNumbersOf(input.goals.length, input.numbers);
  if (!namesAGoal(readTyped(input.text).text, input.goals, numbers)) return reading;
  return asCheckIn.intent === "check_in" ? asCheckIn : reading;
}
