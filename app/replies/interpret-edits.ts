// Changing today's list by text: "change 2 to read 10 pages", "remove 3", "push the report to tomorrow".
import { goalNamedBy, namesNoOtherGoal, strayGoalNumber } from "./interpret-check-in";
import { asTyped, type Typed, keywordForm, POLITE_END, POLITE_START } from "./interpret-text";

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
