// Reading an evening check-in: which of today's goals (1-based) the user reports done, skipped or
// moved to tomorrow.
import { dayNumbersOf, positionOfNumber } from "./day-numbers";
import { bulletItems, numberedItems } from "./interpret-goals";
import { formsWithinOneTypo, typoForm, type TypoForm } from "./interpret-normalize";
import { normalize, NUMBER_WORDS, stem, stemsMatch } from "./interpret-text";

// "open": not done (yet); "not": not done, or skipped when said of today ("not reading today");
// "later": still to be done today, so never read as skipped; "doubt": the reply says two things of
// the goal ("didn't skip", "ran the 5k not done"), which is asked about.
type Outcome = "done" | "open" | "not" | "later" | "skip" | "tomorrow" | "doubt";
// A "flex" mark reports on the goals just before it ("run done", "2 no") or, with none pending,
// opens the ones after it ("done with the run"); a "prefix" mark always opens ("skipped 2").
type MarkKind = "prefix" | "flex";

type Item =
  | { type: "sep" }
  /**
   * A word that is no goal's and no verdict; `plain` for "and", "or" and verbs like "finish";
   * `joins` for "and" and "&", which join a goal to the one before it.
   */
  | { type: "word"; plain?: boolean; joins?: boolean }
  | { type: "today" }
  | {
      type: "ref";
      goals: number[];
      byWord: boolean;
      by?: RefBy;
      plural?: boolean;
      /** A goal word that is itself a verb in the past ("ran", "called mom"): a "done" of its own. */
      verb?: boolean;
      /** How many goals a counted reference names ("the other two", "all three", "both"). */
      want?: number;
      /** The reference does not fit the reply ("the other two" when three remain): asked about. */
      misfit?: boolean;
      /** A goal number ("2", "#2", "two"). */
      numeric?: boolean;
    }
  // A goal number out of range ("did 5" with three goals): a question, never a guess.
  | { type: "stray"; number: number }
  /** `verb`: a verb in the past ("finished", "skipped"), which takes the goal after it. */
  | { type: "mark"; outcome: Outcome; kind: MarkKind; verb?: boolean };
// "the rest" names the goals named nowhere else in the reply; "it" the goal named just before;
// "both" (among more than two goals) the two goals named before it.
type RefBy = "rest" | "pronoun" | "both";

const FLEX_DONE =
  "done|finished|completed|complete|yes|y|yep|yeah|yup|ya|yea|yass|check|checked|crushed|nailed|smashed|" +
  "accomplished|achieved|✅|✔|✓|☑|👍|💯";
const FLEX_NOT = "no";
const FLEX_NOT_DONE =
  "n|nope|nah|x|❌|✗|✘|✖|👎|not done|" +
  "not finished|not completed|not complete|not really|incomplete|unfinished|failed|fail|nada|undone";
const FLEX_LATER =
  "not yet|half way|halfway|half done|half|partially|partly|partial|in progress|pending|later|almost|nearly";
const FLEX_TOMORROW = "tomorrow|tmrw|tmr|tomorow|postponed|rescheduled|deferred";
const FLEX_SKIP = "skipped|cancelled|canceled";
// "yes to 1 no to 2": a yes or no with "to" always opens the goals after it.
const PREFIX_DONE =
  "did|got|managed|managed to|knocked out|ticked off|finally did|yes to|yeah to|yep to";
const PREFIX_NOT_DONE =
  "no to|nope to|nah to|didn't|didnt|did not|haven't|havent|have not|hasn't|couldn't|couldnt|could not|wasn't|wasnt|was not|" +
  "never|forgot|forgot to|missed|miss|ran out of time for|no time for|none|nothing|neither|zero|0";
const PREFIX_LATER = "will|gonna|going to|need to|still need to|yet to|about to|still have to";
const PREFIX_SKIP =
  "skip|skipping|won't|wont|will not|not going to|not gonna|passing on|passed on|pass on|bailed on|" +
  "bailing on|blew off|dropped|ditched|gave up on|giving up on|cancelling|canceling|not doing";
const PREFIX_TOMORROW = "postpone|postponing";

interface MarkEntry {
  words: string[];
  outcome: Outcome;
  kind: MarkKind;
}

const MARKS: MarkEntry[] = (
  [
    [FLEX_DONE, "done", "flex"],
    [FLEX_NOT, "not", "flex"],
    [FLEX_NOT_DONE, "open", "flex"],
    [FLEX_LATER, "later", "flex"],
    [FLEX_TOMORROW, "tomorrow", "flex"],
    [FLEX_SKIP, "skip", "flex"],
    [PREFIX_DONE, "done", "prefix"],
    ["not", "not", "prefix"],
    [PREFIX_NOT_DONE, "open", "prefix"],
    [PREFIX_LATER, "later", "prefix"],
    [PREFIX_SKIP, "skip", "prefix"],
    [PREFIX_TOMORROW, "tomorrow", "prefix"],
  ] as const
)
  .flatMap(([list, outcome, kind]) =>
    list.split("|").map((phrase) => ({ words: phrase.split(" "), outcome, kind })),
  )
  .sort((a, b) => b.words.length - a.words.length);

// Words that never identify a goal on their own.
const FILLER = new Set(
  (
    "a an the to of for and or my me i i'm im in on at with by from up out some about before after min mins " +
    "minute minutes hour hours hr hrs h m am pm day today tonight daily least more less than into over it " +
    "its this that these those your our his her their be is are was were been get do make go have has had " +
    "so just only also too really very all one ones thing things goal goals task tasks today's both each " +
    "number num " +
    "every them they we you he she but even still then well though any there here what which"
  ).split(" "),
);
// Verbs that say "I worked on it" rather than which goal; used only when a goal has nothing better.
const GENERIC = new Set(
  "finish complet start work try continu spend keep practic go get mak do tak".split(" "),
);
const QUANTITY_AFTER =
  /^(?:weeks?|wks?|months?|nights?|pages?|miles?|mi|km|k|min|mins|minutes?|hours?|hrs?|steps?|reps?|laps?|sets?|times?|chapters?|glass(?:es)?|cups?|of|out|percent|more|days?|x)$/;
const ORDINALS: Record<string, number> = {
  first: 1,
  "1st": 1,
  second: 2,
  "2nd": 2,
  third: 3,
  "3rd": 3,
  fourth: 4,
  "4th": 4,
  fifth: 5,
  "5th": 5,
  sixth: 6,
  "6th": 6,
};
const NOT_AN_ORDINAL_AFTER = /^(?:night|week|time|minute|evening|day|year|month|thing|weekend)$/;
// "the first one", "the reading one": "one" is a pronoun after these, a number elsewhere.
const ONE_AS_PRONOUN_AFTER = new Set(
  "the that this each every any no a single other another which last first second third fourth fifth final middle only just".split(
    " ",
  ),
);
const ALL_WORDS = new Set(["all", "everything", "every", "each"]);
const AMBIGUOUS_AMOUNT =
  /\b(?:some|most|few|couple|several|majority|half of|(?:one|two|three|\d+) of (?:them|my|the))\b/;

const YES_TOKENS = new Set(["y", "yes", "yep", "yeah", "yup", "✅", "✔", "✓", "☑", "👍", "💯"]);
const NO_TOKENS = new Set(["n", "no", "nope", "nah", "❌", "✗", "✘", "✖", "x", "👎"]);

const EXCEPT_ALL =
  /\b(?:all|everything|every ?thing else|all of them|all goals|every goal)\b(?:\s+(?:done|finished|completed))?\s*,?\s*(?:but|except(?: for)?|minus|other than|besides|apart from|save for|aside from|excluding|without|not)\b(.*)$/;
const ONLY_EXCEPT =
  /\b(?:none|nothing|no ?thing|not one)\b\s*,?\s*(?:but|except(?: for)?|other than|besides|apart from|save for|aside from)\b(.*)$/;
const CLAUSE_BREAK =
  /[\n;]+|[.!?]+(?=\s|$)|\s+(?:but|except|although|though|however|whereas|while|then)\s+/;

/**
 * The most words of one reading compared with the goals' words (a real reply has a few dozen at
 * most); later ones are read as plain words. Each comparison goes over every word of every goal, so
 * without a bound a 1,600-character message to 50 long goals held the event loop for seconds.
 */
export const MAX_WORDS_MATCHED = 64;

/** What the reader did, for tests that hold it to its bounds. */
export const readerWork = { goalWordsBuilt: 0, wordsMatched: 0 };

/** Today's goals' words, prepared once per list of goals (not once per word of a reply). */
interface GoalWords {
  count: number;
  keywords: string[][];
  typoForms: TypoForm[][];
  restIsAGoalWord: boolean;
  remainingIsAGoalWord: boolean;
  /** Each goal's words as a whole phrase (null when too short to quote). */
  quotes: (RegExp | null)[];
}

interface Context extends GoalWords {
  /** The day number of each goal, by position: a typed number is one of these. */
  numbers: readonly number[];
  /** Words this reading may still compare with the goals' words. */
  budget: { left: number };
}

function goalKeywords(goal: string): string[] {
  readerWork.goalWordsBuilt++;
  const words = (normalize(goal).match(/[\p{L}\p{N}']+/gu) ?? []).filter(
    (w) => !FILLER.has(w) && !/^\d+$/.test(w),
  );
  const stems = words.map(stem);
  const specific = stems.filter((s) => !GENERIC.has(s));
  return specific.length > 0 ? specific : stems;
}

const range = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, k) => from + k);

// Only emoji that are marks (yes or no) say something of a goal: "only did the reading 🤷".
const saysSomething = (token: string) =>
  !/\p{Extended_Pictographic}/u.test(token) || YES_TOKENS.has(token) || NO_TOKENS.has(token);

// "1-3" is goals 1 to 3 (the day's numbers between them, when both ends are); "2y" is "2 y".
const tokenize = (text: string, numbers?: readonly number[]) =>
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
function strayNumberAt(words: string[], i: number, ctx: Context): number | undefined {
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

function classify(clause: string, ctx: Context): Item[] {
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
function resolveReferences(clauses: Item[][], count: number): Item[][] {
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
function ambiguityIn(clauses: Item[][], count: number): Ambiguity | null {
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

type RefItem = Extract<Item, { type: "ref" }>;

interface Reading {
  refs: Array<{ goals: number[]; outcome: Outcome; whole: boolean }>;
  marks: Outcome[];
}

type Occurrence = {
  goals: number[];
  at: number;
  by?: RefBy;
  whole: boolean;
  /** The verdict said before the goal ("skipped 2"), or of its own ("ran the 5k"). */
  given?: Outcome;
  /** Whether `given` was said right before the goal, not carried over from an earlier one. */
  direct: boolean;
  /** The verdict said after it ("2 skipped"). */
  suffix?: Outcome;
  part: number;
  /** Joined by "and" to the goal before it, which a verdict right before it opened. */
  joined: boolean;
  /** A number or order word beside a word we do not know ("skp 2"): no verdict is assumed. */
  unsure: boolean;
};

const unknownWord = (item: Item | undefined) => item?.type === "word" && !item.plain;

/** "no", "not", "didn't", "never": a verdict of not done, which governs the verdict after it. */
const negative = (outcome: Outcome | undefined) => outcome === "open" || outcome === "not";

// A negation just before another verdict governs it: "didn't finish", "never got to", "didn't skip".
function governed(items: Item[], at: number, outcome: Outcome): Outcome | undefined {
  const before = items[at - 1];
  if (before?.type !== "mark" || !negative(before.outcome) || negative(outcome)) return undefined;
  return outcome === "done" ? "open" : "doubt";
}

// Whether a goal is named after position `at` before the next comma or verdict: "yes to 1 no to 2".
function refAhead(items: Item[], at: number): boolean {
  for (const item of items.slice(at + 1)) {
    if (item.type === "sep" || item.type === "mark") return false;
    if (item.type === "ref") return true;
  }
  return false;
}

interface ClauseState {
  occurrences: Occurrence[];
  prefix?: Outcome;
  /** Goals a following "done"/"no" may report on. */
  pending: Occurrence[];
  partNumber: number;
  /** "not calling mom today": a goal not done *today*, within one comma-separated part, is skipped. */
  part: Occurrence[];
  skippedToday: Set<Occurrence>;
  negatedParts: Set<number>;
  /** Marks that reported on the goals before them. */
  attached: Set<number>;
}

/**
 * One clause, each goal with its own verdict. A verdict after goals that already have one ("did 1
 * skipped 2", "yes to the first no to the second", "ran the 5k skipped reading") opens the goals
 * after it; after goals without one ("2 skipped", "run done") it reports on them.
 */
function readClause(items: Item[], count: number): Reading {
  const state: ClauseState = {
    occurrences: [],
    pending: [],
    partNumber: 0,
    part: [],
    skippedToday: new Set(),
    negatedParts: new Set(),
    attached: new Set(),
  };
  items.forEach((item, at) => {
    if (item.type === "sep") {
      // "didn't read, ran the 5k": a comma before a goal word ends the "didn't";
      // any comma closes the group a following "done"/"no" reports on ("no to 2, yes to 1").
      const next = items[at + 1];
      if (next?.type === "ref" && (next.byWord || next.by)) state.prefix = undefined;
      state.pending = [];
      state.part = [];
      state.partNumber++;
    } else if (item.type === "today") {
      for (const o of state.part) state.skippedToday.add(o);
    } else if (item.type === "ref") {
      const occurrence = occurrenceOf(item, items, at, count, state);
      state.occurrences.push(occurrence);
      state.pending.push(occurrence);
      state.part.push(occurrence);
    } else if (item.type === "mark") readMark(item, items, at, state);
  });
  return verdictsOf(items, state);
}

function occurrenceOf(
  item: RefItem,
  items: Item[],
  at: number,
  count: number,
  state: ClauseState,
): Occurrence {
  const before = items.slice(0, at).findLast((i) => i.type !== "word");
  const direct = before?.type === "mark";
  // "did 1 and 3": a goal joined by "and" to one a verdict opened.
  const previous = state.pending.at(-1);
  const joiner = items[at - 1];
  const joined =
    joiner?.type === "word" && joiner.joins === true && previous?.at === at - 2 && previous.direct;
  // "skipped reading called mom": a goal verb in the past starts a verdict of its own, unless a
  // negation stands right before it ("never called mom").
  const justBefore = items[at - 1];
  const negated =
    justBefore?.type === "mark" && negative(justBefore.outcome) && !state.attached.has(at - 1);
  const own = item.verb === true && !negated;
  // "did 1, sipped 2": a verdict is not carried to a number over a word we do not know.
  const unknownBefore = item.numeric === true && unknownWord(justBefore) && !direct;
  if (unknownBefore || own) state.prefix = undefined;
  return {
    goals: item.goals,
    at,
    by: item.by,
    whole: !item.byWord && !item.by && item.goals.length === count && count > 1,
    given: own ? "done" : state.prefix,
    direct: own || (direct && state.prefix !== undefined),
    part: state.partNumber,
    joined,
    unsure: item.numeric === true && (unknownWord(justBefore) || unknownWord(items[at + 1])),
  };
}

type MarkItem = Extract<Item, { type: "mark" }>;

/** A verdict: on the goals just before it, or on the ones after it. */
function readMark(item: MarkItem, items: Item[], at: number, state: ClauseState) {
  if (negative(item.outcome)) state.negatedParts.add(state.partNumber);
  const outcome = state.attached.has(at - 1) ? undefined : governed(items, at, item.outcome);
  if (outcome !== undefined) {
    state.prefix = outcome;
    return;
  }
  const { pending } = state;
  const open = pending.slice(pending.findLastIndex((o) => o.direct) + 1);
  // "did 1 and 3 skipped 2": goals joined to one the last verdict opened share it, and a verdict
  // right before a goal opens that one ("did the run and the rest tomorrow" reports).
  const shared = open.length > 0 && open.every((o) => o.joined) && items[at + 1]?.type === "ref";
  const reports = item.kind === "flex" && pending.length > 0 && !shared;
  // "got 2 done", "will do 2 tomorrow": the verdict repeats or narrows what the goals before it
  // have. A verb ("did 2 finished 1") takes the goal after it.
  const confirms =
    !item.verb &&
    pending.every(
      (o) => o.given === item.outcome || (o.given === "later" && item.outcome === "tomorrow"),
    );
  if (reports && (open.length > 0 || confirms || !refAhead(items, at))) {
    // "did 4 and 1, 2 tomorrow": goals joined to one a verdict opened keep it, and the verdict
    // after them reports on the goals after them.
    const lead = open.findIndex((o) => !o.joined);
    const reported = lead > 0 ? open.slice(lead) : open;
    // The nearer word wins over one carried from further back: "did 1 and the rest tomorrow".
    for (const o of reported) o.given = undefined;
    for (const o of reported.length > 0 ? reported : pending) o.suffix = item.outcome;
    state.attached.add(at);
    state.prefix = undefined;
  } else state.prefix = item.outcome;
  state.pending = [];
}

function verdictsOf(items: Item[], state: ClauseState): Reading {
  const { occurrences, attached } = state;
  // "reading skipped": a mark after the last goal, with no goal of its own, reports on the earlier
  // ones. The last such mark is the most specific: "reading, will do it tomorrow".
  const lastRef = occurrences[occurrences.length - 1]?.at ?? -1;
  const trailing = items
    .slice(lastRef + 1)
    .filter((i, k) => i.type === "mark" && !attached.has(lastRef + 1 + k))
    .at(-1);
  const trailingOutcome = trailing?.type === "mark" ? trailing.outcome : undefined;
  // A number beside a word we do not know ("did 1 finishd 3 skipped 2") may be that word's: what
  // that part says is asked about.
  const unsureParts = new Set(occurrences.flatMap((o) => (o.unsure ? [o.part] : [])));
  const outcomes = occurrences.map((o) => {
    const said = verdictOf(o) ?? trailingOutcome;
    // "the rest" and "it" report only with a word of their own: "had a rest" marks nothing.
    if (o.by && said === undefined) return undefined;
    const outcome = unsureParts.has(o.part) ? "doubt" : (said ?? "done");
    return outcome === "not" && state.skippedToday.has(o) ? "skip" : outcome;
  });
  // The second look: a negation in a part where no goal ends up not done governs a "done" there
  // ("not sure I finished the report"), so that "done" is asked about, never written.
  const used = new Set(occurrences.flatMap((o, k) => (outcomes[k] !== "done" ? [o.part] : [])));
  return {
    refs: occurrences.flatMap((o, k) => {
      const outcome = outcomes[k];
      if (outcome === undefined) return [];
      const doubt = outcome === "done" && state.negatedParts.has(o.part) && !used.has(o.part);
      return { goals: o.goals, outcome: doubt ? "doubt" : outcome, whole: o.whole };
    }),
    marks: items.flatMap((i) => (i.type === "mark" ? [i.outcome] : [])),
  };
}

// What a goal's occurrence says: a "done" beside a "not done" is a doubt ("didn't get 2 done");
// otherwise the later word is the more specific ("will do the reading tomorrow").
function verdictOf({ given, suffix }: Occurrence): Outcome | undefined {
  if (given === undefined || suffix === undefined || given === suffix) return suffix ?? given;
  return given === "done" || suffix === "done" ? "doubt" : suffix;
}

/**
 * The second check, over the whole reply: a goal with two verdicts ("did 2 ... 2 skipped") or a
 * doubtful one is asked about. A goal's own verdict outweighs one said of the whole day ("all done,
 * 3 no").
 */
function doubtfulGoals(refs: Reading["refs"]): number[] {
  const verdicts = new Map<number, { whole: Outcome[]; own: Outcome[] }>();
  for (const ref of refs)
    for (const g of ref.goals) {
      const said = verdicts.get(g) ?? { whole: [], own: [] };
      (ref.whole ? said.whole : said.own).push(ref.outcome);
      verdicts.set(g, said);
    }
  return sorted(
    [...verdicts].flatMap(([g, { whole, own }]) => {
      const said = own.length > 0 ? own : whole;
      const doubt =
        said.includes("doubt") || (said.includes("done") && said.some((o) => o !== "done"));
      return doubt ? [g] : [];
    }),
  );
}

const isCheckInLike = (items: Item[]) => items.some((i) => i.type === "ref" || i.type === "mark");

/**
 * A numbered list, unless its numbers are goals named inside sentences: "#1 skipped, didn't do #2"
 * leaves "#2" with nothing after it, and an item ending in "did" or "didn't do" wants its goal.
 */
function numberedListOf(text: string, ctx: Context) {
  const numbered = numberedItems(text);
  if (!numbered || numbered.length < 2) return numbered;
  // "watered the plants\n#1 tomorrow": what comes before a list is no report of its own.
  const before = text.slice(0, Math.max(0, text.indexOf(numbered[0]?.text ?? "")));
  if (isCheckInLike(classify(before.replace(/\(?#?\s?1\)?[.):-]?\s*$/, ""), ctx))) return null;
  const cut = numbered.some((item) => {
    const items = classify(item.text, ctx).filter((i) => i.type !== "word" || !i.plain);
    const last = items.at(-1);
    const wantsGoal =
      last?.type === "mark" && items.length > 1 && (last.kind === "prefix" || last.verb === true);
    return !item.text.trim() || wantsGoal;
  });
  return cut ? null : numbered;
}

/** Clauses of the reply; list items keep their number when they do not name a goal ("1. done"). */
function clausesOf(text: string, ctx: Context): string[] | null {
  // Lines that each report on goals ("skipped 2\n3 done\n#1 tomorrow") are clauses as they stand.
  const lines = text.split("\n").filter((line) => line.trim());
  const reportsWithAVerdict = (line: string) => {
    const items = classify(line, ctx);
    const verdict = items.some((i) => i.type === "mark" || (i.type === "ref" && i.verb));
    return verdict && isCheckInLike(items);
  };
  if (lines.length > 1 && lines.every(reportsWithAVerdict))
    return lines.flatMap((line) => line.split(CLAUSE_BREAK));
  const numbered = numberedListOf(text, ctx);
  const listItems = numbered
    ? numbered.map((item) => {
        const items = classify(item.text, ctx);
        const first = items.find((i) => i.type === "ref" || i.type === "mark");
        // "#1 done; skipped jess": the number is the goal; "1. ran the 5k": it only counts the list.
        const reportsOnNumber = first?.type === "mark" && first.kind === "flex";
        const named = items.some((i) => i.type === "ref" && i.byWord);
        return named && !reportsOnNumber ? item.text : `${item.number} ${item.text}`;
      })
    : (bulletItems(text) ?? (text.includes("\n") ? text.split("\n") : null));
  if (!listItems) return text.split(CLAUSE_BREAK);
  // A list that mostly does not report on today's goals is a new list of goals, not a check-in.
  const itemTexts = numbered ? numbered.map((item) => item.text) : listItems;
  const reporting = itemTexts.filter((item) => isCheckInLike(classify(item, ctx))).length;
  if (reporting * 2 < listItems.length) return null;
  return listItems.flatMap((item) => item.split(CLAUSE_BREAK));
}

function yesNoSequence(text: string, count: number): number[] | null {
  const tokens = tokenize(text).filter((t) => t !== ",");
  const flags =
    tokens.length === 1 && /^[yn]{2,}$/.test(tokens[0] ?? "")
      ? [...(tokens[0] ?? "")].map((c) => c === "y")
      : tokens.map((t) => (YES_TOKENS.has(t) ? true : NO_TOKENS.has(t) ? false : undefined));
  if (flags.length < 2 || flags.some((f) => f === undefined)) return null;
  const unanimous = flags.every((f) => f === flags[0]);
  if (unanimous && flags.length !== count) return flags[0] ? range(1, count) : [];
  return flags.flatMap((f, i) => (f && i < count ? [i + 1] : []));
}

/** Each goal named in the text with what the text says of it (the last word on a goal wins). */
function outcomesIn(text: string, ctx: Context): Map<number, Outcome> {
  const outcomes = new Map<number, Outcome>();
  const [items = []] = resolveReferences([classify(text, ctx)], ctx.count);
  for (const ref of readClause(items, ctx.count).refs)
    for (const g of ref.goals) outcomes.set(g, ref.outcome);
  return outcomes;
}

export interface CheckIn {
  completed: number[];
  skipped: number[];
  tomorrow: number[];
}

const sorted = (goals: Iterable<number>) => [...goals].sort((a, b) => a - b);

function checkIn(completed: number[], others = new Map<number, Outcome>()): CheckIn {
  const named = (outcome: Outcome) =>
    sorted([...others].filter(([g, o]) => o === outcome && !completed.includes(g)).map(([g]) => g));
  return { completed: sorted(completed), skipped: named("skip"), tomorrow: named("tomorrow") };
}

function wholeAnswer(text: string, ctx: Context): CheckIn | null | undefined {
  const percent = /\b(\d{1,3})\s*(?:%|percent)/.exec(text);
  if (percent)
    return percent[1] === "100"
      ? checkIn(range(1, ctx.count))
      : percent[1] === "0"
        ? checkIn([])
        : null;
  const fraction = /\b(\d+)\s*(?:\/|out of|outta|of)\s*(\d+)\b/.exec(text);
  if (fraction) {
    if (fraction[1] === fraction[2]) return checkIn(range(1, ctx.count));
    return fraction[1] === "0" ? checkIn([]) : null;
  }
  const except = EXCEPT_ALL.exec(text);
  if (except) {
    // "all done but 3, I'll do it tomorrow": what is said of the exceptions still counts.
    const left = outcomesIn(except[1] ?? "", ctx);
    if (left.size > 0)
      return checkIn(
        range(1, ctx.count).filter((g) => !left.has(g)),
        left,
      );
  }
  const only = ONLY_EXCEPT.exec(text);
  if (only) return checkIn([...outcomesIn(only[1] ?? "", ctx).keys()]);
  const yesNo = yesNoSequence(text, ctx.count);
  return yesNo ? checkIn(yesNo) : undefined;
}

// A goal repeated word for word is the strongest evidence, and it keeps goals that contain a mark
// ("No sugar", "Inbox zero") from reading as one.
function quoteGoals(text: string, goals: string[]): string {
  return goalWordsOf(goals).quotes.reduce(
    (t, whole, g) => (whole ? t.replace(whole, ` goalref${g + 1} `) : t),
    text,
  );
}

function goalQuote(goal: string): RegExp | null {
  const phrase = normalize(goal).replace(/[\s.!?,;:]+$/, "");
  if (phrase.length < 3) return null;
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "gu");
}

// The goals' words of the lists read lately: one text is read several ways, all with the same list.
const prepared = new WeakMap<readonly string[], { goals: string[]; words: GoalWords }>();

function goalWordsOf(goals: readonly string[]): GoalWords {
  const known = prepared.get(goals);
  if (known && known.goals.length === goals.length && known.goals.every((g, i) => g === goals[i]))
    return known.words;
  const keywords = goals.map(goalKeywords);
  const words: GoalWords = {
    count: goals.length,
    keywords,
    typoForms: keywords.map((kws) => kws.map(typoForm)),
    restIsAGoalWord: keywords.some((kws) => kws.includes("rest")),
    remainingIsAGoalWord: keywords.some((kws) => kws.includes("remain")),
    quotes: goals.map(goalQuote),
  };
  prepared.set(goals, { goals: [...goals], words });
  return words;
}

const contextOf = (goals: readonly string[], numbers?: readonly number[]): Context => ({
  ...goalWordsOf(goals),
  numbers: dayNumbersOf(goals.length, numbers),
  budget: { left: MAX_WORDS_MATCHED },
});

/**
 * What the reply says of today's goals, or null when the text does not read as a check-in
 * (small talk, an unrelated list, an amount we cannot place such as "2 of them").
 */
export function parseCheckIn(
  rawText: string,
  goals: string[],
  numbers?: readonly number[],
): CheckIn | Ambiguity | null {
  const text = quoteGoals(normalize(rawText), goals);
  const ctx = contextOf(goals, numbers);
  const whole = wholeAnswer(text, ctx);
  if (whole !== undefined) return whole;

  const clauses = clausesOf(text, ctx);
  if (!clauses) return null;
  const classified = resolveReferences(
    clauses.map((c) => classify(c, ctx)),
    ctx.count,
  );
  const doubt = ambiguityIn(classified, ctx.count);
  if (doubt) return doubt;
  const readings = classified.map((items) => readClause(items, ctx.count));
  const refs = readings.flatMap((r) => r.refs);
  const marks = readings.flatMap((r) => r.marks);
  const doubtful = doubtfulGoals(refs);
  if (doubtful.length > 0) return { ambiguous: { goals: doubtful } };

  if (refs.length === 0) {
    if (marks.length === 0 || AMBIGUOUS_AMOUNT.test(text)) return null;
    const negative =
      marks.some((m) => m !== "done") && (!marks.includes("done") || marks[0] !== "done");
    return checkIn(negative ? [] : range(1, ctx.count));
  }
  const latest = new Map<number, Outcome>();
  for (const ref of refs.filter((r) => r.whole))
    for (const g of ref.goals) latest.set(g, ref.outcome);
  for (const ref of refs.filter((r) => !r.whole))
    for (const g of ref.goals) latest.set(g, ref.outcome);
  // A goal neither reported done nor named stays open: "skipped 2" says nothing of 1 and 3.
  const done = [...latest].filter(([, o]) => o === "done").map(([g]) => g);
  return checkIn(done, latest);
}

const refsOf = (text: string, goals: string[], numbers?: readonly number[]) =>
  classify(quoteGoals(normalize(text), goals), contextOf(goals, numbers)).filter(
    (i): i is RefItem => i.type === "ref" && !i.by,
  );

/**
 * Whether the text names only `goal`, or no goal at all ("it" names the goal before it): an aside
 * such as "my knee hurts" or "it got cancelled", not "rest done" or "did 2".
 */
export function namesNoOtherGoal(
  text: string,
  goal: number,
  goals: string[],
  numbers?: readonly number[],
): boolean {
  const items = classify(quoteGoals(normalize(text), goals), contextOf(goals, numbers));
  return items.every(
    (i) =>
      i.type !== "ref" ||
      i.by === "pronoun" ||
      (!i.by && i.want === undefined && i.goals.every((g) => g === goal)),
  );
}

/** Whether the text names one particular goal of today's (by number, order or words; not "all"). */
export const namesAGoal = (text: string, goals: string[], numbers?: readonly number[]) =>
  refsOf(text, goals, numbers).some((r) => r.goals.length === 1);

/** Whether it names a goal by its words or starts with one ("reading not today", "3 not today"). */
export function reportsOnAGoal(
  text: string,
  goals: string[],
  numbers?: readonly number[],
): boolean {
  const items = classify(quoteGoals(normalize(text), goals), contextOf(goals, numbers));
  return items[0]?.type === "ref" || refsOf(text, goals, numbers).some((r) => r.byWord);
}

/**
 * The one goal a phrase names ("2", "#3", "the last one", "the gym", "calling mom"), or null when it
 * names none, several, or says more than a name.
 */
export function goalNamedBy(
  phrase: string,
  goals: string[],
  numbers?: readonly number[],
): number | null {
  if (goals.length === 0) return null;
  const ctx = contextOf(goals, numbers);
  const quoted = quoteGoals(normalize(phrase), goals);
  // "dog walked. rest" is two sentences of a check-in, not the name of a goal.
  if (/[.!?;\n](?:\s|$)/.test(quoted.trim().replace(/[.!?]+$/, ""))) return null;
  const items = classify(quoted, ctx);
  const named = new Set(items.flatMap((i) => (i.type === "ref" && !i.by ? i.goals : [])));
  const extraWords = items.filter(
    (i) => i.type === "word" || i.type === "mark" || i.type === "stray",
  ).length;
  const namesTheRest = items.some((i) => i.type === "ref" && i.by === "rest");
  if (named.size !== 1 || extraWords > 1 || namesTheRest) return null;
  return [...named][0] ?? null;
}

/** Whether a word is one of a goal's own (so never read as a misspelt command word). */
export function isGoalWord(word: string, goals: readonly string[]) {
  const s = stem(word);
  return goalWordsOf(goals).keywords.some((kws) => kws.some((k) => stemsMatch(k, s)));
}

/** A phrase that is just a goal number not among today's ("7", "#7"). */
export function strayGoalNumber(
  phrase: string,
  goals: string[],
  numbers?: readonly number[],
): number | undefined {
  const words = tokenize(normalize(phrase));
  return words.length === 1 ? strayNumberAt(words, 0, contextOf(goals, numbers)) : undefined;
}
