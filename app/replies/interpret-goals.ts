// Reading a list of goals out of a text: lead-ins, list markers and splitting.
import { isSmallTalk } from "./interpret-commands";
import { typedTail, type Typed } from "./interpret-text";

const APOS = "['\u2019]";

const GREETING = new RegExp(
  `^(?:good morning|morning|gm|hi|hello|hey|hiya|ok|okay|alright|sure|yo)(?: (?:coach|there|team))?\\s*[!,.:\u2014-]+\\s*`,
  "i",
);

// "Goals for today:", "Today:", "Add:". Needs a goal-ish word and no digits ("Goal 1: done").
const COLON_HEADER = /^\s*([^\n:\d]{1,40}?)\s*:\s*/;
const HEADER_WORD =
  /\b(?:goals?|today|today's|todays|tonight|tomorrow|plan|plans|list|to[- ]?dos?|tasks?|agenda|priority|priorities|focus|main|top|one|add|new|also|plus|here)\b/i;
// "Goals - run, read": a dash only after a bare header word, since "Finish plan - send it" is a goal.
const DASH_HEADER =
  /^\s*(?:(?:my|today'?s|the|new)\s+)?(?:goals?|plan|list|to[- ]?dos?|tasks|today|add)(?: for today)?\s+[-\u2013\u2014]\s+/i;

// Lead-ins that say "these are goals" in any phase.
const EXPLICIT_LEAD_IN = new RegExp(
  "^(?:" +
    [
      `(?:my |today${APOS}?s |todays |the )?goals? (?:for (?:today|the day|tomorrow) |today )?(?:are|is|will be)(?: to)?`,
      `goals for (?:today|the day)`,
      `my goal is(?: to)?`,
      `my plan (?:for today )?is(?: to)?`,
      `add(?: (?:a )?(?:new )?goal)?(?= \\p{L})`,
      `new goals?`,
      `(?:today|this morning|tonight) i(?:${APOS}ll| will| want to| wanna|${APOS}m going to| am going to|${APOS}m gonna| plan to| need to| have to| hope to| aim to| intend to|${APOS}d like to)`,
    ].join("|") +
    ")\\b[\\s:,\\-\u2013\u2014]*",
  "iu",
);

// In the morning a goal may also be introduced as a personal intention.
const PERSONAL_LEAD_IN = new RegExp(
  `^(?:i(?:${APOS}ll| will| want to| wanna|${APOS}m going to| am going to|${APOS}m gonna| am gonna| plan to|${APOS}m planning to| am planning to| need to| have to| hope to| aim to| intend to|${APOS}d like to| would like to| should| must| gotta|${APOS}ve got to| got to)|going to|gonna|plan to|planning to|want to|need to|have to|gotta)\\b[\\s:,]*`,
  "i",
);

// Lead-ins that can only introduce goals, even in the evening ("goal: call dad", "add: gym").
const GOAL_WORD_LEAD_IN =
  /^\s*(?:(?:my|new|another|one more|also|add(?: a)?)\s+)*(?:goals?\b|add\b|new goals?\b)/i;

export const hasGoalWordLeadIn = (text: string) =>
  GOAL_WORD_LEAD_IN.test(text) && stripLeadIns(text, false).matched;

/** Strips greetings and lead-ins; `matched` tells whether an explicit goal lead-in was there. */
export function stripLeadIns(
  text: string,
  allowPersonal: boolean,
): { body: string; matched: boolean } {
  let body = text.trim().replace(GREETING, "");
  let matched = false;
  for (let changed = true; changed;) {
    changed = false;
    const header = COLON_HEADER.exec(body);
    if (header && HEADER_WORD.test(header[1] ?? "") && body.length > header[0].length) {
      body = body.slice(header[0].length);
      matched = changed = true;
    }
    const leadIns = [DASH_HEADER, EXPLICIT_LEAD_IN, ...(allowPersonal ? [PERSONAL_LEAD_IN] : [])];
    for (const re of leadIns) {
      const m = re.exec(body);
      if (m && m[0].length > 0 && body.length > m[0].length) {
        body = body.slice(m[0].length);
        matched = changed = true;
      }
    }
  }
  return { body: body.trim(), matched };
}

interface Marker {
  value: number;
  start: number;
  end: number;
}

// "1." "1)" "(1)" "#1" "1:" "1 -" followed by the item.
const PUNCT_MARKER =
  /(?<=^|[\s,;])(?:#\s?(\d{1,2})[.):-]?|\((\d{1,2})\)|(\d{1,2})(?:[.):](?=\s|$|\p{L})|\s?-(?=\s)))\s*/gu;
// "1 gym 2 read": a bare number before a word, but not a quantity ("1 hour", "2 miles").
const BARE_MARKER = /(?<=^|\s)(\d{1,2})\s+(?=\p{L})/gu;
const QUANTITY_UNIT =
  /^(?:min|mins|minutes?|hrs?|hours?|h|m|k|km|kms|mi|miles?|pages?|steps?|reps?|sets?|laps?|times?|x|glass(?:es)?|cups?|liters?|litres?|l|lbs?|kg|pounds?|push-?ups?|squats?|chapters?|words|calls|emails|days?|weeks?|am|pm|of|out|or|to|more|new|things?|tasks?|goals?|items?|books?|articles?|episodes?|lessons?|meals?|servings?|bottles?|people|sessions?)\b/i;

function markersOf(text: string, re: RegExp): Marker[] {
  const found: Marker[] = [];
  for (const m of text.matchAll(re)) {
    const digits = m[1] ?? m[2] ?? m[3];
    if (!digits || m.index === undefined) continue;
    const end = m.index + m[0].length;
    if (
      re === BARE_MARKER &&
      (QUANTITY_UNIT.test(text.slice(end)) || /^(?:and|or|&)\b/i.test(text.slice(end)))
    )
      continue;
    found.push({ value: Number(digits), start: m.index, end });
  }
  return found;
}

// Where a list may start: the text, a line, a colon, or a bare header word ("goals 1 swim 2 read").
const LIST_START = /(?:^|\n|:|\b(?:goals?|today|plan|to ?do|list))\s*$/i;

/** A chain 1, 2, 3... whose first marker is at a list start. */
function chainOf(text: string, markers: Marker[]): Marker[] {
  const first = markers.find((m) => m.value === 1 && LIST_START.test(text.slice(0, m.start)));
  if (!first) return [];
  const chain = [first];
  for (let last = first; ;) {
    const next = markers.find((m) => m.value === last.value + 1 && m.start >= last.end);
    if (!next) return chain;
    chain.push(next);
    last = next;
  }
}

export interface NumberedItem {
  number: number;
  text: string;
}

/** Items of a numbered list ("1. a 2. b", "1) a\n2) b", "1 a 2 b"), or null when there is none. */
export function numberedItems(text: string): NumberedItem[] | null {
  let chain = chainOf(text, markersOf(text, PUNCT_MARKER));
  if (chain.length === 0) {
    chain = chainOf(text, markersOf(text, BARE_MARKER));
    if (chain.length < 2) return null;
  }
  return chain.map((m, i) => ({
    number: m.value,
    text: text.slice(m.end, chain[i + 1]?.start ?? text.length).trim(),
  }));
}

const BULLET =
  /^\s*(?:[-*+>\u2022\u00b7\u25aa\u25e6\u2023\u2013\u2014\u2192\u2610\u25a1]|\u{1F539}|\u{1F538}|\u{1F449})\s*/u;
const BULLET_LINE =
  /^\s*(?:[-*+>\u2013\u2014]\s|[\u2022\u00b7\u25aa\u25e6\u2023\u2192\u2610\u25a1]|\u{1F539}|\u{1F538}|\u{1F449})/u;

/** Items of a bulleted list (lines starting with -, *, •... or inline •), or null. */
export function bulletItems(text: string): string[] | null {
  const lines = text.split("\n");
  const firstBullet = lines.findIndex((l) => BULLET_LINE.test(l));
  if (firstBullet >= 0) {
    return lines.slice(firstBullet).flatMap((l) => l.replace(BULLET, "").split("\u2022"));
  }
  if (text.includes("\u2022")) return text.split("\u2022").slice(1);
  if (/^[-*]\s/.test(text) && /\s[-*]\s/.test(text)) return text.slice(2).split(/\s[-*]\s/);
  return null;
}

const nonEmptyLines = (text: string) => text.split("\n").filter((l) => l.trim());

/** Numbered items, bullets or several lines: a list even without a lead-in. */
export const hasListStructure = (text: string) =>
  numberedItems(text) !== null || bulletItems(text) !== null || nonEmptyLines(text).length > 1;

/** Splits on the strongest marker present: numbers or bullets, then lines, semicolons, commas. */
function splitItems(body: string): string[] {
  const numbered = numberedItems(body);
  if (numbered) return numbered.map((i) => i.text);
  const bulleted = bulletItems(body);
  if (bulleted) return bulleted;
  const lines = nonEmptyLines(body);
  if (lines.length > 1) return lines;
  if (body.includes(";")) return body.split(";").map(dropConjunction);
  return body.split(/\s*,(?!\d)\s*/).map(dropConjunction);
}

// After a comma, "and"/"&" joins the list rather than the goal ("run, read, and call mom").
const dropConjunction = (item: string) => item.trim().replace(/^(?:and|&|plus)\s+/i, "");

// Lead-ins that are never part of a goal, on any item of a list ("1) gotta call mom 2) need to shop").
const ITEM_LEAD_IN = new RegExp(
  `^(?:i (?:need|have) to|need to|have to|i gotta|gotta)\\s+(?=\\S)`,
  "i",
);

function cleanGoal(item: string): string {
  return item
    .trim()
    .replace(BULLET, "")
    .replace(ITEM_LEAD_IN, "")
    .replace(/^["']+|["']+$/g, "")
    .replace(/[\s.,;:!?]+$/u, "")
    .trim();
}

/** The goal texts in a message, in the user's words: lead-ins are read, the goals kept as typed. */
export function parseGoals(text: Typed, allowPersonal: boolean): string[] {
  const body = typedTail(text, stripLeadIns(text.text, allowPersonal).body);
  // A sign-off on its own line ("thanks!") is not a goal.
  const content = body.includes("\n")
    ? nonEmptyLines(body)
        .filter((l) => !isSmallTalk(l))
        .join("\n")
    : body;
  return splitItems(content)
    .map(cleanGoal)
    .filter((g) => /\p{L}/u.test(g));
}
