// Conventions v5 (tests/replies/README.md): the cases the sets do not show, each the safe reading.
import { interpretInConversation, interpretReply, type ReplyInput } from "./interpret";
import type { GoalKind } from "./interpret-check-in-kinds";

const pages: GoalKind = { unit: "pages", target: 30, atMost: false, per: "day" };
const steps: GoalKind = { unit: "steps", target: 10000, atMost: false, per: "day" };
const km: GoalKind = { unit: "km", target: 15, atMost: false, per: "week" };

const evening = (goals: string[], kinds: GoalKind[], text: string): ReplyInput => ({
  phase: "evening",
  goals,
  kinds,
  text,
  media: 0,
});
const none = (text: string): ReplyInput => ({ phase: "none", goals: [], text, media: 0 });

describe("version 5: values", () => {
  it.each([
    ["ran 3,2", [{ goal: 1, value: 3.2 }]],
    ["3.2k today", [{ goal: 1, value: 3.2 }]],
    ["ran about 5", [{ goal: 1, value: 5 }]],
  ])("%s gives the run its value", (text, values) => {
    expect(interpretReply(evening(["Run 15k", "Call mom"], [km, null], text))).toMatchObject({
      intent: "check_in",
      completed: [],
      values,
    });
  });

  it("reads a number in words before what it counts", () => {
    const coffees: GoalKind = { unit: "coffees", target: 2, atMost: true, per: "day" };
    const got = interpretReply(
      evening(["At most 2 coffees", "Call mom"], [coffees, null], "only one coffee"),
    );
    expect(got).toMatchObject({ completed: [], values: [{ goal: 1, value: 1 }] });
  });

  it("reads 10,000 as ten thousand and a day number beside it as a day number", () => {
    const got = interpretReply(
      evening(["Walk", "Call mom"], [steps, null], "10,000 steps, 2 done"),
    );
    expect(got).toMatchObject({ completed: [2], values: [{ goal: 1, value: 10000 }] });
  });

  it("asks when a number could be either of two measured goals' value", () => {
    const got = interpretReply(evening(["Read", "Run"], [pages, km], "did 5"));
    expect(got.intent).not.toBe("check_in");
    const both = interpretReply(evening(["Read", "Walk"], [pages, steps], "read 20 steps"));
    expect(both.intent).toBe("unknown");
  });

  it("asks when a number after a goal's words is followed by a verdict, as a day number would be", () => {
    const got = interpretReply(evening(["Run 15k", "Call mom"], [km, null], "ran 2 done"));
    expect(got.intent).toBe("unknown");
  });

  it("asks when the goal's words come with an amount in another unit", () => {
    const got = interpretReply(evening(["Read", "Call mom"], [pages, null], "read for 30 min"));
    expect(got.intent).toBe("unknown");
  });

  it("asks about a goal word two goals share after a value, and keeps the value certain", () => {
    const got = interpretReply(
      evening(
        ["Read 30 pages", "Morning run", "Evening run"],
        [pages, null, null],
        "read 35 and ran",
      ),
    );
    expect(got).toMatchObject({
      intent: "unknown",
      clarify: {
        options: [2, 3],
        verdict: "completed",
        certain: { values: [{ goal: 1, value: 35 }] },
      },
    });
  });

  it("does not read a clock time as a value", () => {
    const got = interpretReply(
      evening(["Run 15k", "Call mom"], [km, null], "ran at 6, called mom"),
    );
    expect(got).toMatchObject({ intent: "check_in", completed: [1, 2], values: [] });
  });

  it("reads values only with kinds: without them version 4 completes the goal", () => {
    const input = evening(["Read 30 pages", "Call mom"], [pages, null], "read 35");
    const { kinds: _kinds, ...v4 } = input;
    expect(interpretReply(v4)).toEqual({
      intent: "check_in",
      completed: [1],
      skipped: [],
      tomorrow: [],
    });
  });

  it("keeps day numbers in what it records", () => {
    const got = interpretReply({
      ...evening(
        ["Read 30 pages", "No sugar", "Call mom"],
        [pages, "avoid", null],
        "read 12, had sugar",
      ),
      numbers: [3, 5, 6],
    });
    expect(got).toMatchObject({
      intent: "check_in",
      values: [{ goal: 3, value: 12 }],
      slipped: [5],
    });
  });
});

describe("version 5: slips", () => {
  const goals = ["No sugar", "Call mom"];
  const kinds: GoalKind[] = ["avoid", null];
  it.each(["sugar 😩", "sugar", "slipped on 2", "n y", "❌ ✅"])("asks about %s", (text) => {
    expect(interpretReply(evening(goals, kinds, text)).intent).toBe("unknown");
  });
  it.each([
    "clean",
    "nope",
    "none",
    "no slips today",
    "1 ✅",
    "no sugar ✅",
    "sugar free day",
    "had a sugar-free day",
  ])("records nothing for %s", (text) => {
    expect(interpretReply(evening(goals, kinds, text))).toMatchObject({
      intent: "check_in",
      completed: [],
      slipped: [],
    });
  });
  it.each(["no sugar ❌", "1 no", "ate sugar at lunch, called mom"])(
    "reads %s as a slip",
    (text) => {
      expect(interpretReply(evening(goals, kinds, text))).toMatchObject({ slipped: [1] });
    },
  );
});

describe("version 5: slips on a habit named by a longer phrase", () => {
  const goals = ["No phone after 10pm", "Read"];
  const kinds: GoalKind[] = ["avoid", pages];
  it.each([
    ["got off my phone at 9", []],
    ["phone off by 10, read 40", []],
    ["was on my phone till midnight", [1]],
  ])("%s", (text, slipped) => {
    expect(interpretReply(evening(goals, kinds, text))).toMatchObject({
      intent: "check_in",
      slipped,
    });
  });
});

describe("version 5: notes", () => {
  it("does not take an emoji or a word of small talk for a note", () => {
    const got = interpretReply(evening(["Gym", "Call mom"], [null, null], "gym done, lol 😅"));
    expect(got).toMatchObject({ completed: [1], notes: [] });
  });
  it("keeps the note in the user's words", () => {
    const got = interpretReply(
      evening(["Gym", "Call mom"], [null, null], "Gym done - PR on Squats"),
    );
    expect(got).toMatchObject({ completed: [1], notes: [{ goal: 1, note: "PR on Squats" }] });
  });
});

describe("version 5: habits and rest days", () => {
  it.each([
    ["run 15k weekly", { habit: "run 15k", target: 15, unit: "km", per: "week" }],
    ["habit: meditate 10 min", { habit: "meditate 10 min", target: 10, unit: "min", per: "day" }],
    [
      "max 1 soda a day",
      { habit: "max 1 soda", target: 1, unit: "soda", atMost: true, per: "day" },
    ],
    ["stay off twitter every day", { habit: "stay off twitter", avoid: true }],
  ])("%s", (text, expected) => {
    expect(interpretReply(none(text))).toMatchObject({ intent: "add_habit", ...expected });
  });

  it("keeps a count of days a week as version 2 reads it", () => {
    expect(interpretReply(none("run 5k 3x a week"))).toEqual({
      intent: "add_habit",
      habit: "run 5k",
      timesPerWeek: 3,
    });
  });

  it("reads rest day for a goal as that goal skipped, even before the evening question", () => {
    const input = { ...none("rest day for the gym"), goals: ["Gym", "Call mom"] };
    expect(interpretInConversation(input)).toEqual({
      intent: "check_in",
      completed: [],
      skipped: [1],
      tomorrow: [],
    });
    expect(interpretReply(none("rest today"))).toEqual({ intent: "pause", days: 1 });
  });
});
