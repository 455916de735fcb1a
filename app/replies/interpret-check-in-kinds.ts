// A check-in to goals of every kind (conventions v5): values for measured goals, slips on habits to
// avoid, and a note on a day. Each piece of the reply (between commas, dashes, colons, parentheses
// and sentences) gives its values and slips first; what is left is read as a yes/no check-in. Pure.
import {
  isYesNoSequence,
  mentionsAGoal,
  namesAGoal,
  parseCheckIn,
  type CheckIn,
} from "./interpret-check-in";
import type { Ambiguity } from "./interpret-check-in-references";
import { isSmallTalk } from "./interpret-commands";
import { keywordForm, normalize, stem, stemsMatch } from "./interpret-text";
import {
  isMeasured,
  measuredGoals,
  valuesIn,
  type GoalKind,
  tokensOf,
  type Token,
} from "./interpret-values";
import { positionOfNumber, goalKeywords } from "./interpret-check-in-references";

export type { GoalKind, MeasuredKind } from "./interpret-values";

/** Positions (1-based, as shown) of goals, with what the reply gives them. */
export interface KindsCheckIn extends CheckIn {
  values: { goal: number; value: number }[];
  slipped: number[];
  notes: { goal: number; note: string }[];
}

type Piece = { sep: string; text: string };

const SEPARATOR =
  /(\s*(?:,(?!\d)|;|\n|\s[-\u2013\u2014]+\s|:\s|\(|\)|[.!?]+(?=\s|$)|\s+but\s+)\s*)/;
// A note is set off by a dash, a colon, a comma or parentheses ("read 35 - great chapter").
const NOTE_SEPARATOR = /^(?:,|[-\u2013\u2014]+|:|\()$/;
// "no slips", "clean", "nope": the answer to "Any slips?" that records nothing.
const NO_SLIPS =
  /^(?:no slips?(?: today)?|no slip ?ups?|zero slips?|0 slips?|none|nope|clean|all clean|stayed clean|clean day|no)$/;

function piecesOf(text: string): Piece[] {
  const parts = text.split(SEPARATOR);
  const pieces: Piece[] = [];
  for (let i = 0; i < parts.length; i += 2)
    pieces.push({ sep: parts[i - 1] ?? "", text: parts[i] ?? "" });
  return pieces;
}

function without(text: string, ranges: { from: number; to: number }[]): string {
  let out = "";
  let at = 0;
  for (const r of [...ranges].sort((a, b) => a.from - b.from)) {
    out += text.slice(at, Math.max(at, r.from));
    at = Math.max(at, r.to);
  }
  return (out + text.slice(at)).replace(/\s+/g, " ").trim();
}

const goalsOf = (reading: CheckIn | Ambiguity | null) =>
  reading && !("ambiguous" in reading)
    ? [...reading.completed, ...reading.skipped, ...reading.tomorrow, ...reading.notDone]
    : [];

/** A piece that names no goal and gives no verdict, in words (an emoji alone is not a note). */
const isAside = (text: string, goals: string[], numbers: readonly number[]) =>
  /\p{L}/u.test(text) &&
  !isSmallTalk(text) &&
  parseCheckIn(text, goals, numbers) === null &&
  !namesAGoal(text, goals, numbers);

const MAX_PIECES = 12;

const EMPTY: CheckIn = { completed: [], skipped: [], tomorrow: [], notDone: [] };

/**
 * The reply read with its goals' kinds; "question" when a value or a slip could be read either way,
 * null when it is no check-in at all, an Ambiguity when the yes/no reading asks.
 */
export function parseKindsCheckIn(
  text: string,
  goals: string[],
  numbers: readonly number[],
  kinds: readonly GoalKind[],
  asTyped: (found: string) => string = (found) => found,
): KindsCheckIn | Ambiguity | "question" | null {
  const avoid = goals.flatMap((_, i) => (kinds[i] === "avoid" ? [i + 1] : []));
  const measured = measuredGoals(goals, kinds);
  const avoided = avoidedGoals(goals, avoid);
  if (avoid.length > 0 && NO_SLIPS.test(keywordForm(text)))
    return { ...EMPTY, values: [], slipped: [], notes: [] };
  // The yes/no reader does not read an avoided thing's words: the slips are read here.
  const yesNoGoals = goals.map((g, i) => (avoid.includes(i + 1) ? "" : g));

  const values: KindsCheckIn["values"] = [];
  const slips = new Set<number>();
  const kept = new Set<number>();
  const notes: KindsCheckIn["notes"] = [];
  const rest: Piece[] = [];
  const pieces = piecesOf(text).filter((p) => p.text.trim());
  // Each piece with a finding or an aside is read again on its own: a real reply has a few.
  const readsNotes = pieces.length <= MAX_PIECES;
  let piecesWithFindings = 0;
  // The goals the piece before reported on, read only when a note may follow it.
  let reportedBefore = (): number[] => [];
  for (const piece of pieces) {
    const found = valuesIn(piece.text, measured, numbers);
    const said = slipsIn(piece.text, numbers, avoided);
    if (found === "question" || said === "question") return "question";
    const ranges = [...found.values, ...said.findings];
    if (ranges.length > 0) {
      if (++piecesWithFindings > MAX_PIECES) return "question";
      for (const v of found.values) values.push({ goal: v.goal, value: v.value });
      for (const f of said.findings) (f.said === "slip" ? slips : kept).add(f.goal);
      const left = without(piece.text, ranges);
      const goalsFound = ranges.map((r) => r.goal);
      reportedBefore = () => goalsFound;
      // "35 pages and called mom": what is left reports on other goals ("and ran" with two runs is
      // asked about); "today 😬" on none.
      if (mentionsAGoal(left, yesNoGoals, numbers)) {
        rest.push({ sep: piece.sep, text: left });
        reportedBefore = () => goalsOf(parseCheckIn(left, yesNoGoals, numbers));
      }
      continue;
    }
    const set = readsNotes && NOTE_SEPARATOR.test(piece.sep.trim());
    const before = set ? reportedBefore() : [];
    if (before.length === 1 && isAside(piece.text, goals, numbers)) {
      notes.push({ goal: before[0]!, note: asTyped(piece.text.trim()) });
      continue;
    }
    rest.push(piece);
    reportedBefore = () => goalsOf(parseCheckIn(piece.text, yesNoGoals, numbers));
  }

  const restText = rest.map((p, i) => (i === 0 ? p.text : p.sep + p.text)).join("");
  const findings = values.length + slips.size + kept.size + notes.length > 0;
  // With nothing of version 5 found, the reply reads as before (an empty text with a photo too).
  const reading =
    restText.trim() || !findings ? parseCheckIn(restText, yesNoGoals, numbers) : EMPTY;
  if (reading && "ambiguous" in reading) return reading;
  if (!reading && !findings) return null;
  const yesNo = reading ?? EMPTY;
  const valued = new Set(values.map((v) => v.goal));
  // A value does not complete; a habit to avoid is kept unless the user says they slipped.
  const plain = (list: number[]) => list.filter((g) => !avoid.includes(g) && !valued.has(g));
  const notDoneAvoided = yesNo.notDone.filter((g) => avoid.includes(g));
  // "n y" to "No sugar" and another goal: "no" may answer "Any slips?" as well as mark a slip.
  if (notDoneAvoided.length > 0 && isYesNoSequence(restText, goals)) return "question";
  for (const g of notDoneAvoided) slips.add(g);
  const result = {
    completed: plain(yesNo.completed),
    skipped: yesNo.skipped.filter((g) => !valued.has(g)),
    tomorrow: yesNo.tomorrow.filter((g) => !valued.has(g)),
    notDone: plain(yesNo.notDone),
    values,
    slipped: [...slips].sort((a, b) => a - b),
  };
  const recorded = new Set([
    ...result.completed,
    ...result.skipped,
    ...result.tomorrow,
    ...valued,
    ...slips,
    ...kept,
  ]);
  return { ...result, notes: notes.filter((n) => recorded.has(n.goal)) };
}

/** Kinds that fit the goals (one per goal, each null, "avoid" or a measured goal), else none. */
export function kindsFor(goals: readonly string[], kinds: unknown): GoalKind[] | undefined {
  if (!Array.isArray(kinds) || kinds.length !== goals.length) return undefined;
  const fits = kinds.every(
    (k) =>
      k === null ||
      k === "avoid" ||
      (isMeasured(k as GoalKind) &&
        typeof (k as { target?: unknown }).target === "number" &&
        ((k as { per?: unknown }).per === "day" || (k as { per?: unknown }).per === "week")),
  );
  return fits ? (kinds as GoalKind[]) : undefined;
}

// Slips on habits to avoid (conventions v5): the avoided thing with a verb of doing it ("had sugar",
// "was on my phone", "vaped once", "slipped on 3") is a slip; negated ("didn't have sugar", "stayed
// off twitter", "water instead of soda") it is kept; named with neither, it is a question. Pure.

/** A habit to avoid, by position, with the words of the thing avoided ("No sugar": "sugar"). */
export interface Avoided {
  position: number;
  things: string[];
  phrase: string;
}

// The words that say "not this": "No sugar", "Avoid soda", "Quit vaping", "Stay off twitter".
const AVOID_WORDS = new Set([
  "no",
  "avoid",
  "quit",
  "stop",
  "stay",
  "off",
  "away",
  "cut",
  "kick",
  "never",
]);

export function avoidedGoals(goals: readonly string[], avoid: readonly number[]): Avoided[] {
  return avoid.map((position) => {
    const goal = goals[position - 1] ?? "";
    const things = goalKeywords(goal).filter((k) => !AVOID_WORDS.has(k) && !/\d/.test(k));
    return { position, things, phrase: normalize(goal).replace(/[\s.!?,;:]+$/, "") };
  });
}

const NEGATIONS = new Set(
  (
    "didn't didnt not no never without avoided resisted skipped zero none haven't havent hasn't " +
    "wasn't wasnt stayed kept stopped nothing off away"
  ).split(" "),
);
const NEGATION_PAIRS = new Set(["did not", "instead of", "have not", "was not", "stayed off"]);
const SLIP_VERBS = new Set(
  (
    "had have has having ate eat eating eaten drank drink drinking drunk used use using smoked " +
    "smoking vaped vaping was were been scrolled scrolling bought ordered caved slipped cheated " +
    "grabbed took snacked gave indulged relapsed opened checked watched played got"
  ).split(" "),
);
// "slipped on 3", "caved on the soda": a slip said of a goal by its number.
const SLIP_ON = new Set(["slipped", "caved", "cheated", "relapsed", "failed"]);
const NOT_DONE_MARKS = new Set(["❌", "✗", "✘", "✖", "👎"]);
const DONE_MARKS = new Set(["✅", "✔", "✓", "☑", "👍", "💯"]);
const LOOK_BACK = 4;
const KEPT_AFTER = new Set(["free", "clean", "none", "zero", "0", "off"]);

type Said = "slip" | "kept";
export type SlipFinding = { goal: number; said: Said; from: number; to: number };
export type SlipsInPiece = { findings: SlipFinding[] } | "question";

const isPast = (word: string) => /[^e]ed$/.test(word) && word.length > 4;

/** What the words before the avoided thing say of it, and where they start. */
function saidBefore(tokens: Token[], k: number): { said: Said; from: number } | null {
  for (let j = k - 1; j >= Math.max(0, k - LOOK_BACK); j--) {
    const word = tokens[j]!.word;
    const pair = j > 0 ? `${tokens[j - 1]!.word} ${word}` : "";
    if (NEGATION_PAIRS.has(pair)) return { said: "kept", from: tokens[j - 1]!.start };
    if (NEGATIONS.has(word)) return { said: "kept", from: tokens[j]!.start };
    if (SLIP_VERBS.has(word)) {
      // "didn't have sugar", "never had sugar", "did not eat sugar": the verb is negated.
      const prev = tokens[j - 1];
      const prevPair = j > 1 ? `${tokens[j - 2]!.word} ${prev!.word}` : "";
      if (NEGATION_PAIRS.has(prevPair)) return { said: "kept", from: tokens[j - 2]!.start };
      if (prev && NEGATIONS.has(prev.word)) return { said: "kept", from: prev.start };
      return { said: "slip", from: tokens[j]!.start };
    }
    if (tokens[j]!.number !== undefined || /\p{Extended_Pictographic}/u.test(word)) break;
  }
  return null;
}

function findingAt(
  text: string,
  tokens: Token[],
  k: number,
  goal: Avoided,
): SlipFinding | "question" {
  const token = tokens[k]!;
  const quoted = goal.phrase.length > 2 && text.includes(goal.phrase);
  const after = tokens[k + 1]?.word ?? "";
  // "No sugar ❌": a mark on the goal itself.
  if (quoted && (NOT_DONE_MARKS.has(after) || DONE_MARKS.has(after))) {
    const from = text.indexOf(goal.phrase);
    const said: Said = NOT_DONE_MARKS.has(after) ? "slip" : "kept";
    return { goal: goal.position, said, from, to: tokens[k + 1]!.end };
  }
  // "sugar free", "sugar-free day", "twitter: none".
  if (KEPT_AFTER.has(after))
    return { goal: goal.position, said: "kept", from: token.start, to: tokens[k + 1]!.end };
  const before = saidBefore(tokens, k);
  if (before) return { goal: goal.position, said: before.said, from: before.from, to: token.end };
  // "vaped once" for "Quit vaping": the avoided thing's own verb, in the past.
  if (isPast(token.word) || SLIP_VERBS.has(token.word))
    return { goal: goal.position, said: "slip", from: token.start, to: token.end };
  return "question";
}

function slipOnNumber(
  tokens: Token[],
  i: number,
  numbers: readonly number[],
  avoid: Avoided[],
): SlipFinding | "question" | null {
  if (!SLIP_ON.has(tokens[i]!.word)) return null;
  const at = tokens[i + 1]?.word === "on" || tokens[i + 1]?.word === "with" ? i + 2 : i + 1;
  const number = tokens[at];
  if (number?.number === undefined || number.suffix) return null;
  const position = positionOfNumber(number.number, numbers);
  const goal = avoid.find((a) => a.position === position);
  if (!goal) return "question";
  return { goal: goal.position, said: "slip", from: tokens[i]!.start, to: number.end };
}

/** What one piece of a reply says of the habits to avoid, with where each is said. */
export function slipsIn(text: string, numbers: readonly number[], avoid: Avoided[]): SlipsInPiece {
  if (avoid.length === 0) return { findings: [] };
  const tokens = tokensOf(text);
  const findings: SlipFinding[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const word = tokens[k]!.word;
    const byNumber = slipOnNumber(tokens, k, numbers, avoid);
    if (byNumber === "question") return "question";
    if (byNumber) {
      findings.push(byNumber);
      continue;
    }
    if (!/^\p{L}/u.test(word)) continue;
    const s = stem(word);
    const goals = avoid.filter((a) => a.things.some((t) => stemsMatch(t, s)));
    if (goals.length === 0) continue;
    if (goals.length > 1) return "question";
    const found = findingAt(text, tokens, k, goals[0]!);
    if (found === "question") return "question";
    findings.push(found);
  }
  const slips = new Set(findings.filter((f) => f.said === "slip").map((f) => f.goal));
  // A slip and a "not" of the same goal in one piece: read either way, so asked.
  if (findings.some((f) => f.said === "kept" && slips.has(f.goal))) return "question";
  return { findings };
}
