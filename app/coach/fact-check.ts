import type { CoachContext } from "./coach-prompt";

/**
 * Does a model's feedback state only what it was told? Pure. Every number it names (digits, number
 * words, ordinals), every weekday and every habit it mentions must be among the facts of the
 * prompt (today's counts, the streak, the week, the goals' own words, the day), and it must not
 * contradict today's outcome ("glad you didn't finish" when everything is done). A small model
 * invents ("4 days available"), miscounts ("your 3th goal") and flips meanings; whatever cannot be
 * checked this way is not said: the rule-based feedback is sent instead.
 */

export type CoachFacts = CoachContext & {
  /** The check-in's weekday, e.g. "Saturday". */
  weekday: string;
};

/** The number words from zero to nineteen, each at its value. */
export const NUMBER_WORDS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const ORDINAL_UNITS = [
  "zeroth",
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
  "eleventh",
  "twelfth",
  "thirteenth",
  "fourteenth",
  "fifteenth",
  "sixteenth",
  "seventeenth",
  "eighteenth",
  "nineteenth",
];
const ORDINAL_TENS = TENS.map((t) => (t ? `${t.slice(0, -1)}ieth` : ""));

const WORD_VALUES = new Map<string, number>([
  ...NUMBER_WORDS.map((w, i) => [w, i] as const),
  ...TENS.flatMap((w, i) => (w ? [[w, i * 10] as const] : [])),
  ["hundred", 100],
  ["thousand", 1000],
  ["dozen", 12],
  ["both", 2],
]);
const ORDINAL_VALUES = new Map<string, number>([
  ...ORDINAL_UNITS.map((w, i) => [w, i] as const),
  ...ORDINAL_TENS.flatMap((w, i) => (w ? [[w, i * 10] as const] : [])),
  ["hundredth", 100],
]);

/** "one" that counts nothing: "no one", "this one", "one day at a time". */
const IDIOMS = [
  /\b(?:no|any|every|each|some|the|this|that|which|another|little|big|good) one\b/g,
  /\bone (?:another|by one|day at a time|step at a time|more time)\b/g,
  /\bat (?:first|once)\b/g,
  /\bfirst (?:step|thing)\b/g,
  /\bsecond (?:nature|wind)\b/g,
  /\bin the long run\b/g,
  /\bturn the page\b/g,
];

/** Habits a coach could name: mentioning one that is not among today's goals is inventing a goal. */
const HABITS = [
  "run",
  "jog",
  "walk",
  "hike",
  "swim",
  "bike",
  "cycle",
  "gym",
  "workout",
  "exercise",
  "yoga",
  "stretch",
  "pushup",
  "squat",
  "plank",
  "read",
  "book",
  "page",
  "write",
  "journal",
  "study",
  "meditate",
  "meditation",
  "pray",
  "water",
  "drink",
  "eat",
  "diet",
  "meal",
  "cook",
  "vegetable",
  "fruit",
  "sugar",
  "coffee",
  "alcohol",
  "smoke",
  "tidy",
  "laundry",
  "dish",
  "code",
  "email",
  "piano",
  "guitar",
  "sing",
  "draw",
  "paint",
  "language",
  "spanish",
  "french",
  "budget",
  "floss",
  "mile",
  "km",
  "marathon",
  "dog",
  "garden",
];

const NEGATED_COMPLETION =
  /\b(?:(?:did|do|does|have|has|is|was|are|were) ?n[o']?t|never|not|without|no)\s+(?:[\w']+\s+){0,2}?(?:finish|finished|complete|completed|done|achieve|achieved|make it|accomplish|accomplished)\b|\b(?:missed|skipped|failed|fell short|incomplete|unfinished)\b/;
const ALL_DONE_CLAIM =
  /\b(?:all (?:done|finished|complete|completed|of (?:your|them|today'?s) goals)|everything (?:done|finished|completed)|(?:finished|completed|did|crushed|nailed) (?:all|everything|every|both)|(?:perfect|flawless) day|clean sweep)\b/;
const SOME_DONE_CLAIM =
  /\b(?:you (?:finished|completed|did it|crushed|nailed|got it done|checked off|accomplished)|(?:well|nicely) done|great job (?:finishing|completing|getting|on)|way to go|congrat\w*)\b/;

/**
 * The first thing `answer` states that the facts do not, in a few words for the log, or null when
 * everything it says was given.
 */
export function unstatedFact(answer: string, facts: CoachFacts): string | null {
  const text = normalize(answer);
  const checked = IDIOMS.reduce((t, idiom) => t.replace(idiom, " "), text);
  const known = numbersGiven(facts);

  for (const claim of numbersIn(checked)) {
    if (claim.malformed) return `the malformed ordinal "${claim.word}"`;
    const allowed = claim.ordinal
      ? knownOrdinal(claim.value, known, facts)
      : known.has(claim.value);
    if (!allowed) return `the number "${claim.word}", not given`;
  }

  const count = wrongCount(checked, facts);
  if (count) return count;

  const today = facts.weekday.toLowerCase();
  for (const day of checked.match(/\b(?:sun|mon|tues|wednes|thurs|fri|satur)days?\b/g) ?? []) {
    if (day.replace(/s$/, "") !== today) return `the day "${day}", not given`;
  }

  const written = [...facts.goals.map((g) => g.description), facts.photoDescription ?? ""];
  const given = new Set((normalize(written.join(" ")).match(/[a-z]+/g) ?? []).map(habitOf));
  for (const word of checked.match(/[a-z]+/g) ?? []) {
    const habit = habitOf(word);
    if (habit && !given.has(habit)) return `the habit "${word}", not among the goals`;
  }

  return contradiction(checked, facts) ?? discouragement(checked);
}

// A coach cheers: a small model sometimes belittles ("not one to be proud of", "it's not about your
// accomplishments") or scolds. Whatever sounds like that is not sent; the rule-based feedback is.
const DISCOURAGING = [
  /\bnot (?:\w+ ){0,4}(?:proud|impressive|enough|good|great|much)\b/,
  /\bnot about (?:you|your)\b/,
  /\b(?:disappoint\w*|ashamed|shameful|lazy|pathetic|failure|useless|worthless|waste of)\b/,
  /\b(?:should have|shouldn't have|you failed|give up)\b/,
];

function discouragement(text: string) {
  const found = DISCOURAGING.map((pattern) => pattern.exec(text)?.[0]).find(Boolean);
  return found ? `the discouraging "${found}"` : null;
}

/**
 * "2 of 3" must be a count of the same thing: today's done of its goals, or the week's days. Each
 * number alone may be given ("I did 2 of my 3 goals" when 1 of 3 is done, 2 open) and the pair false.
 */
function wrongCount(text: string, facts: CoachFacts) {
  const done = facts.goals.filter((g) => g.done).length;
  const days = (pattern: string) => facts.week.filter((d) => d === pattern).length;
  const pairs = [
    [done, facts.goals.length],
    ...["all", "some", "none"].map((p) => [days(p), facts.week.length]),
  ];
  const pattern =
    /\b([a-z]+|\d+) (?:out )?of (?:my |your |the |their |all |these |those )?([a-z]+|\d+)\b/g;
  for (const [phrase, part, whole] of text.matchAll(pattern)) {
    const [n, m] = [countOf(part!), countOf(whole!)];
    if (n === null || m === null) continue;
    if (!pairs.some(([a, b]) => a === n && b === m)) return `the count "${phrase}", not given`;
  }
  return null;
}

function countOf(token: string) {
  if (/^\d+$/.test(token)) return Number(token);
  const word = wordValue(token);
  return word && !word.ordinal ? word.value : null;
}

/** A sentence that says done what is not, or not done what is: about the day, or about one goal. */
function contradiction(text: string, facts: CoachFacts) {
  const done = facts.goals.filter((g) => g.done).length;
  const total = facts.goals.length;
  const habitsOf = (goals: CoachFacts["goals"]) =>
    new Set(goals.flatMap((g) => (normalize(g.description).match(/[a-z]+/g) ?? []).map(habitOf)));
  const doneHabits = habitsOf(facts.goals.filter((g) => g.done));
  const openHabits = habitsOf(facts.goals.filter((g) => !g.done));
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    const named = (sentence.match(/[a-z]+/g) ?? []).map(habitOf).filter((h) => h !== null);
    const onlyAbout = (habits: Set<string | null>, others: Set<string | null>) =>
      named.length > 0 && named.every((h) => habits.has(h) && !others.has(h));
    if (NEGATED_COMPLETION.test(sentence)) {
      if (done === total) return "a goal not done: all are";
      if (onlyAbout(doneHabits, openHabits)) return "a done goal not done";
    }
    if (done < total && ALL_DONE_CLAIM.test(sentence)) return "every goal done: not all are";
    if (SOME_DONE_CLAIM.test(sentence)) {
      if (done === 0) return "a goal done: none is";
      if (onlyAbout(openHabits, doneHabits)) return "an open goal done";
    }
  }
  return null;
}

type NumberClaim = { word: string; value: number; ordinal: boolean; malformed: boolean };

function normalize(text: string) {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/(\d),(\d{3})\b/g, "$1$2");
}

/** The numbers a text names: "3", "3.5", "twenty-one", "3rd", "3th" (malformed), "third". */
export function numbersIn(text: string): NumberClaim[] {
  const claims: NumberClaim[] = [];
  const lowered = normalize(text);
  for (const match of lowered.matchAll(/\d+(?:\.\d+)?(?:st|nd|rd|th)?/g)) {
    const word = match[0];
    const suffix = /(st|nd|rd|th)$/.exec(word)?.[1];
    const value = Number(suffix ? word.slice(0, -2) : word);
    claims.push({
      word,
      value,
      ordinal: Boolean(suffix),
      malformed: Boolean(suffix) && suffix !== ordinalSuffix(value),
    });
  }
  const words = lowered.match(/[a-z]+(?:-[a-z]+)?/g) ?? [];
  for (const word of words) {
    const value = wordValue(word);
    if (value) claims.push({ word, ...value, malformed: false });
  }
  return claims;
}

function wordValue(word: string): { value: number; ordinal: boolean } | null {
  const parts = word.split("-");
  if (parts.length === 2) {
    const tens = WORD_VALUES.get(parts[0]!);
    const unit = WORD_VALUES.get(parts[1]!) ?? ORDINAL_VALUES.get(parts[1]!);
    if (tens === undefined || unit === undefined || tens % 10 !== 0 || tens < 20 || unit > 9) {
      return parts.some((p) => WORD_VALUES.has(p) || ORDINAL_VALUES.has(p))
        ? wordValue(parts.find((p) => WORD_VALUES.has(p) || ORDINAL_VALUES.has(p))!)
        : null;
    }
    return { value: tens + unit, ordinal: ORDINAL_VALUES.has(parts[1]!) };
  }
  if (WORD_VALUES.has(word)) return { value: WORD_VALUES.get(word)!, ordinal: false };
  if (ORDINAL_VALUES.has(word)) return { value: ORDINAL_VALUES.get(word)!, ordinal: true };
  return null;
}

export function ordinalSuffix(n: number) {
  if (!Number.isInteger(n)) return "th";
  if (n % 100 >= 11 && n % 100 <= 13) return "th";
  return ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
}

/** Every number the prompt gave: today's counts, the streak, the week's, and those in the goals. */
export function numbersGiven(facts: CoachFacts): Set<number> {
  const done = facts.goals.filter((g) => g.done).length;
  const skipped = facts.goals.filter((g) => g.skipped).length;
  const total = facts.goals.length;
  const count = (pattern: string) => facts.week.filter((d) => d === pattern).length;
  const numbers = new Set([
    done,
    total,
    total - done - skipped,
    skipped,
    facts.streak,
    facts.week.length,
    count("all"),
    count("some"),
    count("none"),
  ]);
  const written = [...facts.goals.map((g) => g.description), facts.photoDescription ?? ""];
  for (const claim of numbersIn(written.join(" "))) numbers.add(claim.value);
  return numbers;
}

/** "third" is a count given, or a place among today's goals ("your second goal"). */
function knownOrdinal(value: number, known: Set<number>, facts: CoachFacts) {
  return known.has(value) || (value >= 1 && value <= facts.goals.length);
}

/** The habit a word names, whatever its ending: "running" and "runs" are "run". */
export function habitOf(word: string): string | null {
  const stem = stemOf(word);
  return HABITS.find((habit) => habit === stem || habit === `${stem}e`) ?? null;
}

function stemOf(word: string) {
  let stem = word;
  if (/ing$/.test(stem) && stem.length > 5) stem = stem.slice(0, -3);
  else if (/ed$/.test(stem) && stem.length > 4) stem = stem.slice(0, -2);
  else if (/(?:ch|sh|x|ss)es$/.test(stem)) stem = stem.slice(0, -2);
  else if (/[^s]s$/.test(stem) && stem.length > 3) stem = stem.slice(0, -1);
  if (stem !== word && /([bdgmnprt])\1$/.test(stem)) stem = stem.slice(0, -1);
  return stem;
}

/**
 * What may be kept of an answer cut off at its token limit: its complete sentences, without the
 * unfinished tail, and as many of them from the start as `fits` allows. Pure. Null when no complete
 * sentence of a few words is left: half a sentence is no feedback. What is kept is then screened and
 * fact-checked like any answer.
 */

const MIN_WORDS = 4;
const MIN_LENGTH = 20;

/** Words whose period does not end a sentence. */
const ABBREVIATIONS = /\b(?:mr|mrs|ms|dr|st|vs|etc|e\.g|i\.e|approx|min|hr|hrs|no)$/i;

export function completeSentences(
  text: string,
  fits: (kept: string) => boolean = () => true,
): string | null {
  const trimmed = text.trim();
  const ends: number[] = [];
  // A sentence ends at . ! or ? (not an ellipsis), with any closing quote or bracket, before a space.
  for (const match of trimmed.matchAll(/[.!?]+["'\u201d\u2019)\]]*(?=\s|$)/g)) {
    if (match[0].includes("..")) continue;
    const before = trimmed.slice(0, match.index);
    if (match[0].startsWith(".") && (ABBREVIATIONS.test(before) || isListMarker(before))) continue;
    ends.push(match.index + match[0].length);
  }
  const kept = ends
    .map((end) => balanceQuotes(trimmed.slice(0, end)))
    .findLast((candidate) => fits(candidate));
  if (kept === undefined) return null;
  const words = kept.match(/[\p{L}\p{N}']+/gu) ?? [];
  return words.length >= MIN_WORDS && kept.length >= MIN_LENGTH ? kept : null;
}

/** "1." or "2." at the start of a line numbers a list item; it ends nothing. */
function isListMarker(before: string) {
  return /(?:^|\n)\s*\d+$/.test(before);
}

/** An opening quote whose closing quote was in the tail cut off goes with it. */
function balanceQuotes(text: string) {
  const straight = (text.match(/"/g) ?? []).length;
  if (straight % 2 === 1 && text.startsWith('"')) return text.slice(1).trim();
  if (text.startsWith("\u201c") && !text.includes("\u201d")) return text.slice(1).trim();
  return text;
}
