// Which goals a check-in's words name: numbers, order words, a goal's own words (or one typo from
// them), "the rest", "it" and "both"; and (below) which of the goals offered an answer to our own
// question names. Pure.

import {
  formsWithinOneTypo,
  typoForm,
  type TypoForm,
  normalize,
  NUMBER_WORDS,
  stem,
  stemsMatch,
} from "./interpret-text";
import {
  ALL_WORDS,
  FILLER,
  GENERIC,
  MARKS,
  NOT_AN_ORDINAL_AFTER,
  NO_TOKENS,
  ONE_AS_PRONOUN_AFTER,
  ORDINALS,
  QUANTITY_AFTER,
  YES_TOKENS,
  readerWork,
} from "./interpret-check-in-words";
import type { Item, MarkEntry, RefBy, RefItem } from "./interpret-check-in-words";

/** Today's goals' words, prepared once per list of goals (not once per word of a reply). */
export interface GoalWords {
  count: number;
  keywords: string[][];
  typoForms: TypoForm[][];
  restIsAGoalWord: boolean;
  remainingIsAGoalWord: boolean;
  /** Each goal's words as a whole phrase (null when too short to quote). */
  quotes: (RegExp | null)[];
}

export interface Context extends GoalWords {
  /** The day number of each goal, by position: a typed number is one of these. */
  numbers: readonly number[];
  /** Words this reading may still compare with the goals' words. */
  budget: { left: number };
}

export function goalKeywords(goal: string): string[] {
  readerWork.goalWordsBuilt++;
  const words = (normalize(goal).match(/[\p{L}\p{N}']+/gu) ?? []).filter(
    (w) => !FILLER.has(w) && !/^\d+$/.test(w),
  );
  const stems = words.map(stem);
  const specific = stems.filter((s) => !GENERIC.has(s));
  return specific.length > 0 ? specific : stems;
}

export const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, k) => from + k);

// Only emoji that are marks (yes or no) say something of a goal: "only did the reading 🤷".
const saysSomething = (token: string) =>
  !/\p{Extended_Pictographic}/u.test(token) || YES_TOKENS.has(token) || NO_TOKENS.has(token);

// "1-3" is goals 1 to 3 (the day's numbers between them, when both ends are); "2y" is "2 y".
export const tokenize = (text: string, numbers?: readonly number[]) =>
  text
    .replace(/\b(\d)\s*(?:-|\u2013|to|thru|through)\s*(\d)\b/g, (_, a: string, b: string) =>
      numbersBetween(Number(a), Number(b), numbers).join(" "),
    )
    .replace(/\b(\d+)([yn])\b/g, "$1 $2")
    .replace(/(^|\s)[&+](?=\s|$)/g, "$1and")
    .replace(/\bwork(?:ed|ing)? out\b/g, "workout")
    .match(/,|[#\p{L}\p{N}']+|\p{Extended_Pictographic}|[\u2713\u2717\u2718\u2611]/gu)
    ?.filter(saysSomething) ?? [];

function numbersBetween(from: number, to: number, numbers?: readonly number[]) {
  const all = range(from, to);
  const ends = numbers !== undefined && numbers.includes(from) && numbers.includes(to);
  return ends ? all.filter((n) => numbers.includes(n)) : all;
}

function markAt(words: string[], i: number): MarkEntry | undefined {
  return MARKS.find((m) => m.words.every((w, k) => words[i + k] === w));
}

function countWord(word: string | undefined): number | undefined {
  if (!word) return undefined;
  return /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word];
}

/** The goals a word (or an ordinal + count) refers to, with the number of words it used. */
type RefMatch = {
  goals: number[];
  len: number;
  byWord: boolean;
  by?: RefBy;
  plural?: boolean;
  verb?: boolean;
  want?: number;
  numeric?: boolean;
};

// "all the others", "everything else", "the rest".
const REST_AFTER_ALL = ["else", "others", "other ones", "the others", "the other ones", "the rest"];
// "had a rest", "got some rest", "rest day": the noun, not the goals left.
const REST_AS_NOUN_AFTER = new Set(
  "a some more good enough need needed get got getting no bed my of".split(" "),
);

function restLength(words: string[], i: number, ctx: Context): number {
  const w = words[i] ?? "";
  if (ALL_WORDS.has(w)) {
    const tail = REST_AFTER_ALL.find((t) => t.split(" ").every((x, k) => words[i + 1 + k] === x));
    return tail ? 1 + tail.split(" ").length : 0;
  }
  const noun = REST_AS_NOUN_AFTER.has(words[i - 1] ?? "") || /^days?$/.test(words[i + 1] ?? "");
  if (w === "rest" && !ctx.restIsAGoalWord && !noun) return 1;
  if (w === "others") return 1;
  if (w === "remaining" && !ctx.remainingIsAGoalWord)
    return words[i + 1] === "ones" || words[i + 1] === "goals" ? 2 : 1;
  return w === "other" && words[i + 1] === "ones" ? 2 : 0;
}

/**
 * "the other two", "the other one", "the remaining two", "all three", "both": a reference that says
 * how many goals it names, so that a count that does not fit is asked about rather than guessed.
 */
function countedRefAt(words: string[], i: number, ctx: Context): RefMatch | null {
  const w = words[i] ?? "";
  const next = words[i + 1];
  const counted = next === "one" ? 1 : countWord(next);
  if ((w === "other" || (w === "remaining" && !ctx.remainingIsAGoalWord)) && counted !== undefined)
    return { goals: [], len: 2, byWord: false, by: "rest", want: counted };
  const quantity = QUANTITY_AFTER.test(words[i + 2] ?? "") && words[i + 2] !== "of";
  if (ALL_WORDS.has(w) && next !== "one" && counted !== undefined && counted >= 2 && !quantity) {
    const len = words[i + 2] === "of" && words[i + 3] === "them" ? 4 : 2;
    return { goals: range(1, ctx.count), len, byWord: false, want: counted };
  }
  if (w === "both" && ctx.count > 2)
    return { goals: [], len: 1, byWord: false, by: "both", want: 2 };
  // "the first one done, the other tmrw": the one goal left.
  if (w === "other" && words[i - 1] === "the" && !NOT_AN_ORDINAL_AFTER.test(next ?? ""))
    return { goals: [], len: 1, byWord: false, by: "rest", want: 1 };
  return null;
}

// Past forms of goal verbs: "ran the 5k" is a report of its own, whatever follows it.
const PAST_FORMS = new Set(
  "ran swam wrote ate drank went made took paid sent bought met slept rode spoke fed got did".split(
    " ",
  ),
);
const isPastForm = (word: string) =>
  PAST_FORMS.has(word) || (word.length > 4 && /[^e]ed$/.test(word) && stem(word) !== word);

function refAt(words: string[], i: number, ctx: Context): RefMatch | null {
  const w = (words[i] ?? "").replace(/^#/, "");
  const next = words[i + 1] ?? "";
  const inRange = (n: number) => n >= 1 && n <= ctx.count;

  const quoted = /^goalref(\d+)$/.exec(w);
  if (quoted) return { goals: [Number(quoted[1])], len: next === "one" ? 2 : 1, byWord: true };

  const counted = countedRefAt(words, i, ctx);
  if (counted) return counted;
  const rest = restLength(words, i, ctx);
  if (rest > 0) return { goals: [], len: rest, byWord: false, by: "rest" };
  // "that reading" names the reading; "did that" the goal named before.
  const determiner = w === "that" && refAt(words, i + 1, ctx)?.byWord === true;
  if ((w === "it" || w === "that") && !determiner)
    return { goals: [], len: next === "one" ? 2 : 1, byWord: false, by: "pronoun" };
  if (determiner) return null;

  if (ALL_WORDS.has(w) || (w === "both" && ctx.count <= 2))
    return { goals: range(1, ctx.count), len: 1, byWord: false };

  const ordinal =
    w === "last" || w === "final" ? ctx.count : w === "middle" ? (ctx.count + 1) / 2 : ORDINALS[w];
  if (ordinal !== undefined && !NOT_AN_ORDINAL_AFTER.test(next) && words[i - 1] !== "at") {
    const span = countWord(next);
    if (span !== undefined && span >= 2 && span <= ctx.count && (w === "first" || w === "last")) {
      const goals = w === "first" ? range(1, span) : range(ctx.count - span + 1, ctx.count);
      return { goals, len: 2, byWord: false };
    }
    return Number.isInteger(ordinal) && inRange(ordinal)
      ? { goals: [ordinal], len: 1, byWord: false }
      : null;
  }

  const number = countWord(w);
  if (number !== undefined) {
    const pronoun = w === "one" && ONE_AS_PRONOUN_AFTER.has(words[i - 1] ?? "");
    const position = positionOfNumber(number, ctx.numbers);
    if (pronoun || QUANTITY_AFTER.test(next) || position === undefined) return null;
    return { goals: [position], len: 1, byWord: false, numeric: true };
  }

  if (FILLER.has(w) || w.length < 2) return null;
  const goals = goalsNamedByWord(w, ctx);
  if (!goals) return null;
  // "the emails" names both "Email Jess" and "Email Tom"; "emailed" could be either.
  const plural = goals.length > 1 && /s$/.test(w) && !ctx.keywords.some((kws) => kws.includes(w));
  const verb = isPastForm(w) && !ctx.keywords.some((kws) => kws.includes(w));
  return { goals, len: next === "one" ? 2 : 1, byWord: true, plural, verb }; // "the reading one"
}

/** The goals a word names by their words (or one typo from them), or null: none, or past the bound. */
function goalsNamedByWord(w: string, ctx: Context): number[] | null {
  if (ctx.budget.left <= 0) return null;
  ctx.budget.left--;
  readerWork.wordsMatched++;
  const s = stem(w);
  const goals = ctx.keywords.flatMap((kws, g) =>
    kws.some((k) => stemsMatch(k, s)) ? [g + 1] : [],
  );
  if (goals.length > 0) return goals;
  // A goal's word misspelt ("laundy") names it only when no other goal is as close. A changed letter
  // counts only in longer words: "cleared the table" does not name "Clean kitchen".
  const [stemForm, wordForm] = [typoForm(s), typoForm(w)];
  const typo = (k: TypoForm) =>
    formsWithinOneTypo(stemForm, k, 6) || formsWithinOneTypo(wordForm, k, 6);
  const close = ctx.typoForms.flatMap((forms, g) => (forms.some(typo) ? [g + 1] : []));
  return close.length === 1 ? close : null;
}

const NOT_A_GOAL_NUMBER_AFTER = new Set(["at", "by", "before", "after", "until", "till", "around"]);
const ENDS_A_GOAL_NUMBER = new Set([",", "and", "&", "or", "today", "tonight"]);

/** A goal number not among today's ("did 5" with three goals), not a quantity. */
export function strayNumberAt(words: string[], i: number, ctx: Context): number | undefined {
  const n = countWord((words[i] ?? "").replace(/^#/, ""));
  if (n === undefined || ctx.count === 0 || n < 1 || n > 20) return undefined;
  if (positionOfNumber(n, ctx.numbers) !== undefined) return undefined;
  if (NOT_A_GOAL_NUMBER_AFTER.has(words[i - 1] ?? "")) return undefined;
  if (words[i] === "one" && ONE_AS_PRONOUN_AFTER.has(words[i - 1] ?? "")) return undefined;
  const next = words[i + 1];
  const endsHere =
    next === undefined ||
    ENDS_A_GOAL_NUMBER.has(next) ||
    markAt(words, i + 1) !== undefined ||
    countWord(next) !== undefined;
  return endsHere ? n : undefined;
}

export function classify(clause: string, ctx: Context): Item[] {
  const words = tokenize(clause, ctx.numbers);
  const items: Item[] = [];
  for (let i = 0; i < words.length;) {
    const mark = markAt(words, i);
    if (words[i] === ",") {
      items.push({ type: "sep" });
      i += 1;
    } else if (mark) {
      const verb = /(?:ed|complete)$/.test(mark.words[0] ?? "");
      items.push({ type: "mark", outcome: mark.outcome, kind: mark.kind, ...(verb && { verb }) });
      i += mark.words.length;
    } else if (words[i] === "today" || words[i] === "tonight") {
      items.push({ type: "today" });
      i += 1;
    } else {
      const ref = refAt(words, i, ctx);
      const stray = ref ? undefined : strayNumberAt(words, i, ctx);
      if (ref) pushRef(items, ref);
      else if (stray !== undefined) items.push({ type: "stray", number: stray });
      else if (/^(?:and|&)$/.test(words[i] ?? ""))
        items.push({ type: "word", plain: true, joins: true });
      else if (words[i] === "or" || GENERIC.has(stem(words[i] ?? "")))
        items.push({ type: "word", plain: true });
      else if (!FILLER.has(words[i] ?? "")) items.push({ type: "word" });
      i += ref?.len ?? 1;
    }
  }
  return items;
}

// Consecutive goal words narrow each other down: "called" + "mom" is "Call mom", not "Call dad".
function pushRef(items: Item[], ref: RefMatch) {
  const last = items[items.length - 1];
  if (last?.type === "ref" && last.byWord && ref.byWord) {
    const both = last.goals.filter((g) => ref.goals.includes(g));
    if (both.length) {
      last.goals = both;
      if (ref.verb) last.verb = true;
      return;
    }
  }
  const { goals, byWord, by, plural, verb, want, numeric } = ref;
  items.push({
    type: "ref",
    goals,
    byWord,
    ...(by && { by }),
    ...(plural && { plural }),
    ...(verb && { verb }),
    ...(want !== undefined && { want }),
    ...(numeric && { numeric }),
  });
}

/** Fills in what "the rest", "it" and "both" name, over the whole reply. */
export function resolveReferences(clauses: Item[][], count: number): Item[][] {
  const refs = clauses.flat().filter((i): i is RefItem => i.type === "ref");
  const named = new Set(refs.flatMap((r) => (r.by || r.want ? [] : r.goals)));
  let last: number[] = [];
  const before = new Set<number>();
  for (const ref of refs) {
    if (ref.by === "rest") ref.goals = range(1, count).filter((g) => !named.has(g));
    else if (ref.by === "pronoun") ref.goals = [...last];
    else if (ref.by === "both") ref.goals = [...before];
    else last = ref.goals;
    if (!ref.by) for (const g of ref.goals) before.add(g);
    if (ref.want !== undefined && ref.goals.length !== ref.want) ref.misfit = true;
  }
  return clauses;
}

export type Ambiguity = { ambiguous: { number: number } | { goals: number[] } };

/**
 * A goal number out of range in a report ("did 5", "1 and 5"; not "ask 5"), or a word naming several
 * goals that nothing else tells apart.
 */
export function ambiguityIn(clauses: Item[][], count: number): Ambiguity | null {
  const items = clauses.flat();
  const stray = items.find((i) => i.type === "stray");
  const reports = items.some((i) => i.type === "mark") || items.every((i) => i.type !== "word");
  if (stray?.type === "stray" && reports) return { ambiguous: { number: stray.number } };
  const refs = items.filter((i): i is RefItem => i.type === "ref");
  // "the other two" when three remain, "all three" of four goals, "both" with no two named.
  const misfit = refs.find((r) => r.misfit);
  if (misfit)
    return { ambiguous: { goals: misfit.goals.length > 0 ? misfit.goals : range(1, count) } };
  const wholeDay = refs.some((r) => !r.byWord && !r.by && r.goals.length === count && count > 1);
  const told = new Set(refs.flatMap((r) => (r.goals.length === 1 ? r.goals : [])));
  const vague = refs.find(
    (r) => r.byWord && !r.plural && r.goals.length > 1 && r.goals.some((g) => !told.has(g)),
  );
  return vague && !wholeDay ? { ambiguous: { goals: vague.goals } } : null;
}

// The day's numbers (conventions v4): each goal keeps one number all day. Inside the reader goals
// are positions 1..n as shown; a typed number is a day number, and every number in an answer is one.

/** The day number of each goal shown, in order; 1 to n when none (or a list that does not fit) is given. */
export function dayNumbersOf(goalCount: number, numbers?: readonly number[]): number[] {
  const valid =
    numbers !== undefined &&
    numbers.length === goalCount &&
    numbers.every((n) => Number.isInteger(n) && n >= 1) &&
    new Set(numbers).size === numbers.length;
  return valid ? [...numbers] : Array.from({ length: goalCount }, (_, i) => i + 1);
}

/** The position (1-based, as shown) of the goal a typed number names, or undefined: no such goal. */
export function positionOfNumber(typed: number, numbers: readonly number[]): number | undefined {
  const index = numbers.indexOf(typed);
  return index < 0 ? undefined : index + 1;
}

/** The day numbers of goals given by position, in ascending order. */
export function dayNumbersAt(positions: readonly number[], numbers: readonly number[]): number[] {
  return positions
    .map((p) => numbers[p - 1])
    .filter((n): n is number => n !== undefined)
    .sort((a, b) => a - b);
}

// The answer to our own question (conventions v4, phase `clarify`): which of the goals offered
// ("Which one did you mean: 2) Floss daily or 3) Floss the retainer?") the user means. Pure.

/** The goals chosen (day numbers, [] for none), `undecided` for an answer that says nothing. */
export type Choice = { goals: number[] } | "undecided";

export interface Question {
  /** Today's goals as shown, and their day numbers. */
  goals: readonly string[];
  numbers: readonly number[];
  /** The day numbers the question offered. */
  options: readonly number[];
}

const EVERY_OPTION =
  /^(?:both|all|all of (?:them|those|em|'em)|both of (?:them|those|em|'em)|the two(?: of them)?|(?:all|both) (?:two|three|four|five)(?: of them)?)$/;
const NO_OPTION =
  /^(?:neither|none|no|nope|nah|never ?mind|nvm|nevermind|neither of (?:them|those|the two)|none of (?:them|those|the above)|neither one|not either(?: one)?|nothing|no thanks)$/;
const YES_TO_ONE =
  /^(?:y|yes|yeah|yep|yup|ya|yea|yes i did|i did|yep i did|yes it is|it is|done|did|did it|i did it|finished|yes done|yep done)$/;
// "idk": it answers nothing, and the question stays.
const NO_ANSWER =
  /^(?:idk|i dunno|dunno|i don'?t know|not sure|i'?m not sure|either|either one|whichever|any|doesn'?t matter|who knows|yes|yeah|yep|yup|ok|okay|sure|done|did)$/;

// Words that say nothing at all: "neither lol", "oh both".
const CHOICE_FILLER = new Set(
  "lol lmao haha hahaha hehe oh oops um uh hmm ah well so sorry actually please thanks".split(" "),
);
// Words that only carry an answer: "yes both", "the retainer one", "I meant 2", "2 done".
const CARRIER = new Set(
  (
    "yes yeah yep yup ya yea ok okay sure lol haha lmao oh oops um uh hmm so sorry ah well i i'm meant " +
    "mean the one ones it it's its was is that those this goal number please thanks done did one's " +
    "my for just only option to with"
  ).split(" "),
);
const JOINER = /\s*(?:,|&|\+|\band\b|\bor\b|\bplus\b|\balso\b)\s*/;

/**
 * The answer a text gives to the question, or null when the text is not an answer (STOP, a check-in
 * naming other goals, new goals...): then it is read as in the phase the question was asked in.
 */
export function readChoice(text: string, question: Question): Choice | null {
  const options = question.options.filter((n) => positionOfNumber(n, question.numbers));
  if (options.length === 0) return null;
  const t = answerForm(text);
  if (NO_OPTION.test(t)) return { goals: [] };
  // "Is 4) Finish the report done?": a yes chooses the one goal offered.
  if (options.length === 1 && YES_TO_ONE.test(t)) return { goals: options };
  if (NO_ANSWER.test(t)) return "undecided";
  // "no, the retainer": a correction, then the answer.
  const words = t
    .replace(/^(?:no|nope|nah),\s*(?=\S)/, "")
    .split(" ")
    .filter((w) => w && !CARRIER.has(w));
  const phrase = words.join(" ");
  if (EVERY_OPTION.test(phrase)) return { goals: [...options].sort((a, b) => a - b) };
  if (words.length === 0) return null;
  const parts = phrase.split(JOINER).filter(Boolean);
  const chosen = parts.map((part) => optionNamedBy(part, options, question));
  if (chosen.some((c) => c === undefined)) return null;
  return { goals: [...new Set(chosen as number[])].sort((a, b) => a - b) };
}

const answerForm = (text: string) =>
  normalize(text)
    .replace(/\p{Extended_Pictographic}|[\u200d\ufe0f]/gu, " ")
    .replace(/[!?.;:"()]+/g, " ")
    .replace(/#\s*(?=\d)/g, "")
    .replace(/(\d)\s+(?=\d)/g, "$1, ")
    .split(/\s+/)
    .filter((word) => word && !CHOICE_FILLER.has(word))
    .join(" ");

/** The option one part of the answer names: its day number, its place, or words of its goal. */
function optionNamedBy(part: string, options: number[], question: Question): number | undefined {
  const words = part.split(" ");
  if (words.length === 1 && /^\d{1,3}$/.test(part)) {
    const typed = Number(part);
    return options.includes(typed) ? typed : undefined;
  }
  if (words.length === 1) {
    const place =
      part === "former"
        ? 1
        : part === "last" || part === "latter"
          ? options.length
          : ORDINALS[part];
    if (place !== undefined) return options[place - 1];
  }
  if (words.some((w) => /\d/.test(w))) return undefined;
  // Words of exactly one option's goal, all of them found there ("the retainer", "daily floss").
  const named = options.filter((n) => {
    const goal = question.goals[(positionOfNumber(n, question.numbers) ?? 0) - 1] ?? "";
    const goalStems = (normalize(goal).match(/[\p{L}\p{N}']+/gu) ?? []).map(stem);
    return words.every((w) => goalStems.some((g) => stemsMatch(g, stem(w))));
  });
  return named.length === 1 ? named[0] : undefined;
}
