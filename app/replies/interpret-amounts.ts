// Amounts and units in a reply (conventions v5): "3.2", "3,2", "10,000", "15k", "35 pages". Pure.
import { NUMBER_WORDS, stem } from "./interpret-text";

/** A word of a piece of a reply, with where it stands; a number carries its value. */
export interface Token {
  word: string;
  start: number;
  end: number;
  number?: number;
  /** A unit written on the number ("15k", "3.2km"); "pm" and "am" make it a clock time. */
  suffix?: string;
  /** A number in words ("one coffee"): an amount only with what it counts after it. */
  spelt?: boolean;
}

const TOKEN =
  /#?\d+(?:,\d{3})+(?![\d,])[\p{L}]*|#?\d+(?:[.,]\d+)?[\p{L}]*|[\p{L}][\p{L}\p{N}']*|\p{Extended_Pictographic}|[\u2713\u2717\u2718\u2611]/gu;

/** "10,000" is ten thousand; "3,2" and "3.2" are three point two. */
export function numberOf(digits: string): number {
  const plain = /^\d+(?:,\d{3})+$/.test(digits) ? digits.replace(/,/g, "") : digits;
  return Number(plain.replace(",", "."));
}

export function tokensOf(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((m) => {
    const word = m[0];
    const start = m.index ?? 0;
    const numeric = /^(\d+(?:,\d{3})+(?![\d,])|\d+(?:[.,]\d+)?)(\p{L}*)$/u.exec(word);
    const token: Token = { word, start, end: start + word.length };
    if (numeric) {
      token.number = numberOf(numeric[1] ?? "");
      if (numeric[2]) token.suffix = numeric[2];
    } else if (NUMBER_WORDS[word] !== undefined) {
      token.number = NUMBER_WORDS[word];
      token.spelt = true;
    }
    return token;
  });
}

// The units people write, each read as one name: "k", "kms" and "kilometres" are all "km".
const UNIT_NAMES: [RegExp, string][] = [
  [/^(?:k|km|kms|kilometers?|kilometres?|klicks?)$/, "km"],
  [/^(?:mi|miles?)$/, "mi"],
  [/^(?:m|meters?|metres?)$/, "m"],
  [/^(?:min|mins|minutes?)$/, "min"],
  [/^(?:h|hr|hrs|hours?)$/, "h"],
  [/^(?:l|liters?|litres?)$/, "l"],
  [/^(?:ml|milliliters?|millilitres?)$/, "ml"],
  [/^(?:kg|kgs|kilos?|kilograms?)$/, "kg"],
  [/^(?:lb|lbs|pounds?)$/, "lb"],
  [/^(?:oz|ounces?)$/, "oz"],
  [/^(?:cal|cals|kcal|calories?)$/, "kcal"],
];
// Words that name a unit of measure, so a number before one in another goal's unit is a question.
const MEASURES =
  /^(?:pages?|steps?|reps?|laps?|sets?|glass(?:es)?|cups?|chapters?|words?|pushups?|situps?|squats?|servings?|bottles?|km|mi|m|min|h|l|ml|kg|lb|oz|kcal)$/;

/** One name for a unit word: "kms" is "km", "pages" is "pag" (a stem), so singular and plural meet. */
export function unitName(word: string): string {
  const w = word.toLowerCase();
  const named = UNIT_NAMES.find(([re]) => re.test(w));
  return named ? named[1] : stem(w);
}

/** Whether a word is a unit of measure ("miles", "pages", "kms"). */
export const isMeasure = (word: string) =>
  MEASURES.test(unitName(word)) || MEASURES.test(word.toLowerCase());

/** A clock time or an ordinal written on a number ("10pm", "2nd"): never an amount. */
export const isTimeOrOrdinal = (token: Token) =>
  token.suffix !== undefined && /^(?:am|pm|st|nd|rd|th|x)$/.test(token.suffix);
