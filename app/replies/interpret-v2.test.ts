import { scheduleOf } from "./interpret-habits";
import { interpretInConversation, interpretReply } from "./interpret";
import type { Interpretation, ReplyInput } from "./interpret";

const GOALS = ["Jog 3 miles", "Study French", "Text grandpa"];
const at = (phase: ReplyInput["phase"], text: string, goals = GOALS): ReplyInput => ({
  phase,
  goals,
  text,
  media: 0,
});
const read = (input: ReplyInput) => interpretReply(input);
const checkIn = (completed: number[], skipped: number[] = [], tomorrow: number[] = []) => ({
  intent: "check_in",
  completed,
  skipped,
  tomorrow,
});

describe("editing today's list by text", () => {
  it.each<[ReplyInput, Interpretation]>([
    [
      at("none", "change 2 to study Spanish"),
      { intent: "edit_goal", goal: 2, text: "study Spanish" },
    ],
    [at("evening", "Edit #1: jog 5 miles"), { intent: "edit_goal", goal: 1, text: "jog 5 miles" }],
    [
      at("morning", "replace the last one with call grandma"),
      { intent: "edit_goal", goal: 3, text: "call grandma" },
    ],
    [
      at("none", "make #2 'French podcast'"),
      { intent: "edit_goal", goal: 2, text: "French podcast" },
    ],
    [
      at("none", "3 should be: email grandpa"),
      { intent: "edit_goal", goal: 3, text: "email grandpa" },
    ],
    [at("none", "remove 2"), { intent: "remove_goal", goal: 2 }],
    [at("evening", "scratch the french"), { intent: "remove_goal", goal: 2 }],
    [at("none", "forget about texting grandpa"), { intent: "remove_goal", goal: 3 }],
    [at("none", "move 1 to tomorrow"), { intent: "move_goal", goal: 1 }],
    [at("evening", "push the jog to tomorrow"), { intent: "move_goal", goal: 1 }],
    [at("none", "I'll do 3 tomorrow instead"), { intent: "move_goal", goal: 3 }],
  ])("%j", (input, expected) => {
    expect(read(input)).toEqual(expected);
  });

  it("keeps the user's case in the new wording", () => {
    expect(read(at("none", "Change 3 to Call Grandpa Joe"))).toMatchObject({
      text: "Call Grandpa Joe",
    });
  });

  it.each([
    at("none", "remove 7"),
    at("none", "change 2"),
    at("none", "remove 2", []),
    at("morning", "make 2 sales calls", ["Run"]),
    at("morning", "drop off the parcel", ["Run"]),
    at("none", "move the couch tomorrow"),
  ])("does not read %j as an edit", (input) => {
    expect(read(input).intent).not.toMatch(/_goal$/);
  });
});

describe("check-ins that skip and move goals", () => {
  it.each<[string, ReturnType<typeof checkIn>]>([
    ["did 1, skipped 2", checkIn([1], [2])],
    ["1 and 2 done, 3 tomorrow", checkIn([1, 2], [], [3])],
    ["jogged, no french, not texting grandpa today", checkIn([1], [3])],
    ["skipping 2 and 3, did 1", checkIn([1], [2, 3])],
    ["all done but grandpa, will text him tomorrow", checkIn([1, 2], [], [3])],
    ["1 yes 2 skip 3 tomorrow", checkIn([1], [2], [3])],
    ["French not today", checkIn([], [2])],
    ["all", checkIn([1, 2, 3])],
    ["skip 2 today, 1 and 3 done", checkIn([1, 3], [2])],
  ])("%s", (text, expected) => {
    expect(read(at("evening", text))).toEqual(expected);
  });

  it("a lone 'not today' still pauses for the day", () => {
    expect(read(at("evening", "not today"))).toEqual({ intent: "pause", days: 1 });
  });

  it("'skip 2 days' in the evening is still a pause of two days", () => {
    expect(read(at("evening", "skip 2 days"))).toEqual({ intent: "pause", days: 2 });
  });
});

describe("due times in new goals", () => {
  it("gives one due time or null per goal", () => {
    expect(read(at("morning", "1. dentist at 3:30pm 2. report by noon 3. gym", []))).toEqual({
      intent: "set_goals",
      goals: ["dentist at 3:30pm", "report by noon", "gym"],
      due: ["15:30", "12:00", null],
      on: [null, null, null],
    });
  });
});

describe("habits by text", () => {
  it.each<[string, Interpretation]>([
    ["floss daily", { intent: "add_habit", habit: "floss", days: [0, 1, 2, 3, 4, 5, 6] }],
    ["Gym every Mon, Wed and Fri", { intent: "add_habit", habit: "Gym", days: [1, 3, 5] }],
    ["gym mon wed fri", { intent: "add_habit", habit: "gym", days: [1, 3, 5] }],
    [
      "habit: read 20 pages every weekday",
      // Version 5 reads the amount beside the schedule.
      {
        intent: "add_habit",
        habit: "read 20 pages",
        days: [1, 2, 3, 4, 5],
        target: 20,
        unit: "pages",
        per: "day",
      },
    ],
    ["weekends: long run", { intent: "add_habit", habit: "long run", days: [0, 6] }],
    ["run 3x a week", { intent: "add_habit", habit: "run", timesPerWeek: 3 }],
    ["swim three times per week", { intent: "add_habit", habit: "swim", timesPerWeek: 3 }],
    ["stop habit meditate", { intent: "stop_habit", habit: "meditate" }],
    ["pause habit gym", { intent: "stop_habit", habit: "gym" }],
    ["no more daily reading", { intent: "stop_habit", habit: "reading" }],
    ["what are my habits?", { intent: "list_habits" }],
  ])("%s", (text, expected) => {
    expect(read(at("none", text, []))).toEqual(expected);
  });

  it("a lone STOP is never a habit command", () => {
    expect(read(at("none", "STOP", []))).toEqual({ intent: "stop" });
    expect(read(at("morning", "stop procrastinating", []))).toMatchObject({ intent: "set_goals" });
  });

  it("'no more ...' in the morning is a goal, not a habit to stop", () => {
    expect(read(at("morning", "no more sugar", []))).toMatchObject({ intent: "set_goals" });
  });

  it.each([
    ["daily", { days: [0, 1, 2, 3, 4, 5, 6] }],
    ["on weekdays", { days: [1, 2, 3, 4, 5] }],
    ["every tues & thurs", { days: [2, 4] }],
    ["mon/wed/fri", { days: [1, 3, 5] }],
    ["twice a week", { timesPerWeek: 2 }],
    ["7x a week", { days: [0, 1, 2, 3, 4, 5, 6] }],
    ["weekly", { timesPerWeek: 1 }],
    ["every other day", null],
    ["9x a week", null],
  ])("scheduleOf(%s)", (phrase, expected) => {
    expect(scheduleOf(phrase)).toEqual(expected);
  });
});

describe("interpretInConversation", () => {
  it("takes a report that names goals before the evening question", () => {
    expect(interpretInConversation(at("none", "did 2"))).toEqual(checkIn([2]));
    expect(interpretInConversation(at("none", "finished the french, skipped 3"))).toEqual(
      checkIn([2], [3]),
    );
  });

  it("does not read a bare yes or all at noon as a check-in", () => {
    expect(interpretInConversation(at("none", "yes")).intent).toBe("unknown");
    expect(interpretInConversation(at("none", "all")).intent).toBe("unknown");
    expect(interpretInConversation(at("none", "did 1", [])).intent).toBe("unknown");
  });
});
