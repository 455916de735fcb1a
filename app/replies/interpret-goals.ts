// Goals by text: reading a list of goals out of a text (lead-ins, list markers, splitting) and, below,
// changing today's list ("change 2 to read 10 pages", "remove 3", "push the report to tomorrow").
import { isSmallTalk } from "./interpret-commands";
import {
  typedTail,
  type Typed,
  asTyped,
  keywordForm,
  POLITE_END,
  POLITE_START,
} from "./interpret-text";
import { goalNamedBy, namesNoOtherGoal, strayGoalNumber } from "./interpret-check-in";

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

// Changing today's list by text: "change 2 to read 10 pages", "remove 3", "push the report to tomorrow".

export type GoalEdit =
  | { intent: "edit_goal"; goal: number; text: string }
  | { intent: "remove_goal"; goal: number }
  | { intent: "move_goal"; goal: number };

const EDIT_VERB = "change|edit|update|rename|reword|replace|swap|switch|correct|modify";
// "change 2 to X", "edit 3: X", "replace the first one with X", "make #2 'walk 20 min'".
const EDIT_WITH_SEPARATOR = new RegExp(
  `^(?:${EDIT_VERB})\\s+(?:goal\\s+)?(.+?)\\s*(?:\\s(?:to|into|with|for|as|to say|to read|to be)\\s|:|=|->|\u2192)\\s*(.+)$`,
);
const EDIT_NUMBER_ONLY = new RegExp(
  `^(?:${EDIT_VERB})\\s+(?:goal\\s+|number\\s+)?(#?\\d{1,2})\\s*:?\\s+(.+)$`,
);
// "make 2 calls" is a goal; "make #2 'walk'" and "make goal 2: walk" are edits.
const MAKE = /^make\s+(#\d{1,2}|(?:goal|number)\s+\d{1,2}|\d{1,2}(?=\s+["']))\s*:?\s+(.+)$/;
const SHOULD_BE = /^(?:goal\s+|number\s+)?(#?\d{1,2})\s+should (?:be|say|read)\s*:?\s+(.+)$/;

const REMOVE =
  /^(?:remove|delete|drop|scratch|scrap|cancel|nix|ditch|erase|forget(?: about)?|get rid of|take off|take out|strike|cross out|never ?mind|nvm|trash|toss)\s+(.+?)(?:\s+(?:from|off)\s+(?:my |the |today'?s )?(?:list|goals|today|plan))?$/;
const TAKE_OFF = /^take\s+(.+?)\s+off(?:\s+(?:my |the |today'?s )?(?:list|goals))?$/;

const TOMORROW = "(?:tomorrow|tmrw|tmr|tomorow|the next day)";
const MOVE = new RegExp(
  `^(?:move|push|bump|shift|reschedule|delay|punt|save|carry|roll|put|postpone|defer|leave)\\s+(.+?)\\s+(?:(?:over\\s+)?(?:to|till|until|for|on)\\s+)?${TOMORROW}$`,
);
const POSTPONE = /^(?:postpone|defer|delay)\s+(.+)$/;
const DO_TOMORROW = new RegExp(
  `^(?:(?:i'?ll|i will|i'?m going to|i'?m gonna|gonna|going to|will)\\s+)?(?:do|finish|tackle|handle)\\s+(.+?)\\s+${TOMORROW}$`,
);
const BARE_TOMORROW = new RegExp(`^(.+?)\\s+(?:for\\s+|to\\s+)?${TOMORROW}$`);

const cleanText = (text: string) =>
  text
    .trim()
    .replace(/^["'\u201c\u2018]+|["'\u201d\u2019]+$/g, "")
    .replace(/[\s.!?,;:]+$/u, "")
    .trim();

const hasLetters = (text: string) => /\p{L}/u.test(text);

// "scratch the gym, my knee hurts", "drop 3 cuz it got cancelled": a reason or an aside after the goal.
const ASIDE =
  /\s*(?:[,;(\u2014\u2013]|\s-\s|\s(?:because|cause|cuz|coz|bc|since|as|it's|its|that's)\s)/;

// "move grandpa to tmrw he's busy": a move's day ends the command, with or without a comma.
const AFTER_TOMORROW = new RegExp(`(?<=\\b${TOMORROW})(?=\\s+\\S)`);

/** The command before a reason or an aside that names no other goal, or null. */
function commandBeforeAside(
  text: string,
  goals: string[],
  numbers?: readonly number[],
): GoalEdit | null {
  const cut = ASIDE.exec(text) ?? AFTER_TOMORROW.exec(text);
  if (!cut || cut.index === 0) return null;
  const edit = moveOrRemove(text.slice(0, cut.index), goals, numbers);
  const aside = text.slice(cut.index);
  return edit && namesNoOtherGoal(aside, edit.goal, goals, numbers) ? edit : null;
}

function moveOrRemove(text: string, goals: string[], numbers?: readonly number[]): GoalEdit | null {
  const named = (m: RegExpExecArray | null) => (m ? goalNamedBy(m[1] ?? "", goals, numbers) : null);
  for (const re of [MOVE, DO_TOMORROW, POSTPONE, BARE_TOMORROW]) {
    const goal = named(re.exec(text));
    if (goal) return { intent: "move_goal", goal };
  }
  for (const re of [REMOVE, TAKE_OFF]) {
    const goal = named(re.exec(text));
    if (goal) return { intent: "remove_goal", goal };
  }
  return null;
}

/**
 * An edit of today's list, when the whole text is one: the goal it names must be unambiguous. Its
 * `goal` is a position in `goals` (as shown); a typed number is read as a day number of `numbers`.
 * A number that is not one of them ("remove 7") comes back as `stray`, to be asked about.
 */
export function goalEdit(
  typed: Typed,
  goals: string[],
  numbers?: readonly number[],
): GoalEdit | { stray: number } | null {
  if (goals.length === 0) return null;
  const text = keywordForm(typed.text).replace(POLITE_START, "").replace(POLITE_END, "");
  const named = (phrase: string | undefined) => goalNamedBy(phrase ?? "", goals, numbers);
  let stray: number | undefined;
  const namedBy = (m: RegExpExecArray | null) => {
    const goal = m ? named(m[1]) : null;
    if (m && !goal) stray ??= strayGoalNumber(m[1] ?? "", goals, numbers);
    return goal;
  };

  for (const re of [EDIT_WITH_SEPARATOR, EDIT_NUMBER_ONLY, MAKE, SHOULD_BE]) {
    const m = re.exec(text);
    const goal = namedBy(m);
    const wording = m ? asTyped(typed, cleanText(m[2] ?? "")) : "";
    if (goal && hasLetters(wording)) return { intent: "edit_goal", goal, text: wording };
  }
  for (const re of [MOVE, DO_TOMORROW, POSTPONE, BARE_TOMORROW]) {
    const goal = namedBy(re.exec(text));
    if (goal) return { intent: "move_goal", goal };
  }
  for (const re of [REMOVE, TAKE_OFF]) {
    const goal = namedBy(re.exec(text));
    if (goal) return { intent: "remove_goal", goal };
  }
  return stray === undefined ? commandBeforeAside(text, goals, numbers) : { stray };
}
