// Slips on habits to avoid (conventions v5): the avoided thing with a verb of doing it ("had sugar",
// "was on my phone", "vaped once", "slipped on 3") is a slip; negated ("didn't have sugar", "stayed
// off twitter", "water instead of soda") it is kept; named with neither, it is a question. Pure.
import { positionOfNumber, goalKeywords } from "./interpret-check-in-references";
import { tokensOf, type Token } from "./interpret-values";
import { normalize, stem, stemsMatch } from "./interpret-text";

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
