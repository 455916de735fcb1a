// The shapes that wrote false records on a held-out set: clauses without punctuation, dictated
// punctuation, counted references, a command with an aside, one-typo command words, and a "done"
// under a negation. Each is read as meant, or asked about; never guessed.
import { interpretReply, type Interpretation, type ReplyInput } from "./interpret";

const GOALS = ["Run 5k", "Read 30 pages", "Call mom 📞", "Finish the report"];
const THREE = GOALS.slice(0, 3);
const evening = (text: string, goals = GOALS): ReplyInput => ({
  phase: "evening",
  goals,
  text,
  media: 0,
});
const checkIn = (completed: number[], skipped: number[] = [], tomorrow: number[] = []) => ({
  intent: "check_in" as const,
  completed,
  skipped,
  tomorrow,
});
const question = expect.objectContaining({ intent: "unknown", question: expect.any(String) });

const cases = (rows: [string, string[], Interpretation | typeof question][]) =>
  rows.map(([text, goals, expected]) => ({ text, goals, expected }));

describe("each clause with its own verdict", () => {
  it.each(
    cases([
      ["did the run skipped reading", GOALS, checkIn([1], [2])],
      ["did 1 skipped 2 did 3", GOALS, checkIn([1, 3], [2])],
      ["ran skipped reading called mom", GOALS, checkIn([1, 3], [2])],
      ["yes to the first one no to the second one yes to the third", GOALS, checkIn([1, 3])],
      ["did 4 and did 3 and finished 1 and skipped 2", GOALS, checkIn([1, 3, 4], [2])],
      ["did the run and the remaining ones tomorrow", GOALS, checkIn([1], [], [2, 3, 4])],
      ["#1 skipped, didn't do #2", GOALS, checkIn([], [1])],
      ["skipped 2\n3 done\n#1 tomorrow", GOALS, checkIn([3], [2], [1])],
      [
        "watered the plants\n#1 tomorrow",
        ["Clean the kitchen", "Water the plants"],
        checkIn([2], [], [1]),
      ],
      ["1 tomorrow didn't do 2 did 3", GOALS, checkIn([3], [], [1])],
      ["did 2 rest tmrw", THREE, checkIn([2], [], [1, 3])],
      ["the report ❌ called mom skipped 1", GOALS, checkIn([3], [1])],
      ["did 1 and 3 skipped 2", THREE, checkIn([1, 3], [2])],
      ["did 3 and 1 skipped 2", THREE, checkIn([1, 3], [2])],
      ["did 1 & 2 skipped 3", THREE, checkIn([1, 2], [3])],
      ["did the run and reading skipped 3", THREE, checkIn([1, 2], [3])],
      ["skipped 2 and the report not done and everything else done", GOALS, checkIn([1, 3], [2])],
    ]),
  )("$text", ({ text, goals, expected }) => {
    expect(interpretReply(evening(text, goals))).toEqual(expected);
  });
});

describe("punctuation spoken to dictation reads as the mark", () => {
  it.each(
    cases([
      ["ran the 5k period skipped the reading period", GOALS, checkIn([1], [2])],
      ["ran the 5k comma skipped reading comma called mom", GOALS, checkIn([1, 3], [2])],
      ["1 done new line 2 skipped new line 3 tomorrow", GOALS, checkIn([1], [2], [3])],
      ["did 2 full stop the report tomorrow", GOALS, checkIn([2], [], [4])],
    ]),
  )("$text", ({ text, goals, expected }) => {
    expect(interpretReply(evening(text, goals))).toEqual(expected);
  });

  it("keeps the word where it is meant ('the trial period', a goal's own word)", () => {
    expect(interpretReply(evening("did the period tracking", ["Period tracking", "Gym"]))).toEqual(
      checkIn([1]),
    );
  });
});

describe("counted references", () => {
  it.each(
    cases([
      ["did the run, the other two not yet", THREE, checkIn([1])],
      ["all three done", THREE, checkIn([1, 2, 3])],
      ["both done", GOALS.slice(0, 2), checkIn([1, 2])],
      ["ran and read, both done", THREE, checkIn([1, 2])],
      ["did the last two", GOALS, checkIn([3, 4])],
      ["the first one done, the other tmrw", GOALS.slice(0, 2), checkIn([1], [], [2])],
      ["the first one done, the other tmrw", THREE, question],
      // A count that does not fit is a question, not a guess.
      ["did the run, the other two not yet", GOALS, question],
      ["all three done", GOALS, question],
      ["both done", THREE, question],
    ]),
  )("$text ($goals.length goals)", ({ text, goals, expected }) => {
    expect(interpretReply(evening(text, goals))).toEqual(expected);
  });
});

describe("a command followed by a reason or an aside", () => {
  it.each([
    ["scratch the report, boss cancelled it", { intent: "remove_goal", goal: 4 }],
    ["drop the run cuz my knee hurts", { intent: "remove_goal", goal: 1 }],
    ["push the report to tomorrow, too tired", { intent: "move_goal", goal: 4 }],
  ])("%s", (text, expected) => {
    expect(interpretReply(evening(text))).toEqual(expected);
  });

  it("is not a removal when the aside reports on other goals", () => {
    expect(interpretReply(evening("gonna do mom tmrw, rest done"))).toEqual(
      checkIn([1, 2, 4], [], [3]),
    );
    expect(interpretReply(evening("scratch the report, did the run")).intent).not.toBe(
      "remove_goal",
    );
  });
});

describe("command words within one typo", () => {
  it.each([
    ["udno", { intent: "undo" }],
    ["undoo", { intent: "undo" }],
    ["puase for a week", { intent: "pause", days: 7 }],
    ["resmue", { intent: "resume" }],
    ["mvoe 2 to tomorow", { intent: "move_goal", goal: 2 }],
    ["dnoe with 1", checkIn([1])],
    ["completd 2", checkIn([2])],
    ["finishd 2 and 3", checkIn([2, 3])],
    ["2 skiped", checkIn([], [2])],
  ])("%s", (text, expected) => {
    expect(interpretReply(evening(text))).toEqual(expected);
  });

  it("leaves real words and goal words as typed", () => {
    expect(interpretReply({ ...evening("movie night"), phase: "morning", goals: [] })).toEqual(
      expect.objectContaining({ intent: "set_goals", goals: ["movie night"] }),
    );
    expect(interpretReply(evening("cause i was tired")).intent).not.toBe("pause");
    expect(interpretReply(evening("did the movie", ["Movie night", "Gym"]))).toEqual(checkIn([1]));
  });
});

describe("the second check: two verdicts or a done under a negation is a question", () => {
  it.each(
    cases([
      ["didn't complete the report", GOALS, checkIn([])],
      ["never got to the gym", ["Gym", "Read"], checkIn([])],
      ["no gym", ["Gym", "Read"], checkIn([])],
      ["didn't get the report done", GOALS, question],
      ["not sure I finished the report", GOALS, question],
      ["ran the 5k not done", GOALS, question],
      ["did 2, 2 skipped", GOALS, question],
      ["didn't skip the gym", ["Gym", "Read"], question],
      // A number beside a word we cannot read is asked about ("skp 2"), not read as done.
      ["skp 2", GOALS, question],
      ["did 1, sipped 2", GOALS, question],
    ]),
  )("$text", ({ text, goals, expected }) => {
    expect(interpretReply(evening(text, goals))).toEqual(expected);
  });

  it("lets a goal's own verdict stand over one said of the whole day", () => {
    expect(interpretReply(evening("all done, 3 no"))).toEqual(checkIn([1, 2, 4]));
  });
});

describe("a command as people type it", () => {
  const goals = ["Clean bathroom", "Emails", "Call grandpa", "Write 500 words ✍️"];
  const idle = (text: string) => interpretReply({ phase: "none", goals, text, media: 0 });

  it.each([
    ["move grandpa to tmrw he's busy", { intent: "move_goal", goal: 3 }],
    ["push 2 to tomorrow morning", { intent: "move_goal", goal: 2 }],
    ["chang 4 to write 300 words", { intent: "edit_goal", goal: 4, text: "write 300 words" }],
    ["stop habit journaling pls", { intent: "stop_habit", habit: "journaling" }],
    ["remove habit gym thx", { intent: "stop_habit", habit: "gym" }],
  ])("%s", (text, expected) => {
    expect(idle(text)).toEqual(expected);
  });

  it("does not move a goal when the words after the day name another", () => {
    expect(idle("move grandpa to tmrw and did emails")).toEqual({ intent: "unknown" });
  });
});

describe("a goal the reply says two things of is asked about on its own", () => {
  const doubt = interpretReply(evening("called mom, not sure I finished the report"));

  it("asks whether that goal is done, and keeps the rest as certain", () => {
    expect(doubt).toEqual({
      intent: "unknown",
      question: expect.stringContaining('4) Finish the report done? Reply "yes", "no"'),
      clarify: {
        options: [4],
        verdict: "completed",
        certain: { completed: [3], skipped: [], tomorrow: [] },
      },
    });
  });

  const answer = (text: string) =>
    interpretReply({
      phase: "clarify",
      options: [4],
      after: "evening",
      goals: GOALS,
      text,
      media: 0,
    });

  it.each([
    ["yes", { intent: "choose", goals: [4] }],
    ["yep i did", { intent: "choose", goals: [4] }],
    ["no", { intent: "choose", goals: [] }],
    ["4 skipped", checkIn([], [4])],
    ["idk", { intent: "unknown" }],
  ])("the answer %s", (text, expected) => {
    expect(answer(text)).toEqual(expected);
  });
});
