// The values a check-in gives measured goals (conventions v5): "read 35", "ran 3.2 today",
// "35 pages", "2 coffees", "no coffee today" for an at-most goal. Every other number is a day
// number; a value in another unit ("ran 2 miles" for a habit in km) is a question. Pure.
import { goalKeywords } from "./interpret-check-in-references";
import { stem, stemsMatch, NUMBER_WORDS } from "./interpret-text";

export type MeasuredKind = {
  unit: string | null;
  target: number;
  atMost: boolean;
  per: "day" | "week";
};
/** What a goal is (conventions v5): yes/no (null), measured, or a habit to avoid. */
export type GoalKind = MeasuredKind | "avoid" | null;

export const isMeasured = (kind: GoalKind | undefined): kind is MeasuredKind =>
  typeof kind === "object" && kind !== null;

/** A measured goal, by position, with the words and unit that name it. */
export interface Measured {
  position: number;
  kind: MeasuredKind;
  keywords: string[];
  unit: string | null;
}

// "At most 2 coffees": what is counted names the goal, not how much of it.
const NOT_A_NAME = new Set(["most", "max", "maximum", "under", "fewer", "limit"]);

export function measuredGoals(goals: readonly string[], kinds: readonly GoalKind[]): Measured[] {
  return goals.flatMap((goal, i) => {
    const kind = kinds[i];
    if (!isMeasured(kind)) return [];
    const unitWord = kind.unit?.trim().split(/\s+/)[0];
    return {
      position: i + 1,
      kind,
      keywords: goalKeywords(goal).filter((k) => !NOT_A_NAME.has(k)),
      unit: unitWord ? unitName(unitWord) : null,
    };
  });
}

export type FoundValue = { goal: number; value: number; from: number; to: number };
export type ValuesInPiece = { values: FoundValue[] } | "question";

// Words between a goal's words and its value that change nothing: "read about 35".
const SOFTENERS = new Set(
  "about around like only just roughly nearly almost maybe another ~".split(" "),
);
// "ran at 6", "read until 11": a clock time or a day, not an amount.
const NOT_AN_AMOUNT_AFTER = new Set("at by before after until till since from on of to".split(" "));
const ZERO_WORDS = new Set(["no", "zero", "0"]);
// "ran 2 done": a verdict after the number makes it read as a day number too, so it is asked.
const VERDICT =
  /^(?:done|finished|completed?|skipped|tomorrow|tmrw|yes|no|y|n|x|✅|✔|✓|☑|👍|💯|❌|✗|✘|✖|👎)$/u;

const named = (word: string | undefined, measured: Measured[]) => {
  if (!word || !/^\p{L}/u.test(word)) return [];
  const s = stem(word);
  return measured.filter((m) => m.keywords.some((k) => stemsMatch(k, s))).map((m) => m.position);
};

const inUnit = (word: string | undefined, measured: Measured[]) =>
  word
    ? measured.filter((m) => m.unit !== null && m.unit === unitName(word)).map((m) => m.position)
    : [];

/** The word a number's unit is ("35 pages", "15k"), and the token it ends at. */
function unitAfter(tokens: Token[], i: number): { word?: string; end: number } {
  const t = tokens[i]!;
  if (t.suffix) return { word: t.suffix, end: t.end };
  const next = tokens[i + 1];
  if (!next || next.number !== undefined || !/^\p{L}/u.test(next.word)) return { end: t.end };
  // "6 glasses of water": the unit runs on over "of" and its word.
  const ofWord = tokens[i + 2]?.word === "of" ? tokens[i + 3] : undefined;
  return { word: next.word, end: ofWord && /^\p{L}/u.test(ofWord.word) ? ofWord.end : next.end };
}

function valueAt(
  text: string,
  tokens: Token[],
  i: number,
  measured: Measured[],
  numbers: readonly number[],
): FoundValue | "question" | null {
  const t = tokens[i]!;
  if (t.number === undefined || t.word.startsWith("#") || isTimeOrOrdinal(t)) return null;
  // "50%", "2/3", "2 of them": a share of the day, read as before.
  if (/^\s*(?:%|\/|percent|out of|of\b)/.test(text.slice(t.end))) return null;
  let p = i - 1;
  while (p >= 0 && SOFTENERS.has(tokens[p]!.word)) p--;
  const before = tokens[p];
  if (before && NOT_AN_AMOUNT_AFTER.has(before.word)) return null;
  const unit = unitAfter(tokens, i);
  const byWordBefore = named(before?.word, measured);
  const byUnit = [...inUnit(unit.word, measured), ...named(unit.word, measured)];
  // "one coffee" is an amount; "read one" is not said.
  const goals = new Set([...(t.spelt ? [] : byWordBefore), ...byUnit]);
  if (goals.size === 0) return null;
  if (goals.size > 1) return "question";
  // "ran 2 miles" for a goal in km: never converted, asked.
  if (unit.word && isMeasure(unit.word) && byUnit.length === 0) return "question";
  const dayNumber = Number.isInteger(t.number) && numbers.includes(t.number);
  if (byUnit.length === 0 && dayNumber && VERDICT.test(tokens[i + 1]?.word ?? ""))
    return "question";
  const goal = [...goals][0]!;
  const from = byWordBefore.length > 0 && before && !t.spelt ? before.start : t.start;
  const to = byUnit.length > 0 ? unit.end : t.end;
  return { goal, value: t.number, from, to };
}

/** "no coffee today" for an at-most goal: none of what it counts, which is the value 0. */
function zeroAt(tokens: Token[], i: number, measured: Measured[]): FoundValue | null {
  const t = tokens[i]!;
  if (!ZERO_WORDS.has(t.word)) return null;
  const next = tokens[i + 1]?.word === "more" ? tokens[i + 2] : tokens[i + 1];
  const atMost = measured.filter((m) => m.kind.atMost);
  const goals = new Set([...inUnit(next?.word, atMost), ...named(next?.word, atMost)]);
  if (goals.size !== 1 || !next) return null;
  return { goal: [...goals][0]!, value: 0, from: t.start, to: next.end };
}

/** The values one piece of a reply gives, with where each stands; a question when unsure. */
export function valuesIn(
  text: string,
  measured: Measured[],
  numbers: readonly number[],
): ValuesInPiece {
  if (measured.length === 0) return { values: [] };
  const tokens = tokensOf(text);
  const values: FoundValue[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const found = valueAt(text, tokens, i, measured, numbers) ?? zeroAt(tokens, i, measured);
    if (found === "question") return "question";
    if (!found) continue;
    if (values.some((v) => v.goal === found.goal && v.value !== found.value)) return "question";
    values.push(found);
    while (tokens[i + 1] && tokens[i + 1]!.start < found.to) i++;
  }
  // "read for 30 min" for a goal in pages: an amount in another unit beside the goal's words.
  const foreign = tokens.some((t, i) => {
    if (t.number === undefined || isTimeOrOrdinal(t)) return false;
    const unit = unitAfter(tokens, i).word;
    return (
      unit !== undefined &&
      isMeasure(unit) &&
      !values.some((v) => v.from <= t.start && t.end <= v.to)
    );
  });
  if (foreign && tokens.some((t) => named(t.word, measured).length > 0)) return "question";
  return { values };
}

// Amounts and units in a reply (conventions v5): "3.2", "3,2", "10,000", "15k", "35 pages". Pure.

/** A word of a piece of a reply, with where it stands; a number carries its value. */
export interface Token {
  word: string;
  start: number;
  end: number;
  number?: number;
  /** A unit written on the number ("15k", "3.2km"); "pm" and "am" make it a clock time. */
  suffix?: string;
  /** A number in words ("one coffee"): an amount only with what it counts after it. */
  spelt?: boolean;
}

const TOKEN =
  /#?\d+(?:,\d{3})+(?![\d,])[\p{L}]*|#?\d+(?:[.,]\d+)?[\p{L}]*|[\p{L}][\p{L}\p{N}']*|\p{Extended_Pictographic}|[\u2713\u2717\u2718\u2611]/gu;

/** "10,000" is ten thousand; "3,2" and "3.2" are three point two. */
export function numberOf(digits: string): number {
  const plain = /^\d+(?:,\d{3})+$/.test(digits) ? digits.replace(/,/g, "") : digits;
  return Number(plain.replace(",", "."));
}

export function tokensOf(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((m) => {
    const word = m[0];
    const start = m.index ?? 0;
    const numeric = /^(\d+(?:,\d{3})+(?![\d,])|\d+(?:[.,]\d+)?)(\p{L}*)$/u.exec(word);
    const token: Token = { word, start, end: start + word.length };
    if (numeric) {
      token.number = numberOf(numeric[1] ?? "");
      if (numeric[2]) token.suffix = numeric[2];
    } else if (NUMBER_WORDS[word] !== undefined) {
      token.number = NUMBER_WORDS[word];
      token.spelt = true;
    }
    return token;
  });
}

// The units people write, each read as one name: "k", "kms" and "kilometres" are all "km".
const UNIT_NAMES: [RegExp, string][] = [
  [/^(?:k|km|kms|kilometers?|kilometres?|klicks?)$/, "km"],
  [/^(?:mi|miles?)$/, "mi"],
  [/^(?:m|meters?|metres?)$/, "m"],
  [/^(?:min|mins|minutes?)$/, "min"],
  [/^(?:h|hr|hrs|hours?)$/, "h"],
  [/^(?:l|liters?|litres?)$/, "l"],
  [/^(?:ml|milliliters?|millilitres?)$/, "ml"],
  [/^(?:kg|kgs|kilos?|kilograms?)$/, "kg"],
  [/^(?:lb|lbs|pounds?)$/, "lb"],
  [/^(?:oz|ounces?)$/, "oz"],
  [/^(?:cal|cals|kcal|calories?)$/, "kcal"],
];
// Words that name a unit of measure, so a number before one in another goal's unit is a question.
const MEASURES =
  /^(?:pages?|steps?|reps?|laps?|sets?|glass(?:es)?|cups?|chapters?|words?|pushups?|situps?|squats?|servings?|bottles?|km|mi|m|min|h|l|ml|kg|lb|oz|kcal)$/;

/** One name for a unit word: "kms" is "km", "pages" is "pag" (a stem), so singular and plural meet. */
export function unitName(word: string): string {
  const w = word.toLowerCase();
  const named = UNIT_NAMES.find(([re]) => re.test(w));
  return named ? named[1] : stem(w);
}

/** Whether a word is a unit of measure ("miles", "pages", "kms"). */
export const isMeasure = (word: string) =>
  MEASURES.test(unitName(word)) || MEASURES.test(word.toLowerCase());

/** A clock time or an ordinal written on a number ("10pm", "2nd"): never an amount. */
export const isTimeOrOrdinal = (token: Token) =>
  token.suffix !== undefined && /^(?:am|pm|st|nd|rd|th|x)$/.test(token.suffix);
