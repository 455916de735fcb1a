// Reading an evening check-in: which of today's goals (1-based) the user reports done, skipped or
// moved to tomorrow. Clauses and lists are read here; the words, references and verdicts in the
// modules beside it. Pure.
import {
  dayNumbersOf,
  ambiguityIn,
  classify,
  goalKeywords,
  range,
  resolveReferences,
  strayNumberAt,
  tokenize,
} from "./interpret-check-in-references";
import { bulletItems, numberedItems } from "./interpret-goals";
import { typoForm, normalize, stem, stemsMatch } from "./interpret-text";
import {
  AMBIGUOUS_AMOUNT,
  CLAUSE_BREAK,
  EXCEPT_ALL,
  MAX_WORDS_MATCHED,
  NO_TOKENS,
  ONLY_EXCEPT,
  YES_TOKENS,
} from "./interpret-check-in-words";
import type { Outcome, RefItem } from "./interpret-check-in-words";
import type { Ambiguity, Context, GoalWords } from "./interpret-check-in-references";
import { doubtfulGoals, isCheckInLike, sorted, readClause } from "./interpret-check-in-polarity";

export { MAX_WORDS_MATCHED, readerWork } from "./interpret-check-in-words";
export type { Ambiguity } from "./interpret-check-in-references";

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

/** Whether the reply is a Y/N or ✅/❌ sequence ("y n", "✅ ❌ ✅"), read by position. */
export const isYesNoSequence = (text: string, goals: readonly string[]) =>
  yesNoSequence(normalize(text), goals.length) !== null;

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
  /** Goals reported not done, one by one ("2 ❌", "didn't call mom"): a slip on a habit to avoid. */
  notDone: number[];
}

function checkIn(completed: number[], others = new Map<number, Outcome>()): CheckIn {
  const named = (...outcomes: Outcome[]) =>
    sorted(
      [...others]
        .filter(([g, o]) => outcomes.includes(o) && !completed.includes(g))
        .map(([g]) => g),
    );
  return {
    completed: sorted(completed),
    skipped: named("skip"),
    tomorrow: named("tomorrow"),
    notDone: named("open", "not"),
  };
}

/**
 * "100%", "3/3", "0 of 3": said of the whole day, or of the goals the rest of the text names
 * ("read 100%" is the reading alone); a part ("50%") or nothing said of named goals is a question.
 */
function amountAnswer(text: string, ctx: Context): CheckIn | null | undefined {
  const amount =
    /\b(\d{1,3})\s*(?:%|percent)/.exec(text) ??
    /\b(\d+)\s*(?:\/|out of|outta|of)\s*(\d+)\b/.exec(text);
  if (!amount) return undefined;
  const all = amount[2] === undefined ? amount[1] === "100" : amount[1] === amount[2];
  const none = amount[1] === "0";
  const named = outcomesIn(text.replace(amount[0], " "), ctx);
  if (named.size === 0) return all ? checkIn(range(1, ctx.count)) : none ? checkIn([]) : null;
  const saidDone = [...named.values()].every((outcome) => outcome === "done");
  return all && saidDone ? checkIn([...named.keys()]) : null;
}

function wholeAnswer(text: string, ctx: Context): CheckIn | null | undefined {
  const amount = amountAnswer(text, ctx);
  if (amount !== undefined) return amount;
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
  if (!yesNo) return undefined;
  // "y n": each goal's own mark; a unanimous "no" said of the whole day names no goal.
  const marked = tokenize(text).filter((t) => t !== ",").length === ctx.count;
  const noes = marked ? range(1, ctx.count).filter((g) => !yesNo.includes(g)) : [];
  return checkIn(yesNo, new Map(noes.map((g) => [g, "open" as const])));
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

/** Whether the text names a goal, or words that several goals share ("ran" with two runs). */
export const mentionsAGoal = (text: string, goals: string[], numbers?: readonly number[]) =>
  refsOf(text, goals, numbers).some((r) => r.goals.length === 1 || r.byWord);

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
