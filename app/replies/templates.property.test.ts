import fc from "fast-check";
import { segmentCount, smsEncoding, toSmsText } from "~/sms/segments";
import { LIST_SEGMENTS, templates, withFeedback } from "./templates";

// Goal names as people type them: short words, now and then an emoji or a curly quote or dash from
// the phone's keyboard. No digits, ")" or "." in them, so a text's list can be read back item by item.
const word = fc.stringMatching(/^[a-z]{1,12}$/);
const emoji = fc.constantFrom("📞", "🏃", "💧", "🧘", "🍩", "🎉", "🐕");
const curly = fc.constantFrom("Sam’s", "—", "“big”", "–");
const token = fc.oneof(
  { weight: 8, arbitrary: word },
  { weight: 1, arbitrary: emoji },
  { weight: 1, arbitrary: curly },
);
const goalName = fc.array(token, { minLength: 1, maxLength: 7 }).map((words) => words.join(" "));
const goalList = fc.array(goalName, { minLength: 1, maxLength: 9 });

// The most characters the short wording of a list template adds to its list.
const SHORT_WORDING = 80;

/** Does the numbered list, with room for the short wording, fit in three segments? */
function listFits(goals: string[]) {
  const list = goals.map((g, i) => `${i + 1}) ${g}`).join(" ");
  return segmentCount(toSmsText(list) + "x".repeat(SHORT_WORDING)) <= LIST_SEGMENTS;
}

/** The names a text lists, by number, with what follows the list cut off. */
function listedNames(text: string) {
  const items = text.split(/(?:^| )(\d+)\) /).slice(1);
  const names = new Map<number, string>();
  for (let i = 0; i < items.length; i += 2) {
    const last = i + 2 >= items.length;
    const item = items[i + 1]!.replace(/ \+\d+ more.*$/, "");
    const listEnd = item.replace(/\. [A-Z][^]*$/, ".");
    const name = last && !listEnd.endsWith("...") ? listEnd.replace(/\.$/, "") : listEnd;
    names.set(Number(items[i]), name.replace(/ \(done\)$/, ""));
  }
  return names;
}

/** The goals as a text sends them: curly punctuation made GSM-7 when the text is GSM-7. */
function asSent(goals: string[], text: string) {
  const clean = goals.map((g) => g.replace(/\s+/g, " ").trim());
  const plain = (goal: string) => Array.from(goal, (ch) => toSmsText(ch)).join("");
  return smsEncoding(text) === "GSM-7" ? clean.map(plain) : clean;
}

/** A listed name is the goal whole, or the goal cut between two words with "..." after it. */
function isWholeOrCutBetweenWords(shown: string, goal: string) {
  if (shown === goal) return true;
  if (!shown.endsWith("...")) return false;
  const kept = shown.slice(0, -3);
  return (
    kept.length > 0 && goal.startsWith(kept) && /^[\s.,;:!?-]*\s/.test(goal.slice(kept.length))
  );
}

const listTemplates: [string, (goals: string[]) => string][] = [
  ["eveningQuestion", (goals) => templates.eveningQuestion(goals)],
  ["goalsSet", (goals) => templates.goalsSet(goals, "7:00 PM")],
  [
    "listGoals",
    (goals) => templates.listGoals(goals.map((description) => ({ description, done: false }))),
  ],
  ["justHabits", (goals) => templates.justHabits(goals, "7:00 PM")],
  ["morningQuestion", (goals) => templates.morningQuestion(goals)],
];

describe.each(listTemplates)("%s over random goal lists", (_name, render) => {
  it("fits in three segments, lists every goal whole when the list fits, and never cuts a word", () => {
    fc.assert(
      fc.property(goalList, (goals) => {
        const text = render(goals);
        expect(segmentCount(text)).toBeLessThanOrEqual(LIST_SEGMENTS);
        const shown = listedNames(text);
        const expected = asSent(goals, text);
        if (listFits(goals)) {
          expect(text).not.toMatch(/\+\d+ more/);
          expect([...shown.values()]).toEqual(expected);
        }
        for (const [number, name] of shown) {
          expect(number).toBeLessThanOrEqual(goals.length);
          expect(isWholeOrCutBetweenWords(name, expected[number - 1]!), `${name} | ${text}`).toBe(
            true,
          );
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("examples in a list's text", () => {
  it("name only goal numbers the list has", () => {
    fc.assert(
      fc.property(goalList, (goals) => {
        for (const text of [
          templates.eveningQuestion(goals),
          templates.whichGoalNumber(
            99,
            goals.map((description, i) => ({ number: i + 1, description })),
          ),
        ]) {
          const example = /Reply e\.g\. "(\d+)(?: and (\d+))?/.exec(text);
          expect(example, text).not.toBeNull();
          for (const number of example!.slice(1).filter(Boolean).map(Number))
            expect(number).toBeLessThanOrEqual(goals.length);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("a check-in's answer with the coach's feedback", () => {
  const sentence = fc
    .tuple(fc.array(token, { minLength: 1, maxLength: 8 }), fc.constantFrom(".", "!", "?"))
    .map(([words, end]) => `${words.join(" ")}${end}`);
  it("keeps the reply whole, adds only whole sentences and says the count once", () => {
    fc.assert(
      fc.property(
        goalList,
        fc.array(sentence, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (goals, feedback, repeatCount) => {
          const done = goals.slice(0, Math.ceil(goals.length / 2));
          const reply = templates.checkedIn(
            { done, skipped: [], tomorrow: [], kept: [] },
            { completed: done.length, total: goals.length },
            3,
          );
          const count = `${done.length} of ${goals.length}`;
          const note = [...(repeatCount ? [`Good effort: ${count} done.`] : []), ...feedback];
          const text = withFeedback(reply, note.join(" "));
          expect(text.startsWith(reply)).toBe(true);
          expect(text.split(count).length - 1).toBe(1);
          const added = text.slice(reply.length).trim();
          if (added) {
            const prefixes = feedback
              .map((_, k) => feedback.slice(0, k + 1).join(" "))
              .flatMap((prefix) => [prefix, toSmsText(prefix)]);
            expect(prefixes, added).toContain(added);
            expect(added).toMatch(/[.!?]$/);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("questions about goals", () => {
  // Day numbers with gaps, as a day has after a goal is removed.
  const dayGoals = fc
    .array(fc.tuple(goalName, fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 9 })
    .map((pairs) => {
      let number = 0;
      return pairs.map(([description, gap]) => ({ number: (number += gap), description }));
    });

  it("show every goal with its day number, and an example that is one of them", () => {
    fc.assert(
      fc.property(dayGoals, (goals) => {
        const numbers = goals.map((g) => g.number);
        for (const text of [
          templates.whichGoalNumber(99, goals),
          templates.whichGoalOf(goals.slice(0, 2)),
        ]) {
          const example = /Reply e\.g\. "(\d+)/.exec(text);
          expect(numbers, text).toContain(Number(example?.[1]));
          for (const [, listed] of text.matchAll(/(?:^|[ :]) ?(\d+)\) /g))
            expect(numbers, text).toContain(Number(listed));
        }
      }),
      { numRuns: 200 },
    );
  });
});
