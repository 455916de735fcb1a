// The words of an evening check-in: verdict marks, fillers, ordinals, yes and no, and what a
// reading of one is made of (items, outcomes). Pure.

// "open": not done (yet); "not": not done, or skipped when said of today ("not reading today");
// "later": still to be done today, so never read as skipped; "doubt": the reply says two things of
// the goal ("didn't skip", "ran the 5k not done"), which is asked about.
export type Outcome = "done" | "open" | "not" | "later" | "skip" | "tomorrow" | "doubt";
// A "flex" mark reports on the goals just before it ("run done", "2 no") or, with none pending,
// opens the ones after it ("done with the run"); a "prefix" mark always opens ("skipped 2").
type MarkKind = "prefix" | "flex";

export type Item =
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
export type RefItem = Extract<Item, { type: "ref" }>;

// "the rest" names the goals named nowhere else in the reply; "it" the goal named just before;
// "both" (among more than two goals) the two goals named before it.
export type RefBy = "rest" | "pronoun" | "both";

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
  "bailing on|blew off|dropped|ditched|gave up on|giving up on|cancelling|canceling|not doing|" +
  "rest day for|rest day from|rest day on";
const PREFIX_TOMORROW = "postpone|postponing";

export interface MarkEntry {
  words: string[];
  outcome: Outcome;
  kind: MarkKind;
}

export const MARKS: MarkEntry[] = (
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
export const FILLER = new Set(
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
export const GENERIC = new Set(
  "finish complet start work try continu spend keep practic go get mak do tak".split(" "),
);
export const QUANTITY_AFTER =
  /^(?:weeks?|wks?|months?|nights?|pages?|miles?|mi|km|k|min|mins|minutes?|hours?|hrs?|steps?|reps?|laps?|sets?|times?|chapters?|glass(?:es)?|cups?|of|out|percent|more|days?|x)$/;
export const ORDINALS: Record<string, number> = {
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
export const NOT_AN_ORDINAL_AFTER =
  /^(?:night|week|time|minute|evening|day|year|month|thing|weekend)$/;
// "the first one", "the reading one": "one" is a pronoun after these, a number elsewhere.
export const ONE_AS_PRONOUN_AFTER = new Set(
  "the that this each every any no a single other another which last first second third fourth fifth final middle only just".split(
    " ",
  ),
);
export const ALL_WORDS = new Set(["all", "everything", "every", "each"]);
export const AMBIGUOUS_AMOUNT =
  /\b(?:some|most|few|couple|several|majority|half of|(?:one|two|three|\d+) of (?:them|my|the))\b/;

export const YES_TOKENS = new Set([
  "y",
  "yes",
  "yep",
  "yeah",
  "yup",
  "✅",
  "✔",
  "✓",
  "☑",
  "👍",
  "💯",
]);
export const NO_TOKENS = new Set(["n", "no", "nope", "nah", "❌", "✗", "✘", "✖", "x", "👎"]);

export const EXCEPT_ALL =
  /\b(?:all|everything|every ?thing else|all of them|all goals|every goal)\b(?:\s+(?:done|finished|completed))?\s*,?\s*(?:but|except(?: for)?|minus|other than|besides|apart from|save for|aside from|excluding|without|not)\b(.*)$/;
export const ONLY_EXCEPT =
  /\b(?:none|nothing|no ?thing|not one)\b\s*,?\s*(?:but|except(?: for)?|other than|besides|apart from|save for|aside from)\b(.*)$/;
export const CLAUSE_BREAK =
  /[\n;]+|[.!?]+(?=\s|$)|\s+(?:but|except|although|though|however|whereas|while|then)\s+/;

/**
 * The most words of one reading compared with the goals' words (a real reply has a few dozen at
 * most); later ones are read as plain words. Each comparison goes over every word of every goal, so
 * without a bound a 1,600-character message to 50 long goals held the event loop for seconds.
 */
export const MAX_WORDS_MATCHED = 64;

/** What the reader did, for tests that hold it to its bounds. */
export const readerWork = { goalWordsBuilt: 0, wordsMatched: 0 };
