import { interpretInConversation, interpretReply } from "./interpret";
import type { Interpretation, ReplyInput } from "./interpret";
import {
  asTyped,
  readShorthand,
  readTyped,
  typedTail,
  withinOneTypo,
  withoutFillers,
} from "./interpret-text";

const GOALS = ["Pay rent", "Grocery run", "Call the vet", "Clean bathroom"];
const at = (phase: ReplyInput["phase"], text: string, goals = GOALS): ReplyInput => ({
  phase,
  goals,
  text,
  media: 0,
});
const read = (input: ReplyInput) => interpretReply(input);
const checkIn = (completed: number[], skipped: number[] = [], tomorrow: number[] = []) => ({
  intent: "check_in" as const,
  completed,
  skipped,
  tomorrow,
});

describe("reading typed text (interpret-text)", () => {
  it.each([
    ["skiped", "skipped", true],
    ["skippd", "skipped", true],
    ["compelted", "completed", true],
    ["chnage", "change", true],
    ["remvoe", "remove", true],
    ["dleete", "delete", true],
    ["tomorow", "tomorrow", true],
    ["tommorow", "tomorrow", true],
    ["rnet", "rent", true],
    ["math", "bath", false],
    ["ran", "run", false],
    ["skipped", "slipped", true],
    ["completely", "completed", false],
  ])("withinOneTypo(%s, %s) is %s", (word, target, expected) => {
    expect(withinOneTypo(word, target)).toBe(expected);
  });

  it("reads shorthand and misspelt command words, and keeps what was typed", () => {
    const typed = readTyped("im gonna finish the report b4 noon w/ sam tmrw, skiped 2");
    expect(typed.text).toBe(
      "i'm going to finish the report before noon with sam tomorrow, skipped 2",
    );
    expect(typed.typed).toBe("im gonna finish the report b4 noon w/ sam tmrw, skiped 2");
    expect(asTyped(typed, "finish the report before noon with sam")).toBe(
      "finish the report b4 noon w/ sam",
    );
    expect(typedTail(typed, "finish the report before noon with sam tomorrow, skipped 2")).toBe(
      "finish the report b4 noon w/ sam tmrw, skiped 2",
    );
  });

  it("never corrects a real word next to a command word, nor a goal's own word", () => {
    expect(readTyped("shipped the parcel, charged the phone").text).toBe(
      "shipped the parcel, charged the phone",
    );
    expect(readTyped("finished the chnage", (w) => w === "chnage").text).toBe(
      "finished the chnage",
    );
  });

  it("drops fillers before a command, and tells a set-off one apart", () => {
    expect(withoutFillers(readTyped("oops ok so undo")).typed.text).toBe("undo");
    expect(withoutFillers(readTyped("hmm, gym")).punctuated).toBe(true);
    expect(withoutFillers(readTyped("wait for the vet")).punctuated).toBe(false);
    expect(withoutFillers(readTyped("ok")).typed.text).toBe("ok");
    expect(withoutFillers(readTyped("sober october")).stripped).toBe(false);
    expect(withoutFillers(readTyped("k-pop concert")).stripped).toBe(false);
    expect(withoutFillers(readTyped("ok,undo")).typed.text).toBe("undo");
    expect(withoutFillers(readTyped("also: call dad")).stripped).toBe(false);
  });

  it("reads shorthand in a goal's due time only", () => {
    expect(readShorthand("report b4 5pm")).toBe("report before 5pm");
  });
});

describe("shorthand in commands and lead-ins; goal texts as typed", () => {
  it.each<[ReplyInput, Interpretation]>([
    [
      at("morning", "im gonna clean the garage b4 5pm", []),
      { intent: "set_goals", goals: ["clean the garage b4 5pm"], due: ["17:00"], on: [null] },
    ],
    [
      at("morning", "tday i wanna 1. pay rent 2. call the vet w/ mum", []),
      {
        intent: "set_goals",
        goals: ["pay rent", "call the vet w/ mum"],
        due: [null, null],
        on: [null, null],
      },
    ],
    [
      at("evening", "2day: dentist at 2pm"),
      { intent: "set_goals", goals: ["dentist at 2pm"], due: ["14:00"], on: [null] },
    ],
    [at("none", "can u push the vet to tmrw"), { intent: "move_goal", goal: 3 }],
    [at("none", "u can push the vet to tmrw"), { intent: "move_goal", goal: 3 }],
    [at("morning", "not 2day pls", []), { intent: "pause", days: 1 }],
    [at("none", "whats my streak rn"), { intent: "stats" }],
    [at("none", "hows my progress"), { intent: "stats" }],
    [
      at("none", "pls add habit: stretch w/ ana every day", []),
      { intent: "add_habit", habit: "stretch w/ ana", days: [0, 1, 2, 3, 4, 5, 6] },
    ],
    [at("morning", "thx!", []), { intent: "unknown" }],
    [at("morning", "gonna skip today", []), { intent: "pause", days: 1 }],
    [
      at("none", "btw add habit: floss every nite", []),
      { intent: "add_habit", habit: "floss", days: [0, 1, 2, 3, 4, 5, 6] },
    ],
    [at("none", "no more daily journaling pls", []), { intent: "stop_habit", habit: "journaling" }],
    [
      at("none", "can u chnage the rent to pay rent b4 friday"),
      { intent: "edit_goal", goal: 1, text: "pay rent b4 friday" },
    ],
  ])("%j", (input, expected) => {
    expect(read(input)).toEqual(expected);
  });
});

describe("misspelt command words and goal words", () => {
  it.each<[ReplyInput, Interpretation]>([
    [
      at("none", "chnage 2 to grocery run w/ dad"),
      { intent: "edit_goal", goal: 2, text: "grocery run w/ dad" },
    ],
    [at("none", "remvoe the vet"), { intent: "remove_goal", goal: 3 }],
    [at("none", "dleete 1"), { intent: "remove_goal", goal: 1 }],
    [at("none", "move 4 to tommorow"), { intent: "move_goal", goal: 4 }],
    [at("evening", "paid rent, skippd the grocery run"), checkIn([1], [2])],
    [at("evening", "compelted the bathrom"), checkIn([4])],
    [at("evening", "paid the rnet"), checkIn([1])],
    [at("evening", "did everything exept the vet"), checkIn([1, 2, 4])],
  ])("%j", (input, expected) => {
    expect(read(input)).toEqual(expected);
  });

  it("does not read a misspelt word as a goal when two goals are that close", () => {
    const goals = ["Paint fence", "Print flyers", "Pay rent"];
    expect(read(at("evening", "paid rent, did the pint", goals))).toEqual(checkIn([3]));
    expect(read(at("evening", "paid rent, did the paint", goals))).toEqual(checkIn([1, 3]));
  });

  it("does not take a real word next to a command word for it", () => {
    expect(read(at("evening", "shipped the parcel"))).toEqual({ intent: "unknown" });
  });
});

describe("fillers before a command", () => {
  it.each<[string, Interpretation]>([
    ["oops chnage 2 to grocery run", { intent: "edit_goal", goal: 2, text: "grocery run" }],
    ["um remove the vet", { intent: "remove_goal", goal: 3 }],
    ["btw stop habit flossing", { intent: "stop_habit", habit: "flossing" }],
    ["so what are my goals", { intent: "list_goals" }],
    ["lol what r my habits", { intent: "list_habits" }],
    ["oops stop", { intent: "stop" }],
  ])("%s", (text, expected) => {
    expect(read(at("none", text))).toEqual(expected);
  });

  it("drops a filler before a list in the morning, not from a goal that starts with one", () => {
    expect(read(at("morning", "ok so 1. dishes 2. gym", []))).toMatchObject({
      goals: ["dishes", "gym"],
    });
    expect(read(at("morning", "wait for the plumber", []))).toMatchObject({
      goals: ["wait for the plumber"],
    });
  });
});

describe("emoji carry a verdict only when they are marks", () => {
  it.each<[string, ReturnType<typeof checkIn>]>([
    ["only called the vet 🤷", checkIn([3])],
    ["cleaned the bathroom 💀", checkIn([4])],
    ["rent ✅ vet ✔️ groceries ❌", checkIn([1, 3])],
    ["👍 👎 ☑️ ✖️", checkIn([1, 3])],
    ["rent 💯", checkIn([1])],
  ])("%s", (text, expected) => {
    expect(read(at("evening", text))).toMatchObject(expected);
  });

  it("a lone emoji that is not a mark is not a check-in", () => {
    expect(read(at("evening", "😩"))).toEqual({ intent: "unknown" });
    expect(read(at("evening", "🎉"))).toEqual({ intent: "unknown" });
  });
});

describe('"the rest" and "it"', () => {
  it.each<[string, ReturnType<typeof checkIn>]>([
    ["rent done, rest tmrw", checkIn([1], [], [2, 3, 4])],
    ["paid rent, everything else tomorrow", checkIn([1], [], [2, 3, 4])],
    ["all the others done, vet tmrw", checkIn([1, 2, 4], [], [3])],
    ["vet ✅ the rest ❌", checkIn([3])],
    ["no time for the bathroom, ill do it tmrw", checkIn([], [], [4])],
    ["the vet was closed so ill do that one tomorrow. rent done", checkIn([1], [], [3])],
    ["bathroom was gross but did it anyway", checkIn([4])],
  ])("%s", (text, expected) => {
    expect(read(at("evening", text))).toEqual(expected);
  });

  it('"that" before a goal\'s word is not a pronoun', () => {
    expect(read(at("evening", "vet done. skipped that bathroom tho"))).toEqual(checkIn([3], [4]));
  });

  it('"rest" and "it" mark nothing without a word of their own', () => {
    expect(read(at("evening", "rent done then had a rest"))).toEqual(checkIn([1]));
    expect(read(at("evening", "paid rent, it was due"))).toEqual(checkIn([1]));
  });

  it('"the rest" in an edit is not one goal', () => {
    expect(read(at("none", "rent done, rest tmrw"))).not.toMatchObject({ intent: "move_goal" });
    expect(read(at("evening", "paid rent. rest tmrw"))).toEqual(checkIn([1], [], [2, 3, 4]));
  });
});

describe("undo", () => {
  it.each([
    "undo",
    "Undo!",
    "oops undo",
    "undo that",
    "undo 2",
    "wait undo",
    "undo pls",
    "pls undo",
    "can u undo that",
    "undo my last text",
  ])("%s", (text) => {
    expect(read(at("evening", text))).toEqual({ intent: "undo" });
    expect(read(at("none", text))).toEqual({ intent: "undo" });
  });

  it("is never a STOP, and undoing a goal's words is not an undo", () => {
    expect(read(at("morning", "undo", [])).intent).toBe("undo");
    expect(read(at("morning", "undo the knot in the hose", [])).intent).toBe("set_goals");
  });
});

describe("a question instead of a guess", () => {
  it("asks which goal a number past the end of the list is", () => {
    const reply = read(at("evening", "did 6", ["Finish report", "Dishes", "Walk with Sam"]));
    expect(reply).toEqual({
      intent: "unknown",
      question:
        'Which goal is 6? You have 3 today: 1) Finish report 2) Dishes 3) Walk with Sam. Reply e.g. "1 done".',
    });
    expect(read(at("evening", "1 and 5 done"))).toMatchObject({ intent: "unknown" });
    expect(read(at("none", "remove 7"))).toEqual({
      intent: "unknown",
      question:
        'Which goal is 7? You have 4 today: 1) Pay rent 2) Grocery run 3) Call the vet 4) Clean bathroom. Reply e.g. "1 done".',
    });
  });

  it("asks which goal a word means when it names two equally", () => {
    const goals = ["Call mom", "Call dad", "Laundry"];
    expect(read(at("evening", "called 😅", goals))).toEqual({
      intent: "unknown",
      question: 'Which one did you mean: 1) Call mom or 2) Call dad? Reply e.g. "1".',
      clarify: {
        options: [1, 2],
        verdict: "completed",
        certain: { completed: [], skipped: [], tomorrow: [] },
      },
    });
    expect(read(at("evening", "called dad", goals))).toEqual(checkIn([2]));
    const emails = ["Email Jess", "Email Tom", "Gym"];
    expect(read(at("evening", "gym ✅ emails tmrw", emails))).toEqual(checkIn([3], [], [1, 2]));
    expect(read(at("evening", "did 3, 5 tmrw", GOALS))).toMatchObject({ intent: "unknown" });
    expect(read(at("evening", "all done", goals))).toEqual(checkIn([1, 2, 3]));
  });

  it("asks before the evening question too, where a report names goals", () => {
    expect(interpretInConversation(at("none", "did 5"))).toMatchObject({
      intent: "unknown",
      question: expect.stringMatching(/^Which goal is 5\?/),
    });
    expect(interpretInConversation(at("none", "hello there"))).toEqual({ intent: "unknown" });
    expect(interpretInConversation(at("none", "ask 5"))).toEqual({ intent: "unknown" });
    expect(interpretInConversation(at("none", "did 2", []))).toEqual({ intent: "unknown" });
  });

  it("still reads quantities as quantities", () => {
    expect(read(at("evening", "walked 5 miles and paid rent"))).toEqual(checkIn([1]));
  });
});

describe("a false record is worse than a question", () => {
  it("does not mark a skipped goal done", () => {
    const goals = ["Finish report", "Groceries", "Vet appointment"];
    expect(read(at("evening", "1 done. skiped groceries. vet tmrw", goals))).toEqual(
      checkIn([1], [2], [3]),
    );
  });

  it("marks only the goal that was done", () => {
    const goals = ["Run 5k", "Do the reading", "Call mom"];
    expect(read(at("evening", "only did the reading 🤷", goals))).toEqual(checkIn([2]));
  });
});
