import { eq } from "drizzle-orm";
import { askEveningQuestion, handleIncomingText } from "~/conversation/inbound.server";
import { openQuestion } from "~/conversation/clarify.server";
import { listTodayGoals } from "~/goals/goals.server";
import { isOptedOut } from "~/sms/may-text.server";
import { getUserById } from "~/users/users.server";
import { db, schema } from "~/utils/db/db.server";
import { createTestUser, markPhoneVerified } from "../helpers/requests";
import { textFromUser } from "../helpers/texts";

// Saturday 2026-11-21 in New York; the evening question is at 19:00.
const MORNING = new Date("2026-11-21T14:00:00Z"); // 09:00
const AFTERNOON = new Date("2026-11-21T19:00:00Z"); // 14:00
const EVENING = new Date("2026-11-22T00:30:00Z"); // 19:30
const later = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

const QUESTION = 'Which one did you mean: 2) floss daily or 3) floss? Reply e.g. "2".';

async function userWithGoals(goals = "1. call mom 2. floss daily 3. floss") {
  const created = await createTestUser();
  markPhoneVerified(created.id);
  const user = getUserById(created.id)!;
  const set = await handleIncomingText(user, { text: goals, source: "sms" }, MORNING);
  expect(set.intent).toBe("set_goals");
  return user;
}

const fresh = (id: number) => getUserById(id)!;
const text = textFromUser;

/** Each of today's goals by name: "done", "skipped" or "open". */
function states(userId: number, at: Date) {
  return Object.fromEntries(
    listTodayGoals(fresh(userId), at).map((g) => [
      g.description,
      g.completedAt ? "done" : g.skippedAt ? "skipped" : "open",
    ]),
  );
}

/** "called mom, flossed" after the evening question: the call is recorded, the floss asked about. */
async function askedInTheEvening(goals?: string) {
  const user = await userWithGoals(goals);
  expect((await askEveningQuestion(fresh(user.id), EVENING)).sent).toBe(true);
  const asked = await text(user.id, "called mom, flossed", EVENING);
  expect(asked.intent).toBe("unknown");
  expect(asked.reply).toBe(`Got it. Done: call mom. ${QUESTION}`);
  expect(states(user.id, EVENING)).toMatchObject({
    "call mom": "done",
    "floss daily": "open",
    floss: "open",
  });
  expect(openQuestion(user.id, EVENING)).not.toBeNull();
  return user;
}

describe("the question back", () => {
  it("records what is certain at once and remembers what it asked, about which goals, until when", async () => {
    const user = await askedInTheEvening();
    const goals = listTodayGoals(fresh(user.id), EVENING);
    const idOf = (name: string) => goals.find((g) => g.description === name)!.id;
    const stored = db
      .select()
      .from(schema.openQuestions)
      .where(eq(schema.openQuestions.userId, user.id))
      .get()!;
    expect(stored).toMatchObject({
      asked: QUESTION,
      goalIds: [idOf("floss daily"), idOf("floss")],
      verdict: "completed",
      after: "evening",
      // Asked after the evening question: it stands until the day ends (midnight in New York).
      expiresAt: new Date("2026-11-22T05:00:00Z"),
    });
  });

  it('applies "both lol" to both goals offered, and undo takes that answer back', async () => {
    const user = await askedInTheEvening();
    const answer = await text(user.id, "both lol", later(EVENING, 2));
    expect(answer.intent).toBe("choose");
    expect(answer.reply).toMatch(
      /^All done, great work! 3 of 3 done today\. Done: floss daily, floss\./,
    );
    expect(states(user.id, EVENING)).toEqual({
      "call mom": "done",
      "floss daily": "done",
      floss: "done",
    });
    expect(openQuestion(user.id, later(EVENING, 2))).toBeNull();

    const undone = await text(user.id, "undo", later(EVENING, 3));
    expect(undone.intent).toBe("undo");
    expect(undone.reply).toContain("done: floss daily, floss");
    expect(states(user.id, EVENING)).toEqual({
      "call mom": "done",
      "floss daily": "open",
      floss: "open",
    });
  });

  it('applies "the first one" to the first goal offered only, by web chat too', async () => {
    const user = await askedInTheEvening();
    const answer = await text(user.id, "the first one", later(EVENING, 2), "web");
    expect(answer.intent).toBe("choose");
    expect(answer.reply).toContain("Done: floss daily.");
    expect(states(user.id, EVENING)).toEqual({
      "call mom": "done",
      "floss daily": "done",
      floss: "open",
    });
  });

  it('leaves both as they were on "neither" and says so', async () => {
    const user = await askedInTheEvening();
    const answer = await text(user.id, "neither", later(EVENING, 2));
    expect(answer.intent).toBe("choose");
    expect(answer.reply).toBe("OK, nothing more recorded: floss daily, floss stay as they were.");
    expect(states(user.id, EVENING)).toEqual({
      "call mom": "done",
      "floss daily": "open",
      floss: "open",
    });
    expect(openQuestion(user.id, later(EVENING, 2))).toBeNull();
    // Answered: a later "both" is not read as an answer any more.
    const after = await text(user.id, "both", later(EVENING, 3));
    expect(after.intent).not.toBe("choose");
    expect(states(user.id, EVENING)).toMatchObject({ "floss daily": "open", floss: "open" });
  });

  it("STOP while the question is open opts out and leaves the question behind", async () => {
    const user = await askedInTheEvening();
    const stop = await text(user.id, "STOP", later(EVENING, 2));
    expect(stop.intent).toBe("stop");
    expect(isOptedOut(fresh(user.id).phone)).toBe(true);
    expect(openQuestion(user.id, later(EVENING, 2))).toBeNull();
    expect(states(user.id, EVENING)).toMatchObject({ "floss daily": "open", floss: "open" });
  });

  it("undo while the question is open takes back the part already recorded, and the question", async () => {
    const user = await askedInTheEvening();
    const undone = await text(user.id, "undo", later(EVENING, 2));
    expect(undone.intent).toBe("undo");
    expect(states(user.id, EVENING)).toEqual({
      "call mom": "open",
      "floss daily": "open",
      floss: "open",
    });
    expect(openQuestion(user.id, later(EVENING, 2))).toBeNull();
    const both = await text(user.id, "both", later(EVENING, 3));
    expect(both.intent).not.toBe("choose");
    expect(states(user.id, EVENING)).toMatchObject({ "floss daily": "open", floss: "open" });
  });

  it("a new check-in while the question is open is read as one, and the question is dropped", async () => {
    const user = await askedInTheEvening("1. call mom 2. floss daily 3. floss 4. run 5k");
    const ran = await text(user.id, "ran 5k", later(EVENING, 2));
    expect(ran.intent).toBe("check_in");
    expect(states(user.id, EVENING)).toEqual({
      "call mom": "done",
      "floss daily": "open",
      floss: "open",
      "run 5k": "done",
    });
    expect(openQuestion(user.id, later(EVENING, 2))).toBeNull();
    const both = await text(user.id, "both", later(EVENING, 3));
    expect(both.intent).not.toBe("choose");
    expect(states(user.id, EVENING)).toMatchObject({ "floss daily": "open", floss: "open" });
  });

  it("is not applied once it has expired (asked in the afternoon, gone at the evening question's time)", async () => {
    const user = await userWithGoals();
    const asked = await text(user.id, "called mom, flossed", AFTERNOON);
    expect(asked.reply).toBe(`Got it. Done: call mom. ${QUESTION}`);
    expect(openQuestion(user.id, AFTERNOON)?.expiresAt).toEqual(new Date("2026-11-22T00:00:00Z"));
    const answer = await text(user.id, "both lol", EVENING);
    expect(answer.intent).not.toBe("choose");
    expect(states(user.id, EVENING)).toEqual({
      "call mom": "done",
      "floss daily": "open",
      floss: "open",
    });
  });

  it("is answered in the afternoon too, before it expires", async () => {
    const user = await userWithGoals();
    await text(user.id, "called mom, flossed", AFTERNOON);
    const answer = await text(user.id, "3", later(AFTERNOON, 5));
    expect(answer.intent).toBe("choose");
    expect(states(user.id, AFTERNOON)).toEqual({
      "call mom": "done",
      "floss daily": "open",
      floss: "done",
    });
  });
});

describe("a goal the text says two things of", () => {
  it('is asked about alone, the rest recorded; "yes" marks it done and "no" leaves it open', async () => {
    for (const [answer, report] of [
      ["yes", "done"],
      ["no", "open"],
    ] as const) {
      const user = await userWithGoals("1. call mom 2. finish the report 3. floss");
      expect((await askEveningQuestion(fresh(user.id), EVENING)).sent).toBe(true);
      const asked = await text(user.id, "called mom, not sure I finished the report", EVENING);
      expect(asked.intent).toBe("unknown");
      expect(asked.reply).toContain("is 2) finish the report done?");
      expect(states(user.id, EVENING)).toMatchObject({
        "call mom": "done",
        "finish the report": "open",
      });
      const answered = await text(user.id, answer, later(EVENING, 2));
      expect(answered.intent).toBe("choose");
      expect(states(user.id, later(EVENING, 2))).toMatchObject({
        "call mom": "done",
        "finish the report": report,
        floss: "open",
      });
      expect(openQuestion(user.id, later(EVENING, 2))).toBeNull();
    }
  });
});
