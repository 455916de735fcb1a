// The answer to our own question (conventions v4, phase `clarify`): which of the goals offered
// ("Which one did you mean: 2) Floss daily or 3) Floss the retainer?") the user means. Pure.
import { positionOfNumber } from "./interpret-check-in-references";
import { normalize, stem, stemsMatch } from "./interpret-text";
import { ORDINALS } from "./interpret-check-in-words";

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
