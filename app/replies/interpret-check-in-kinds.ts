// A check-in to goals of every kind (conventions v5): values for measured goals, slips on habits to
// avoid, and a note on a day. Each piece of the reply (between commas, dashes, colons, parentheses
// and sentences) gives its values and slips first; what is left is read as a yes/no check-in. Pure.
import { isYesNoSequence, parseCheckIn, namesAGoal, type CheckIn } from "./interpret-check-in";
import type { Ambiguity } from "./interpret-check-in-references";
import { isSmallTalk } from "./interpret-commands";
import { avoidedGoals, slipsIn } from "./interpret-slips";
import { keywordForm } from "./interpret-text";
import { isMeasured, measuredGoals, valuesIn, type GoalKind } from "./interpret-values";

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
      // "35 pages and called mom": what is left reports on other goals; "today 😬" on none.
      if (namesAGoal(left, yesNoGoals, numbers)) {
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
