// A port of the reply sets' scorer (app/sms/fixtures/replies/score.mjs): the same normalization and
// the same comparison of one answer, and version 5's fields (values, slips, notes, habit amounts),
// which the shared scorer does not compare.
type Answer = Record<string, unknown> & { intent?: string };

const LEAD_INS = [
  "my goals for today are",
  "my goals today are",
  "my goals are",
  "goals for today",
  "today's goals",
  "goals",
  "goal",
  "today i will",
  "today i want to",
  "i will",
  "i want to",
  "i'm going to",
  "i am going to",
  "i need to",
  "i have to",
  "need to",
  "gotta",
  "today",
  "add",
  "new goal",
];

export function normalizeGoal(text: unknown): string {
  let t = String(text).toLowerCase().replace(/\s+/g, " ").trim();
  t = t.replace(/^(?:[-*•·]|#?\d+\s*[.):-]?)\s+/, "");
  for (let changed = true; changed;) {
    changed = false;
    for (const lead of LEAD_INS) {
      const m = t.match(
        new RegExp(`^${lead.replace(/[.*+?^${}()|[\]\\']/g, "\\$&")}\\s*[:\\-]?\\s+`),
      );
      if (m && t.length > m[0].length) {
        t = t.slice(m[0].length);
        changed = true;
      }
    }
  }
  return t.replace(/[\s.!?,;:]+$/, "").trim();
}

const DAY_WORDS = "(?:sun|mon|tue|tues|wed|thu|thur|thurs|fri|sat)(?:day|nesday|rsday|urday|s)?";
const SCHEDULE = new RegExp(
  `(?:^|\\s)(?:every\\s+(?:single\\s+)?day|daily|every\\s*weekday|on\\s+weekdays|weekdays|on\\s+weekends|every\\s+weekend|\\d+\\s*(?:x|times)\\s*(?:a|per)\\s*week|every\\s+${DAY_WORDS}(?:[\\s,]+(?:and\\s+)?${DAY_WORDS})*)\\s*$`,
  "i",
);

export function normalizeHabit(text: unknown): string {
  let t = normalizeGoal(text).replace(
    /^(?:habit|every day|daily|weekdays|weekends|no more)\s*[:-]?\s+/,
    "",
  );
  for (let before = ""; before !== t;) {
    before = t;
    t = t.replace(SCHEDULE, "").trim();
  }
  return t
    .replace(/^daily\s+/, "")
    .replace(/[\s.!?,;:]+$/, "")
    .trim();
}

const list = (value: unknown) => (Array.isArray(value) ? (value as unknown[]) : []);
const sameList = (a: unknown[], b: unknown[]) =>
  a.length === b.length && a.every((x, i) => x === b[i]);
const sameSet = (a: unknown, b: unknown) => {
  const sort = (v: unknown) => [...list(v)].map(Number).sort((x, y) => x - y);
  return sameList(sort(a), sort(b));
};
// Version 5's records: a value or a note is a pair of a goal and what was said of it; an answer
// without the field has none, so a value, slip or note the expected answer lacks is compared too.
const valueKeys = (v: unknown) =>
  list(v).map((e) => {
    const { goal, value } = e as { goal?: unknown; value?: unknown };
    return `${String(goal)}=${String(value)}`;
  });
export const normalizeNote = (note: unknown) =>
  String(note)
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[\s.!?,;:]+$/, "")
    .trim();
const noteKeys = (v: unknown) =>
  list(v).map((e) => {
    const { goal, note } = e as { goal?: unknown; note?: unknown };
    return `${String(goal)}=${normalizeNote(note)}`;
  });
const sameKeys = (a: string[], b: string[]) => sameList([...a].sort(), [...b].sort());
const HABIT_AMOUNT_FIELDS = ["target", "unit", "per", "atMost", "avoid"] as const;
const habitAmount = (answer: Answer) =>
  HABIT_AMOUNT_FIELDS.map((k) =>
    k === "atMost" || k === "avoid" ? answer[k] === true : (answer[k] ?? null),
  );

const sameDue = (a: unknown, b: unknown) =>
  list(a).length === list(b).length &&
  list(a).every((x, i) => (x ?? null) === (list(b)[i] ?? null));

/** Whether `got` is the answer `exp` expects; a field is compared only where `exp` has it. */
export function matches(exp: Answer, got: Answer | undefined): boolean {
  if (!got || got.intent !== exp.intent) return false;
  const has = (k: string) => Object.prototype.hasOwnProperty.call(exp, k);
  switch (exp.intent) {
    case "set_goals":
      if (has("due") && !sameDue(exp.due, got.due)) return false;
      if (has("on") && !sameDue(exp.on, got.on ?? list(exp.on).map(() => null))) return false;
      return sameList(list(exp.goals).map(normalizeGoal), list(got.goals).map(normalizeGoal));
    case "check_in":
      if (has("tomorrow") && !sameSet(exp.tomorrow, got.tomorrow)) return false;
      if (has("skipped") && !sameSet(exp.skipped, got.skipped)) return false;
      if (!sameSet(exp.slipped, got.slipped)) return false;
      if (!sameKeys(valueKeys(exp.values), valueKeys(got.values))) return false;
      if (!sameKeys(noteKeys(exp.notes), noteKeys(got.notes))) return false;
      return sameSet(exp.completed, got.completed);
    case "pause":
      return (exp.days ?? null) === (got.days ?? null);
    case "edit_goal":
      return exp.goal === got.goal && normalizeGoal(exp.text) === normalizeGoal(got.text ?? "");
    case "remove_goal":
    case "move_goal":
      return exp.goal === got.goal;
    case "add_habit":
      if (has("days") && !sameSet(exp.days, got.days)) return false;
      if (has("timesPerWeek") && exp.timesPerWeek !== got.timesPerWeek) return false;
      // Version 5's amount is compared where the expected answer gives any of it.
      if (HABIT_AMOUNT_FIELDS.some(has) && !sameList(habitAmount(exp), habitAmount(got)))
        return false;
      return normalizeHabit(exp.habit) === normalizeHabit(got.habit ?? "");
    case "stop_habit":
      return normalizeHabit(exp.habit) === normalizeHabit(got.habit ?? "");
    case "choose":
      return sameSet(exp.goals, got.goals);
    default:
      return true;
  }
}

// Intents that change the record. A miss that answers with one of them, where the user meant
// something else, writes a false record; a miss that answers unknown (a question back) does not.
const WRITES = new Set([
  "set_goals",
  "check_in",
  "edit_goal",
  "remove_goal",
  "move_goal",
  "add_habit",
  "stop_habit",
  "pause",
  "resume",
  "stop",
  "start",
  "undo",
  "choose",
]);
const outside = (got: unknown, allowed: unknown) =>
  list(got).some((n) => !list(allowed).includes(n));

/**
 * Whether `got` would write something the user did not say: a goal recorded with an outcome the
 * expected answer does not give it, or a command the user did not give. A question back never does.
 */
export function falseRecord(exp: Answer, got: Answer | undefined): boolean {
  if (!got || !WRITES.has(got.intent ?? "")) return false;
  if (got.intent !== exp.intent) return true;
  switch (exp.intent) {
    case "check_in":
      // Skipped and tomorrow are judged only where the expected answer gives them; a value, slip or
      // note the expected answer does not give is always one.
      return (
        outside(got.completed, exp.completed) ||
        outside(got.slipped, exp.slipped) ||
        outside(valueKeys(got.values), valueKeys(exp.values)) ||
        outside(noteKeys(got.notes), noteKeys(exp.notes)) ||
        (Array.isArray(exp.skipped) && outside(got.skipped, exp.skipped)) ||
        (Array.isArray(exp.tomorrow) && outside(got.tomorrow, exp.tomorrow))
      );
    case "choose":
      return outside(got.goals, exp.goals);
    default:
      return !matches(exp, got);
  }
}
