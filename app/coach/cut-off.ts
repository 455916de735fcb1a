/**
 * What may be kept of an answer cut off at its token limit: its complete sentences, without the
 * unfinished tail, and as many of them from the start as `fits` allows. Pure. Null when no complete
 * sentence of a few words is left: half a sentence is no feedback. What is kept is then screened and
 * fact-checked like any answer.
 */

const MIN_WORDS = 4;
const MIN_LENGTH = 20;

/** Words whose period does not end a sentence. */
const ABBREVIATIONS = /\b(?:mr|mrs|ms|dr|st|vs|etc|e\.g|i\.e|approx|min|hr|hrs|no)$/i;

export function completeSentences(
  text: string,
  fits: (kept: string) => boolean = () => true,
): string | null {
  const trimmed = text.trim();
  const ends: number[] = [];
  // A sentence ends at . ! or ? (not an ellipsis), with any closing quote or bracket, before a space.
  for (const match of trimmed.matchAll(/[.!?]+["'\u201d\u2019)\]]*(?=\s|$)/g)) {
    if (match[0].includes("..")) continue;
    const before = trimmed.slice(0, match.index);
    if (match[0].startsWith(".") && (ABBREVIATIONS.test(before) || isListMarker(before))) continue;
    ends.push(match.index + match[0].length);
  }
  const kept = ends
    .map((end) => balanceQuotes(trimmed.slice(0, end)))
    .findLast((candidate) => fits(candidate));
  if (kept === undefined) return null;
  const words = kept.match(/[\p{L}\p{N}']+/gu) ?? [];
  return words.length >= MIN_WORDS && kept.length >= MIN_LENGTH ? kept : null;
}

/** "1." or "2." at the start of a line numbers a list item; it ends nothing. */
function isListMarker(before: string) {
  return /(?:^|\n)\s*\d+$/.test(before);
}

/** An opening quote whose closing quote was in the tail cut off goes with it. */
function balanceQuotes(text: string) {
  const straight = (text.match(/"/g) ?? []).length;
  if (straight % 2 === 1 && text.startsWith('"')) return text.slice(1).trim();
  if (text.startsWith("\u201c") && !text.includes("\u201d")) return text.slice(1).trim();
  return text;
}
