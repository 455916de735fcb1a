// Conventions v4: the day's numbers, answers to our own questions, a weekday that is not a schedule,
// not done that is not skipped. Each rule is checked by its property over random days.
import fc from "fast-check";
import { interpretInConversation, interpretReply, type ReplyInput } from "./interpret";

const NAMES = [
  "Walk dog",
  "Finish slides",
  "Call mom",
  "Pay rent",
  "Water plants",
  "Bake bread",
  "Email landlord",
  "Practice piano",
  "Clean bathroom",
  "Book flights",
];

/** A day: some goals as shown, with day numbers that may have gaps (a goal was removed). */
const day = fc.shuffledSubarray(NAMES, { minLength: 1, maxLength: 6 }).chain((goals) =>
  fc.record({
    goals: fc.constant(goals),
    numbers: fc
      .array(fc.integer({ min: 1, max: 3 }), { minLength: goals.length, maxLength: goals.length })
      .map((gaps) => {
        let n = 0;
        return gaps.map((gap) => (n += gap));
      }),
  }),
);
const withIndex = day.chain((d) =>
  fc.record({ day: fc.constant(d), at: fc.integer({ min: 0, max: d.goals.length - 1 }) }),
);

const evening = (d: { goals: string[]; numbers: number[] }, text: string) =>
  interpretReply({ phase: "evening", ...d, text, media: 0 });
const checkIn = (completed: number[], skipped: number[] = [], tomorrow: number[] = []) => ({
  intent: "check_in",
  completed,
  skipped,
  tomorrow,
});
const NOTHING = checkIn([]);

describe("the day's numbers", () => {
  it('"N done" completes exactly the goal numbered N', () => {
    fc.assert(
      fc.property(withIndex, ({ day: d, at }) => {
        const n = d.numbers[at]!;
        expect(evening(d, `${n} done`)).toEqual(checkIn([n]));
        expect(evening(d, `#${n} done`)).toEqual(checkIn([n]));
      }),
      { numRuns: 200 },
    );
  });

  it("a number that is not one of the day's is a question, never a guess", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 20 }), (d, n) => {
        fc.pre(!d.numbers.includes(n));
        const reply = evening(d, `${n} done`);
        expect(reply).toMatchObject({ intent: "unknown", question: expect.any(String) });
        expect(reply).toMatchObject({
          question: expect.stringContaining(`${d.numbers[0]}) ${d.goals[0]}`),
        });
        expect(
          interpretReply({ phase: "none", ...d, text: `remove ${n}`, media: 0 }),
        ).toMatchObject({ intent: "unknown" });
      }),
      { numRuns: 200 },
    );
  });

  it("edits, removals and moves name the goal by its day number", () => {
    fc.assert(
      fc.property(withIndex, ({ day: d, at }) => {
        const n = d.numbers[at]!;
        const none = (text: string) => interpretReply({ phase: "none", ...d, text, media: 0 });
        expect(none(`remove ${n}`)).toEqual({ intent: "remove_goal", goal: n });
        expect(none(`move ${n} to tomorrow`)).toEqual({ intent: "move_goal", goal: n });
        expect(none(`change ${n} to sing a song`)).toEqual({
          intent: "edit_goal",
          goal: n,
          text: "sing a song",
        });
      }),
      { numRuns: 200 },
    );
  });

  it("order words count the goals as shown, and answers give their day numbers", () => {
    fc.assert(
      fc.property(day, (d) => {
        const last = d.numbers.at(-1)!;
        expect(evening(d, "the first one done")).toEqual(checkIn([d.numbers[0]!]));
        expect(evening(d, "the last one done")).toEqual(checkIn([last]));
        expect(evening(d, "all done")).toEqual(checkIn(d.numbers));
        expect(
          interpretReply({ phase: "none", ...d, text: "remove the last one", media: 0 }),
        ).toEqual({ intent: "remove_goal", goal: last });
      }),
      { numRuns: 200 },
    );
  });

  it("a goal named by its words is answered with its day number", () => {
    fc.assert(
      fc.property(withIndex, ({ day: d, at }) => {
        expect(evening(d, `${d.goals[at]} done`)).toEqual(checkIn([d.numbers[at]!]));
      }),
      { numRuns: 200 },
    );
  });

  it("a range names the day's numbers between its ends", () => {
    const d = { goals: ["Walk dog", "Finish slides", "Call mom"], numbers: [1, 3, 4] };
    expect(evening(d, "1-4 done")).toEqual(checkIn([1, 3, 4]));
    expect(evening(d, "1-2 done")).toMatchObject({ intent: "unknown" });
  });

  it("without numbers the goals are numbered 1 to n", () => {
    const goals = ["Walk dog", "Finish slides"];
    expect(interpretReply({ phase: "evening", goals, text: "2 done", media: 0 })).toEqual(
      checkIn([2]),
    );
  });
});

describe("a question back carries what its answer decides", () => {
  const goals = ["Call mom", "Floss daily", "Floss the retainer", "Read"];

  it("offers the goals its words cannot tell apart, by day number, with the rest of the reading", () => {
    const reply = interpretReply({
      phase: "evening",
      goals,
      numbers: [2, 3, 5, 6],
      text: "called mom, flossed, reading tmrw",
      media: 0,
    });
    expect(reply).toEqual({
      intent: "unknown",
      question: 'Which one did you mean: 3) Floss daily or 5) Floss the retainer? Reply e.g. "3".',
      clarify: {
        options: [3, 5],
        verdict: "completed",
        certain: { completed: [2], skipped: [], tomorrow: [6] },
      },
    });
  });

  it("gives the verdict the text gives those goals", () => {
    const read = (text: string) =>
      interpretReply({ phase: "evening", goals, text, media: 0 }) as { clarify?: unknown };
    expect(read("skipped flossing")).toMatchObject({ clarify: { verdict: "skipped" } });
    expect(read("flossing tmrw, read")).toMatchObject({
      clarify: { verdict: "tomorrow", certain: { completed: [4] } },
    });
  });

  it("a stray number asks without options", () => {
    const reply = interpretReply({ phase: "evening", goals, text: "did 9", media: 0 });
    expect(reply).toMatchObject({ intent: "unknown", question: expect.any(String) });
    expect(reply).not.toHaveProperty("clarify");
  });
});

describe("phase clarify", () => {
  const input = (text: string, after: "evening" | "none" = "evening"): ReplyInput => ({
    phase: "clarify",
    after,
    options: [3, 5],
    goals: ["Call mom", "Floss daily", "Floss the retainer", "Read"],
    numbers: [2, 3, 5, 6],
    text,
    media: 0,
  });

  it.each([
    ["both lol", [3, 5]],
    ["5", [5]],
    ["the first one", [3]],
    ["the retainer one", [5]],
    ["neither", []],
    ["nvm", []],
  ])("%j is the answer %j", (text, goals) => {
    expect(interpretReply(input(text))).toEqual({ intent: "choose", goals });
  });

  it("reads a text that is not an answer as in the phase the question was asked in", () => {
    expect(interpretReply(input("STOP"))).toEqual({ intent: "stop" });
    expect(interpretReply(input("undo"))).toEqual({ intent: "undo" });
    expect(interpretReply(input("HELP"))).toEqual({ intent: "help" });
    expect(interpretReply(input("oh and i read"))).toEqual(checkIn([6]));
    expect(interpretReply(input("2 done"))).toEqual(checkIn([2]));
    expect(interpretReply(input("1) gym 2) laundry"))).toMatchObject({ intent: "set_goals" });
    expect(interpretInConversation(input("called mom", "none"))).toEqual(checkIn([2]));
    expect(interpretReply(input("idk"))).toEqual({ intent: "unknown" });
  });
});

describe("a weekday is not a schedule", () => {
  const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
  const morning = (text: string) => interpretReply({ phase: "morning", goals: [], text, media: 0 });
  const goalAndDay = fc.record({
    goal: fc.constantFrom("dinner with jess", "book flights", "plan the party", "call mom"),
    day: fc.integer({ min: 0, max: 6 }),
  });

  it("a goal planned with on/this/next is a goal for that day", () => {
    fc.assert(
      fc.property(goalAndDay, fc.constantFrom("on", "this", "next"), ({ goal, day: d }, word) => {
        const text = `${goal} ${word} ${WEEKDAYS[d]}`;
        expect(morning(text)).toEqual({ intent: "set_goals", goals: [text], due: [null], on: [d] });
      }),
    );
  });

  it("a weekday inside other words names no day, and never makes a habit", () => {
    fc.assert(
      fc.property(
        goalAndDay,
        fc.constantFrom("about", "before", "after"),
        ({ goal, day: d }, w) => {
          const text = `${goal} ${w} ${WEEKDAYS[d]}`;
          expect(morning(text)).toEqual({
            intent: "set_goals",
            goals: [text],
            due: [null],
            on: [null],
          });
        },
      ),
    );
    expect(morning("review tuesday's notes")).toMatchObject({ on: [null] });
    expect(morning("laundry, groceries, plan the party on saturday")).toMatchObject({
      goals: ["laundry", "groceries", "plan the party on saturday"],
      on: [null, null, 6],
    });
  });

  it("a habit needs a schedule word, two weekdays or more, or habit:", () => {
    fc.assert(
      fc.property(goalAndDay, fc.integer({ min: 0, max: 6 }), ({ goal, day: d }, other) => {
        fc.pre(other !== d);
        const days = [d, other].sort((a, b) => a - b);
        expect(morning(`${goal} ${WEEKDAYS[d]} ${WEEKDAYS[other]}`)).toMatchObject({
          intent: "add_habit",
          days,
        });
        expect(morning(`${goal} every ${WEEKDAYS[d]}`)).toMatchObject({
          intent: "add_habit",
          days: [d],
        });
        expect(morning(`habit: ${goal} on ${WEEKDAYS[d]}`)).toMatchObject({
          intent: "add_habit",
          days: [d],
        });
      }),
    );
  });
});

describe("not done is not skipped", () => {
  it("a goal reported not done stays open", () => {
    fc.assert(
      fc.property(
        withIndex,
        fc.constantFrom(
          "N no",
          "N ❌",
          "N 👎",
          "didn't do N",
          "couldn't do N today",
          "didn't get to N",
          "no time for N today",
        ),
        ({ day: d, at }, template) => {
          const text = template.replace("N", String(d.numbers[at]));
          expect(evening(d, text)).toEqual(NOTHING);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("a skip word skips, and tomorrow moves a goal not done", () => {
    fc.assert(
      fc.property(withIndex, ({ day: d, at }) => {
        const n = d.numbers[at]!;
        expect(evening(d, `skipped ${n}`)).toEqual(checkIn([], [n]));
        expect(evening(d, `not doing ${n} today`)).toEqual(checkIn([], [n]));
        expect(evening(d, `didn't do ${n}, will do it tomorrow`)).toEqual(checkIn([], [], [n]));
      }),
      { numRuns: 200 },
    );
  });
});

describe("small clarifications", () => {
  const morning = (text: string) => interpretReply({ phase: "morning", goals: [], text, media: 0 });

  it("a bare hour is no due time", () => {
    expect(morning("call the bank at 3")).toMatchObject({ due: [null] });
    expect(morning("call the bank at 3pm")).toMatchObject({ due: ["15:00"] });
  });

  it("once and twice a week are one and two times a week", () => {
    expect(morning("swim once a week")).toEqual({
      intent: "add_habit",
      habit: "swim",
      timesPerWeek: 1,
    });
    expect(morning("swim twice a week")).toMatchObject({ timesPerWeek: 2 });
  });

  it.each(["I need to", "I have to", "need to", "gotta"])("%j is not part of a goal", (leadIn) => {
    expect(morning(`${leadIn} call mom`)).toMatchObject({ goals: ["call mom"] });
    expect(morning(`1) ${leadIn} call mom 2) ${leadIn} pay rent`)).toMatchObject({
      goals: ["call mom", "pay rent"],
    });
  });

  it("idk answers nothing, nvm is never mind", () => {
    expect(morning("idk")).toEqual({ intent: "unknown" });
    expect(morning("nvm")).toEqual({ intent: "unknown" });
  });
});

describe("a command with an aside, by day numbers", () => {
  const goals = ["Finish report", "Gym 💪", "Call mom"];
  const numbers = [2, 3, 5];
  const read = (text: string) =>
    interpretReply({ phase: "evening", goals, numbers, text, media: 0 });

  it.each([
    ["scratch 3, knee hurts", { intent: "remove_goal", goal: 3 }],
    ["remove 5 cuz it got cancelled", { intent: "remove_goal", goal: 5 }],
    ["push 2 to tmrw, dana is out anyway", { intent: "move_goal", goal: 2 }],
    ["scratch the gym, knee hurts", { intent: "remove_goal", goal: 3 }],
  ])("%s", (text, expected) => {
    expect(read(text)).toEqual(expected);
  });
});
