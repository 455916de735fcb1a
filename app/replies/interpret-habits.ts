// Habits by text: "gym every Mon, Wed and Fri", "run 3x a week", "stop habit meditate", "my habits";
// with an amount (v5): "read 30 pages every day", "run 15k a week", "at most 2 coffees a day".
import { habitAmountOf } from "./interpret-habit-amounts";
import { asTyped, type Typed, normalize, POLITE_END } from "./interpret-text";

export type HabitSchedule = { days: number[] } | { timesPerWeek: number };

/**
 * What a habit measures (conventions v5): a `target` of a `unit` counted `per` day or week (`atMost`
 * for a limit), or `avoid` for a habit of not doing something. A weekly target has no schedule.
 */
export type HabitMeasure = {
  target?: number;
  unit?: string | null;
  per?: "day" | "week";
  atMost?: true;
  avoid?: true;
};

export type HabitCommand =
  | ({ intent: "add_habit"; habit: string } & (HabitSchedule | { per: "week" }) & HabitMeasure)
  | { intent: "stop_habit"; habit: string }
  | { intent: "list_habits" };

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
const WEEKDAYS = [1, 2, 3, 4, 5];
const WEEKENDS = [0, 6];

const DAY =
  "(?:sun(?:day)?|mon(?:day)?|tue(?:s(?:day)?)?|wed(?:s|nesday)?|thu(?:r|rs|rsday)?|fri(?:day)?|sat(?:urday)?)s?\\.?";
const DAY_LIST = `${DAY}(?:(?:\\s*(?:,\\s*and|,|/|&|\\+|and)\\s*|\\s+)${DAY})*`;
const DAY_INDEX = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

const COUNT_WORDS: Record<string, number> = {
  once: 1,
  one: 1,
  twice: 2,
  two: 2,
  thrice: 3,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
};
const TIMES_PER_WEEK = new RegExp(
  `^(\\d|once|twice|thrice|one|two|three|four|five|six|seven)\\s*(?:x|times|days)?\\s*(?:a|per|each|every|/|in a)\\s*week$|^(\\d|one|two|three|four|five|six|seven)\\s*(?:x|times)\\s*weekly$|^weekly$`,
);
const DAILY =
  /^(?:every ?day|each day|every single day|daily|every (?:morning|night|evening)|each (?:morning|night|evening)|nightly|7 days a week|seven days a week)$/;
const WEEKDAY_WORDS =
  /^(?:(?:every|each|on) weekday|(?:on |during )?(?:the )?weekdays|during the week|mon(?:day)?\s*(?:-|to|through|thru)\s*fri(?:day)?)$/;
const WEEKEND_WORDS = /^(?:(?:every|each|on|at) (?:the )?weekends?|weekends)$/;
const LISTED_DAYS = new RegExp(`^(?:(?:every|on|each)\\s+)?(${DAY_LIST})$`);

/**
 * The schedule a phrase states, when the whole phrase is one. A weekday alone ("on friday") names a
 * day, not a schedule: it needs "every"/"each" or two days or more, unless `oneDay` (after
 * "habit:").
 */
export function scheduleOf(phrase: string, oneDay = false): HabitSchedule | null {
  const p = phrase.trim().replace(/\s+/g, " ");
  if (DAILY.test(p)) return { days: EVERY_DAY };
  if (WEEKDAY_WORDS.test(p)) return { days: WEEKDAYS };
  if (WEEKEND_WORDS.test(p)) return { days: WEEKENDS };
  const times = TIMES_PER_WEEK.exec(p);
  if (times) {
    const word = times[1] ?? times[2];
    const n = word === undefined ? 1 : /^\d$/.test(word) ? Number(word) : (COUNT_WORDS[word] ?? 0);
    return n >= 1 && n <= 7 ? (n === 7 ? { days: EVERY_DAY } : { timesPerWeek: n }) : null;
  }
  const listed = LISTED_DAYS.exec(p);
  if (listed) {
    const named = listed[1]?.match(new RegExp(DAY, "g")) ?? [];
    const days = [...new Set(named.map((d) => DAY_INDEX.indexOf(d.slice(0, 3))))];
    const recurring = oneDay || /^(?:every|each)\s/.test(p);
    if (days.length < 2 && !recurring) return null;
    return { days: days.sort((a, b) => a - b) };
  }
  return null;
}

const SCHEDULE_PHRASE = `(?:every ?day|each day|every single day|daily|nightly|every (?:morning|night|evening)|(?:every|each|on) weekday|(?:on |during )?(?:the )?weekdays|during the week|(?:every|each|on|at) (?:the )?weekends?|weekends|weekly|(?:\\d|once|twice|thrice|one|two|three|four|five|six|seven)\\s*(?:x|times|days)?\\s*(?:a|per|each|every|/)\\s*week|(?:\\d|two|three|four|five)\\s*(?:x|times)\\s*weekly|(?:(?:every|on|each)\\s+)?${DAY_LIST})`;
const HABIT_LEAD_IN =
  /^(?:please\s+)?(?:(?:add|new|start|create|make)\s+(?:a\s+)?(?:new\s+)?habit|habit|new habit|my new habit is)(?:\s+(?:to|of))?\s*[:\-\u2013\u2014]?\s*/;
const PERSONAL =
  /^(?:i(?:'ll| will| want to| wanna|'m going to| am going to|'m gonna| plan to|'d like to| would like to| need to| should)|i|want to|going to|remind me to)\s+/;
// "weekends: long run", "every day: meditate"; "every morning, stretch".
const LEADING_SCHEDULE = new RegExp(
  `^(${SCHEDULE_PHRASE})\\s*(?:[:\\-\u2013\u2014,]\\s*|\\s+i\\s+)(.+)$`,
);
const TRAILING_SCHEDULE = new RegExp(`^(.+?),?\\s+(${SCHEDULE_PHRASE})$`);

const cleanHabit = (text: string) =>
  text
    .replace(PERSONAL, "")
    .replace(/^["']+|["']+$/g, "")
    .replace(/[\s.!?,;:]+$/u, "")
    .replace(POLITE_END, "")
    .trim();

/** A habit to add: a schedule before or after the habit, or a "habit:" lead-in (daily by default). */
function addHabit(text: string): HabitCommand | null {
  if (text.includes("\n")) return null;
  let body = text;
  const leadIn = HABIT_LEAD_IN.exec(body);
  if (leadIn && leadIn[0].length > 0) body = body.slice(leadIn[0].length);
  let schedule: HabitSchedule | null = null;
  const oneDay = leadIn !== null && leadIn[0].length > 0;
  const leading = LEADING_SCHEDULE.exec(body);
  if (leading) {
    schedule = scheduleOf(leading[1] ?? "", oneDay);
    if (schedule) body = leading[2] ?? "";
  }
  const trailing = TRAILING_SCHEDULE.exec(body);
  if (trailing && !schedule) {
    schedule = scheduleOf(trailing[2] ?? "", oneDay);
    if (schedule) body = trailing[1] ?? "";
  }
  // "run 15k weekly" is 15 km a week, not one run a week.
  if (schedule && trailing?.[2] === "weekly" && hasTarget(cleanHabit(body))) return weekly(body);
  if (!schedule) {
    const period = AMOUNT_PERIOD.exec(body);
    if (period && hasTarget(cleanHabit(period[1] ?? ""))) {
      if (period[2] === "week") return weekly(period[1] ?? "");
      schedule = { days: EVERY_DAY };
      body = period[1] ?? "";
    }
  }
  if (!schedule && leadIn && leadIn[0].length > 0) schedule = { days: EVERY_DAY };
  const habit = cleanHabit(body);
  if (!schedule || !/\p{L}/u.test(habit)) return null;
  return {
    intent: "add_habit",
    habit,
    ...schedule,
    ...("days" in schedule && measureOf(habit, "day")),
  };
}

// "at most 2 coffees a day", "swim 2 km per week": a period that counts an amount.
const AMOUNT_PERIOD = /^(.+?),?\s+(?:a|per|each|every|\/)\s*(day|week)$/;

const hasTarget = (habit: string) => {
  const amount = habitAmountOf(habit);
  return amount !== null && "target" in amount;
};

function measureOf(habit: string, per: "day" | "week"): HabitMeasure {
  const amount = habitAmountOf(habit);
  if (!amount) return {};
  return "avoid" in amount ? amount : { ...amount, per };
}

function weekly(body: string): HabitCommand | null {
  const habit = cleanHabit(body);
  return /\p{L}/u.test(habit)
    ? { intent: "add_habit", habit, ...measureOf(habit, "week"), per: "week" }
    : null;
}

const STOP_VERB =
  "stop|end|quit|cancel|remove|delete|drop|pause|archive|ditch|scrap|turn off|get rid of|no longer track";
const STOP_HABIT_NAMED = new RegExp(
  `^(?:please\\s+)?(?:${STOP_VERB})\\s+(?:the\\s+|my\\s+)?habit(?:\\s+of)?\\s*[:\\-]?\\s*(.+)$`,
);
const STOP_NAMED_HABIT = new RegExp(
  `^(?:please\\s+)?(?:${STOP_VERB}|i'?m done with|done with|give up|giving up)\\s+(?:the\\s+|my\\s+)?(.+?)\\s+habit$`,
);
const NO_MORE = /^no more\s+(?!than\b)(.+)$/;
const SCHEDULE_WORDS = /\b(?:daily|every ?day|nightly|weekly|habit)\b/;

function habitName(text: string) {
  let name = cleanHabit(text).replace(/^(?:daily|nightly|weekly|my|the)\s+/, "");
  const trailing = TRAILING_SCHEDULE.exec(name);
  if (trailing && scheduleOf(trailing[2] ?? "")) name = trailing[1] ?? name;
  return name.trim();
}

/** "stop habit meditate"; "no more daily reading" (outside the morning it names a habit, not a goal). */
function stopHabit(text: string, phase: string): HabitCommand | null {
  const named = STOP_HABIT_NAMED.exec(text) ?? STOP_NAMED_HABIT.exec(text);
  const noMore = NO_MORE.exec(text);
  const phrase =
    named?.[1] ?? (noMore && (phase === "none" || SCHEDULE_WORDS.test(text)) ? noMore[1] : null);
  const habit = phrase ? habitName(phrase) : "";
  return /\p{L}/u.test(habit) ? { intent: "stop_habit", habit } : null;
}

const LIST_HABITS = [
  /^(?:(?:show|list|send|see|view|check|give)\s+(?:me\s+)?)?(?:all\s+)?(?:of\s+)?(?:my\s+|the\s+|current\s+)?habits?(?:\s+list)?(?:\s+please)?$/,
  /\bwhat (?:are|r|were) (?:my|the|all my) (?:current )?habits\b/,
  /\b(?:which|what) habits\b/,
  /^habit list$/,
];

/** The habit command a whole text is, in its user's words, or null. */
export function habitCommand(typed: Typed, phase: string): HabitCommand | null {
  const text = normalize(typed.text)
    .replace(/[\s.!?]+$/u, "")
    .replace(/(?:\s+(?:please|thanks|thank you))+$/, "")
    .replace(/\s+/g, " ");
  if (LIST_HABITS.some((re) => re.test(text))) return { intent: "list_habits" };
  const command = stopHabit(text, phase) ?? addHabit(text);
  return command && "habit" in command
    ? { ...command, habit: asTyped(typed, command.habit) }
    : command;
}

/** Only the explicit "habit" forms, which must win over a pause ("pause habit gym"). */
export function explicitStopHabit(typed: Typed): HabitCommand | null {
  const text = normalize(typed.text).replace(/[\s.!?]+$/u, "");
  const command = /\bhabit\b/.test(text) ? stopHabit(text, "none") : null;
  return command?.intent === "stop_habit"
    ? { ...command, habit: asTyped(typed, command.habit) }
    : command;
}
