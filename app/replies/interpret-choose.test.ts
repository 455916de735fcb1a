import fc from "fast-check";
import { readChoice, type Question } from "./interpret-check-in-references";

const FLOSS: Question = {
  goals: ["Call mom", "Floss daily", "Floss the retainer", "Read"],
  numbers: [1, 2, 3, 4],
  options: [2, 3],
};

describe("the answer to a question among goals", () => {
  it.each([
    ["both lol", [2, 3]],
    ["yes both", [2, 3]],
    ["all of them", [2, 3]],
    ["both done", [2, 3]],
    ["2", [2]],
    ["#3", [3]],
    ["I meant 3", [3]],
    ["2 and 3", [2, 3]],
    ["2 3", [2, 3]],
    ["just the first", [2]],
    ["yes to both", [2, 3]],
    ["option 3", [3]],
    ["no, the retainer", [3]],
    ["nope, 2", [2]],
    ["the one with the retainer", [3]],
    ["Floss the retainer", [3]],
    ["the first one", [2]],
    ["the second", [3]],
    ["the last one", [3]],
    ["the retainer one", [3]],
    ["daily", [2]],
    ["the daily one lol", [2]],
    ["neither", []],
    ["neither lol", []],
    ["oh nvm", []],
    ["none of them", []],
    ["no", []],
    ["never mind", []],
    ["nvm", []],
  ])("%j chooses %j", (text, goals) => {
    expect(readChoice(text, FLOSS)).toEqual({ goals });
  });

  it.each(["idk", "i don't know", "either", "yes", "ok", "idk lol"])(
    "%j decides nothing",
    (text) => {
      expect(readChoice(text, FLOSS)).toBe("undecided");
    },
  );

  it.each([
    "STOP",
    "undo",
    "oh and i read",
    "1",
    "4 done",
    "floss",
    "called mom",
    "1) gym 2) laundry",
    "2 tomorrow",
    "didn't floss",
    "no to both",
    "not both",
    "both no",
  ])("%j is not an answer (read as in the phase the question was asked in)", (text) => {
    expect(readChoice(text, FLOSS)).toBeNull();
  });

  it("is no answer when no option is one of today's goals", () => {
    expect(readChoice("both", { ...FLOSS, options: [7, 8] })).toBeNull();
  });

  // Day numbers with gaps: options are some of them, answers name them by number or by place.
  const day = fc
    .array(fc.integer({ min: 1, max: 3 }), { minLength: 2, maxLength: 8 })
    .map((gaps) => {
      let n = 0;
      return gaps.map((gap) => (n += gap));
    })
    .chain((numbers) =>
      fc.record({
        numbers: fc.constant(numbers),
        options: fc.shuffledSubarray(numbers, {
          minLength: 2,
          maxLength: Math.min(3, numbers.length),
        }),
      }),
    );
  const goalsFor = (numbers: number[]) => numbers.map((n) => `Goal ${"abcdefghij"[n % 10]}`);

  it("chooses exactly the option a typed number names, and nothing for one it does not offer", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 30 }), ({ numbers, options }, typed) => {
        const question = { goals: goalsFor(numbers), numbers, options };
        const choice = readChoice(String(typed), question);
        if (options.includes(typed)) expect(choice).toEqual({ goals: [typed] });
        else expect(choice).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it("counts order words over the options as offered", () => {
    fc.assert(
      fc.property(day, ({ numbers, options }) => {
        const question = { goals: goalsFor(numbers), numbers, options };
        expect(readChoice("the first one", question)).toEqual({ goals: [options[0]] });
        expect(readChoice("the second one", question)).toEqual({ goals: [options[1]] });
        expect(readChoice("the last one", question)).toEqual({ goals: [options.at(-1)] });
        expect(readChoice("both", question)).toEqual({
          goals: [...options].sort((a, b) => a - b),
        });
        expect(readChoice("neither", question)).toEqual({ goals: [] });
      }),
      { numRuns: 200 },
    );
  });
});
