import fc from "fast-check";
import { NUMBER_WORDS, numbersGiven, numbersIn, unstatedFact, type CoachFacts } from "./fact-check";
import type { DayPattern } from "./feedback-rules";

function factsOf(
  goals: [string, "done" | "open" | "skipped"][],
  streak: number,
  week: DayPattern[] = ["all", "all", "some", "none", "all", "all", "all"],
): CoachFacts {
  return {
    goals: goals.map(([description, state]) => ({
      description,
      done: state === "done",
      skipped: state === "skipped",
    })),
    streak,
    week,
    photos: false,
    photoDescription: null,
    weekday: "Saturday",
  };
}

// Two goals, one done, a 2-day streak; the week holds 5 full days, 1 partial, 1 missed.
const HALF = factsOf(
  [
    ["Run 5k", "done"],
    ["read 30 pages", "open"],
  ],
  2,
);
const ALL = factsOf(
  [
    ["Run 5k", "done"],
    ["read 30 pages", "done"],
  ],
  3,
);
const NONE = factsOf(
  [
    ["Run 5k", "open"],
    ["read 30 pages", "open"],
  ],
  0,
);

describe("what the small real model said", () => {
  it.each([
    ["Congratulations on your 3th goal!", ALL, 'the malformed ordinal "3th"'],
    ["You have 4 days available to finish your goals.", HALF, 'the number \"4\", not given'],
    ["So glad you didn't finish today, keep going!", ALL, "a goal not done: all are"],
    // Each number was given (1 done, 2 open, 3 goals); the count was not.
    [
      'I did 2 of my 3 goals today. I completed "walking the dog".',
      factsOf(
        [
          ["Meditate 10 minutes", "open"],
          ["walk the dog", "done"],
          ["call mom", "open"],
        ],
        1,
      ),
      'the count "2 of my 3", not given',
    ],
    [
      'You did 1 goal today, not one to be proud of: "Run 5k".',
      HALF,
      'the discouraging "not one to be proud"',
    ],
    ["It's not about your accomplishments.", HALF, 'the discouraging "not about your"'],
    ["You should have done the reading.", HALF, 'the discouraging "should have"'],
  ])("drops %j", (answer, facts, reason) => {
    expect(unstatedFact(answer, facts)).toBe(reason);
  });
});

describe("an answer that states only what it was told", () => {
  it.each([
    ["Great job on your run today! Your 3-day streak is growing.", ALL],
    ["Two goals done and a three day streak. Saturday well spent!", ALL],
    ["Nice work on the 5k. 1 of 2 done, and those 30 pages can wait for tomorrow.", HALF],
    ["Reading is still open, but running got done. Keep your 2-day streak going!", HALF],
    ["Your first goal is done. One step at a time, and no one is perfect.", HALF],
    ["Tomorrow is a fresh start. Pick one goal and take it one day at a time.", NONE],
    ["You finished both goals today. What a week: 5 full days!", ALL],
    ["Not every day goes to plan, you did not finish your reading yet.", HALF],
    ["Great job on the run, and the reading can wait.", HALF],
    ["One of two goals done, and 5 of 7 days were perfect.", HALF],
    ["You did one of your goals today.", HALF],
    ["Congratulations on your run!", HALF],
  ])("keeps %j", (answer, facts) => {
    expect(unstatedFact(answer, facts)).toBeNull();
  });
});

describe("an answer that states anything else", () => {
  it.each([
    ["Your 10-day streak is amazing!", ALL, 'the number \"10\", not given'],
    ["Six goals done, incredible!", HALF, 'the number \"six\", not given'],
    ["Wonderful, you did twelve pushups.", ALL, 'the number \"twelve\", not given'],
    ["That is your twenty-first day in a row.", ALL, 'the number \"twenty-first\", not given'],
    ["Your fourth goal is done.", ALL, 'the number \"fourth\", not given'],
    ["Happy Monday! Great work.", ALL, 'the day "monday", not given'],
    ["Great yoga session today!", ALL, 'the habit \"yoga\", not among the goals'],
    [
      "Well done on meditating this morning.",
      HALF,
      'the habit \"meditating\", not among the goals',
    ],
    ["You finished all of your goals today!", HALF, "every goal done: not all are"],
    ["Too bad you missed your run.", ALL, "a goal not done: all are"],
    ["Your reading is not finished yet.", ALL, "a goal not done: all are"],
    ["Way to go, you crushed it today!", NONE, "a goal done: none is"],
    ["Shame you did not finish your run.", HALF, "a done goal not done"],
    ["Great job finishing your reading!", HALF, "an open goal done"],
    ["Congratulations on those 30 pages.", HALF, "an open goal done"],
    ["Keep it up, 50% of the way there.", HALF, 'the number \"50\", not given'],
    ["You did 2 of 2 today!", HALF, 'the count "2 of 2", not given'],
    [
      "Tomorrow's the deadline for both goals!",
      factsOf([["Write 500 words", "done"]], 1),
      'the number "both", not given',
    ],
    ["Two out of two, well done.", HALF, 'the count "two out of two", not given'],
    ["2 of 7 days were perfect.", HALF, 'the count "2 of 7", not given'],
    [
      "You're 2nd to none, with a 1st goal done and 3rd day.",
      HALF,
      'the number \"3rd\", not given',
    ],
  ])("drops %j", (answer, facts, reason) => {
    expect(unstatedFact(answer, facts)).toBe(reason);
  });
});

describe("numbersIn", () => {
  it("reads digits, words, hyphenated words and ordinals", () => {
    expect(
      numbersIn("3 goals, twenty-one days, the 2nd and third, 11th, 3th, 2.5 km").map((c) => [
        c.value,
        c.ordinal,
        c.malformed,
      ]),
    ).toEqual([
      [3, false, false],
      [2, true, false],
      [11, true, false],
      [3, true, true],
      [2.5, false, false],
      [21, false, false],
      [3, true, false],
    ]);
  });
});

const arbitraryFacts = fc
  .record({
    goals: fc.array(
      fc.record({
        description: fc.constantFrom("Run 5k", "read 30 pages", "Floss", "Drink water", "Walk"),
        state: fc.constantFrom("done", "open", "skipped"),
      }),
      { minLength: 1, maxLength: 5 },
    ),
    streak: fc.integer({ min: 0, max: 400 }),
    week: fc.array(fc.constantFrom<DayPattern>("all", "some", "none", "no_goals"), {
      maxLength: 7,
    }),
  })
  .map(({ goals, streak, week }) =>
    factsOf(
      goals.map((g) => [g.description, g.state as "done" | "open" | "skipped"]),
      streak,
      week,
    ),
  );

describe("properties", () => {
  it("the streak and today's counts, said in digits, are always kept", () => {
    fc.assert(
      fc.property(arbitraryFacts, (facts) => {
        const done = facts.goals.filter((g) => g.done).length;
        const answer = `${done} of ${facts.goals.length} today, and a ${facts.streak}-day streak.`;
        expect(unstatedFact(answer, facts)).toBeNull();
      }),
    );
  });

  it("any number that is not among the facts, in digits or words, is dropped", () => {
    fc.assert(
      fc.property(
        arbitraryFacts,
        fc.integer({ min: 0, max: 19 }),
        fc.boolean(),
        (facts, n, word) => {
          fc.pre(!numbersGiven(facts).has(n));
          const answer = `Great work, that makes ${word ? NUMBER_WORDS[n] : n} days in a row.`;
          expect(unstatedFact(answer, facts)).not.toBeNull();
        },
      ),
    );
  });

  it("a wrong ordinal suffix is always dropped, a right one never for that reason", () => {
    fc.assert(
      fc.property(arbitraryFacts, fc.integer({ min: 1, max: 200 }), (facts, n) => {
        const right =
          n % 100 >= 11 && n % 100 <= 13
            ? "th"
            : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
        const wrong = right === "th" ? "st" : "th";
        expect(unstatedFact(`Your ${n}${wrong} day!`, facts)).toMatch(/malformed/);
        expect(unstatedFact(`Your ${n}${right} day!`, facts) ?? "").not.toMatch(/malformed/);
      }),
    );
  });
});
