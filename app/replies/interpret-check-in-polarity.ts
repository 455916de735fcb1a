// What a check-in says of each goal it names: done, not done, later, skipped, tomorrow, or a doubt
// (a negation that governs the verdict after it, a verdict before or after the goal). Pure.

import { type Item, type Outcome, type RefBy, type RefItem } from "./interpret-check-in-words";

/** Goal numbers in ascending order. */
export const sorted = (goals: Iterable<number>) => [...goals].sort((a, b) => a - b);

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
export function readClause(items: Item[], count: number): Reading {
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
export function doubtfulGoals(refs: Reading["refs"]): number[] {
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

export const isCheckInLike = (items: Item[]) =>
  items.some((i) => i.type === "ref" || i.type === "mark");
