import fc from "fast-check";
import { segmentCount, smsEncoding, toSmsText } from "~/sms/segments";
import { LIST_SEGMENTS, templates, withFeedback, type NumberedGoal } from "./templates";

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
// A day's goals with their day numbers: in order, with the gaps removed goals leave (conventions v4).
const dayList = fc
  .array(fc.tuple(goalName, fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 9 })
  .map((items) => {
    let number = 0;
    return items.map(([description, step]): NumberedGoal => ({
      number: (number += step),
      description,
    }));
  });

// The most characters the short wording of a list template adds to its list.
const SHORT_WORDING = 80;

/** Does the numbered list, with room for the short wording, fit in three segments? */
function listFits(goals: NumberedGoal[]) {
  const list = goals.map((g) => `${g.number}) ${g.description}`).join(" ");
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

const listed = (goals: NumberedGoal[], state: "open" | "done" | "skipped" = "open") =>
  goals.map((g) => ({ ...g, state }));

const listTemplates: [string, (goals: NumberedGoal[]) => string][] = [
  ["eveningQuestion", (goals) => templates.eveningQuestion(goals)],
  ["goalsSet", (goals) => templates.goalsSet(goals, "7:00 PM")],
  ["listGoals", (goals) => templates.listGoals(listed(goals))],
  ["justHabits", (goals) => templates.justHabits(goals, "7:00 PM")],
  ["morningQuestion", (goals) => templates.morningQuestion(goals)],
  ["morningQuestion carried over", (goals) => templates.morningQuestion([], goals)],
  ["goalRemoved", (goals) => templates.goalRemoved("old goal", listed(goals))],
  ["goalMoved", (goals) => templates.goalMoved("old goal", listed(goals))],
  ["goalEdited", (goals) => templates.goalEdited("old goal", "new goal", listed(goals))],
  ["undone", (goals) => templates.undone('removed "old goal"', listed(goals))],
];

describe.each(listTemplates)("%s over random goal lists with gaps", (_name, render) => {
  it("fits in three segments, lists every goal whole by its own number when the list fits, and never cuts a word", () => {
    fc.assert(
      fc.property(dayList, (goals) => {
        const text = render(goals);
        expect(segmentCount(text)).toBeLessThanOrEqual(LIST_SEGMENTS);
        const shown = listedNames(text);
        const expected = asSent(
          goals.map((g) => g.description),
          text,
        );
        const byNumber = new Map(goals.map((g, i) => [g.number, expected[i]!]));
        if (listFits(goals)) {
          expect(text).not.toMatch(/\+\d+ more/);
          expect([...shown.keys()]).toEqual(goals.map((g) => g.number));
          expect([...shown.values()]).toEqual(expected);
        }
        for (const [number, name] of shown) {
          expect(byNumber.has(number), `${number} | ${text}`).toBe(true);
          expect(isWholeOrCutBetweenWords(name, byNumber.get(number)!), `${name} | ${text}`).toBe(
            true,
          );
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("goals set with some planned for a later day", () => {
  it("fit in three segments, today's listed by their numbers, every planned one named", () => {
    fc.assert(
      fc.property(dayList, fc.array(goalName, { minLength: 1, maxLength: 4 }), (today, later) => {
        const planned = later.map((description) => ({ description, weekday: "Friday" }));
        const text = templates.goalsSet(today, "7:00 PM", { planned });
        expect(segmentCount(text), text).toBeLessThanOrEqual(LIST_SEGMENTS);
        const whole = [...today, ...planned].map((g) => g.description);
        if (listFits([...today, ...planned.map((p, i) => ({ ...p, number: 90 + i }))])) {
          expect(text).not.toMatch(/\+\d+ more/);
          for (const name of asSent(whole, text)) expect(text).toContain(name);
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("examples in a list's text", () => {
  it("name only day numbers the text lists, gaps and cut lists included", () => {
    fc.assert(
      fc.property(dayList, (goals) => {
        for (const text of [
          templates.eveningQuestion(goals),
          templates.whichGoalNumber(99, goals),
        ]) {
          const example = /Reply e\.g\. "(\d+)(?: and (\d+))?/.exec(text);
          expect(example, text).not.toBeNull();
          const listedNumbers = [...listedNames(text).keys()];
          for (const number of example!.slice(1).filter(Boolean).map(Number))
            expect(listedNumbers, text).toContain(number);
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
