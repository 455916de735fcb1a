import { eq } from "drizzle-orm";
import {
  askEveningQuestion,
  askMorningQuestion,
  handleIncomingText,
  pendingPhase,
  receiveInboundSms,
} from "~/conversation/inbound.server";
import { GOAL_DESCRIPTION_MAX } from "~/goals/goal-schema";
import { listTodayGoals } from "~/goals/goals.server";
import { dayNote } from "~/goals/day-notes.server";
import { isOptedOut } from "~/sms/may-text.server";
import { getUserById } from "~/users/users.server";
import { db, schema } from "~/utils/db/db.server";
import { localTime } from "~/utils/time/local-time";
import { createTestUser, markPhoneVerified } from "../helpers/requests";
import { localTextsTo } from "../helpers/local-outbox";
import { textFromUser } from "../helpers/texts";

// A fixed instant: Saturday 2026-11-21 at 9:00 in New York.
const MORNING = new Date("2026-11-21T14:00:00Z");
const EVENING = new Date("2026-11-22T00:30:00Z"); // 19:30 the same local day

async function verifiedUser() {
  const created = await createTestUser();
  markPhoneVerified(created.id);
  return getUserById(created.id)!;
}

function fresh(id: number) {
  return getUserById(id)!;
}

const outbox = localTextsTo;

describe("conversation engine", () => {
  it("greets a question asked by hand by the user's time of day, not always with good morning", async () => {
    const user = await verifiedUser();
    const fiveThirtyNinePm = new Date("2026-11-21T22:39:00Z"); // 17:39 in New York
    await askMorningQuestion(user, fiveThirtyNinePm);
    expect(outbox(user.phone)[0]!.body).toMatch(/^Good evening! What are your goals for today\?/);
    await askMorningQuestion(user, MORNING);
    expect(outbox(user.phone)[0]!.body).toMatch(/^Good morning! What are your goals for today\?/);
  });

  it("turns the answer to the morning question into today's goals due at the evening check-in", async () => {
    const user = await verifiedUser();
    const asked = await askMorningQuestion(user, MORNING);
    expect(asked.sent).toBe(true);
    expect(pendingPhase(fresh(user.id), MORNING)).toBe("morning");

    const result = await textFromUser(user.id, "1. Run 5k 2. Finish report by 3pm", MORNING);
    expect(result.intent).toBe("set_goals");
    expect(result.reply).toBe(
      "Got it: 2 goals for today: 1) Run 5k 2) Finish report by 3pm. I'll check in at 7:00 PM.",
    );
    // Numbered in the order given, whatever their due times: the numbers every later text uses.
    const goals = listTodayGoals(fresh(user.id), MORNING);
    expect(goals.map((g) => [g.dayNumber, g.description])).toEqual([
      [1, "Run 5k"],
      [2, "Finish report by 3pm"],
    ]);
    expect(goals.map((g) => localTime(g.dueDate, "America/New_York"))).toEqual(["19:00", "15:00"]);
    expect(pendingPhase(fresh(user.id), MORNING)).toBe("none");
    expect(outbox(user.phone)[0]!.body).toBe(result.reply);
  });

  it("plans a goal that names a weekday for that day, today when it is today, and says so", async () => {
    const user = await verifiedUser();
    await askMorningQuestion(user, MORNING); // Saturday, November 21
    const result = await textFromUser(
      user.id,
      "gym b4 work, dinner with jess on friday, laundry on saturday",
      MORNING,
    );
    expect(result.reply).toBe(
      "Got it: 2 goals for today: 1) gym b4 work 2) laundry on saturday. dinner with jess on friday: planned for Friday. I'll check in at 7:00 PM.",
    );
    expect(db.select().from(schema.habits).where(eq(schema.habits.userId, user.id)).all()).toEqual(
      [],
    );
    const friday = new Date("2026-11-27T17:00:00Z");
    expect(
      listTodayGoals(fresh(user.id), friday).map((g) => [
        g.dayNumber,
        g.description,
        localTime(g.dueDate, "America/New_York"),
      ]),
    ).toEqual([[1, "dinner with jess on friday", "19:00"]]);
  });

  it("says when a goal's time has already passed instead of showing a silent Overdue", async () => {
    const user = await verifiedUser();
    await askMorningQuestion(user, MORNING);
    const elevenAm = new Date(MORNING.getTime() + 2 * 60 * 60 * 1000);
    const result = await textFromUser(user.id, "1. dentist at 9am 2. groceries", elevenAm);
    expect(result.reply).toBe(
      'Got it: 2 goals for today: 1) dentist at 9am 2) groceries. Note: 9:00 AM has already passed today, so 1 shows as overdue; text "move 1 to tomorrow" to push it. I\'ll check in at 7:00 PM.',
    );
    const moved = await textFromUser(user.id, "move 1 to tomorrow", elevenAm);
    expect(moved.intent).toBe("move_goal");
    expect(listTodayGoals(fresh(user.id), elevenAm).map((g) => g.description)).toEqual([
      "groceries",
    ]);
  });

  it("holds texted goals to the web form's length limit, keeping the others", async () => {
    const user = await verifiedUser();
    await askMorningQuestion(user, MORNING);
    const tooLong = `write ${"a very long goal ".repeat(40)}`.trim();
    expect(tooLong.length).toBeGreaterThan(GOAL_DESCRIPTION_MAX);
    const result = await textFromUser(user.id, `1. Run 5k\n2. ${tooLong}`, MORNING);
    expect(result.reply).toBe(
      "Got it: 1 goal for today: 1) Run 5k. Not added: 1 goal over 500 characters, the most a goal can have. I'll check in at 7:00 PM.",
    );
    expect(listTodayGoals(fresh(user.id), MORNING).map((g) => g.description)).toEqual(["Run 5k"]);

    const alone = await textFromUser(user.id, `goal: ${tooLong}`, MORNING);
    expect(alone.reply).toBe(
      "That goal is too long: a goal can have at most 500 characters. Please text a shorter version.",
    );
    expect(listTodayGoals(fresh(user.id), MORNING)).toHaveLength(1);
  });

  it("completes the goals named in the evening check-in and attaches a photo as proof", async () => {
    const user = await verifiedUser();
    await askMorningQuestion(user, MORNING);
    await textFromUser(user.id, "Run 5k, read 30 pages, call mom", MORNING, "web");
    const asked = await askEveningQuestion(fresh(user.id), EVENING);
    expect(asked.sent).toBe(true);
    expect(outbox(user.phone)[0]!.body).toMatch(/1\) Run 5k 2\) read 30 pages 3\) call mom/);

    const result = await handleIncomingText(
      fresh(user.id),
      { text: "did 1 and 3", mediaIds: ["photo-token"], source: "sms" },
      EVENING,
    );
    expect(result.intent).toBe("check_in");
    // One answer: the confirmation, then rule-based feedback (no LLM configured here), kept on the goals.
    const feedback = result.feedback!;
    expect(feedback).toMatch(/2 of 3|2 goals down/);
    // The count is said once: a feedback sentence repeating "2 of 3" is left out of the answer.
    const unsaid = feedback.split(/(?<=[.!?]) /).filter((sentence) => !sentence.includes("2 of 3"));
    expect(result.reply).toBe(
      ["Nice work! 2 of 3 done today. Done: Run 5k, call mom. Streak: 1 day.", ...unsaid].join(" "),
    );
    expect(result.reply.split("2 of 3")).toHaveLength(2);
    const [answer, question] = outbox(user.phone).map((m) => m.body);
    expect(answer).toBe(result.reply);
    expect(question).toMatch(/^Evening check-in/);
    const goals = listTodayGoals(fresh(user.id), EVENING);
    const done = goals
      .filter((g) => g.completedAt)
      .map((g) => g.description)
      .sort();
    expect(done).toEqual(["Run 5k", "call mom"]);
    expect(goals.find((g) => g.description === "Run 5k")!.proofImageUrls).toEqual([
      "/media/photo-token",
    ]);
    const inbound = db
      .select()
      .from(schema.messages)
      .where(eq(schema.messages.id, result.messageId))
      .get()!;
    expect(inbound.linkedGoalIds).toHaveLength(2);
    expect(pendingPhase(fresh(user.id), EVENING)).toBe("none");
    // The feedback is the day's note, once, without the count the answer gave; not on each goal.
    expect(goals.map((g) => g.llmFeedback)).toEqual([null, null, null]);
    expect(dayNote(user.id, "2026-11-21")).toBe(unsaid.join(" "));
  });

  it("does not ask an evening question when there are no goals today", async () => {
    const user = await verifiedUser();
    expect(await askEveningQuestion(user, EVENING)).toEqual({ sent: false, reason: "no_goals" });
    expect(outbox(user.phone)).toHaveLength(0);
  });

  it("opts the number out on STOP with one confirmation and nothing after it, and back in on START", async () => {
    const user = await verifiedUser();
    const stop = await handleIncomingText(user, { text: "STOP", source: "sms" }, MORNING);
    expect(stop.intent).toBe("stop");
    expect(isOptedOut(user.phone)).toBe(true);
    expect(outbox(user.phone)).toHaveLength(1);
    expect(outbox(user.phone)[0]!.body).toMatch(/unsubscribed/);

    expect((await askMorningQuestion(fresh(user.id), MORNING)).sent).toBe(false);
    expect(outbox(user.phone)).toHaveLength(1);

    await textFromUser(user.id, "START", MORNING);
    expect(isOptedOut(user.phone)).toBe(false);
    expect((await askMorningQuestion(fresh(user.id), MORNING)).sent).toBe(true);
  });

  it("opts out on a plain request too", async () => {
    const user = await verifiedUser();
    await handleIncomingText(user, { text: "please stop texting me", source: "sms" }, MORNING);
    expect(isOptedOut(user.phone)).toBe(true);
  });

  it.each(["pause for 1000 weeks", "pause 99999999999999 days"])(
    "answers %j plainly and pauses nothing: it ends past the next 2 years",
    async (text) => {
      const user = await verifiedUser();
      const answer = await handleIncomingText(user, { text, source: "web" }, MORNING);
      expect(answer.reply).toBe(
        'I can pause check-ins for up to 2 years. Send a shorter pause (e.g. "pause 2 weeks"), or PAUSE to stop them until you reply RESUME.',
      );
      expect(fresh(user.id).pausedUntil).toBeNull();
      expect(fresh(user.id).sendCheckInReminders).toBe(true);
    },
  );

  it("pauses for some days, indefinitely, and resumes", async () => {
    const user = await verifiedUser();
    const paused = await handleIncomingText(
      user,
      { text: "pause for 3 days", source: "web" },
      MORNING,
    );
    expect(paused.reply).toMatch(/paused for 3 days/);
    expect(fresh(user.id).pausedUntil!.toISOString()).toBe("2026-11-24T05:00:00.000Z");

    await textFromUser(user.id, "pause", MORNING, "web");
    expect(fresh(user.id).sendCheckInReminders).toBe(false);

    const resumed = await textFromUser(user.id, "resume", MORNING, "web");
    expect(resumed.intent).toBe("resume");
    expect(fresh(user.id).sendCheckInReminders).toBe(true);
    expect(fresh(user.id).pausedUntil).toBeNull();
  });

  it("answers list, stats, help and unknown texts", async () => {
    const user = await verifiedUser();
    await handleIncomingText(user, { text: "goal: Run 5k", source: "web" }, MORNING);
    expect((await textFromUser(user.id, "what are my goals?", MORNING, "web")).reply).toBe(
      "Today's goals: 1) Run 5k",
    );
    expect((await textFromUser(user.id, "what's my streak?", MORNING, "web")).reply).toMatch(
      /streak: 0 days\. Completion rate: 0% of 0 decided goals \(0 done, 1 still open\)/,
    );
    expect((await textFromUser(user.id, "HELP", MORNING, "web")).reply).toMatch(/Reply STOP/);
    expect((await textFromUser(user.id, "hello there", MORNING, "web")).intent).toBe("unknown");
  });

  it("asks which goal a check-in means instead of writing a guess", async () => {
    const user = await verifiedUser();
    await askMorningQuestion(user, MORNING);
    await textFromUser(user.id, "Call mom, call dad, laundry", MORNING, "web");
    await askEveningQuestion(fresh(user.id), EVENING);

    const outOfRange = await textFromUser(user.id, "did 5", EVENING);
    expect(outOfRange.intent).toBe("unknown");
    expect(outOfRange.reply).toBe(
      'Which goal is 5? You have 3 today: 1) Call mom 2) call dad 3) laundry. Reply e.g. "1 done".',
    );
    const twoAlike = await textFromUser(user.id, "called 😅", EVENING);
    expect(twoAlike.reply).toBe(
      'Which one did you mean: 1) Call mom or 2) call dad? Reply e.g. "1".',
    );
    expect(outbox(user.phone)[0]!.body).toBe(twoAlike.reply);
    expect(listTodayGoals(fresh(user.id), EVENING).filter((g) => g.completedAt)).toEqual([]);
  });

  it("keeps web chat replies on the web and never texts them", async () => {
    const user = await verifiedUser();
    await handleIncomingText(user, { text: "goal: Run 5k", source: "web" }, MORNING);
    expect(outbox(user.phone)).toHaveLength(0);
    const thread = db
      .select()
      .from(schema.messages)
      .where(eq(schema.messages.userId, user.id))
      .all();
    expect(thread.map((m) => [m.fromSystem, m.source])).toEqual([
      [false, "web"],
      [true, "web"],
    ]);
  });
});

describe("inbound SMS", () => {
  it("handles a MessageSid once, however often Twilio retries it", async () => {
    const user = await verifiedUser();
    const sms = {
      from: user.phone,
      body: "goal: Read 20 pages",
      messageSid: "SM-retry-1",
      media: [],
    };
    expect((await receiveInboundSms(sms)).status).toBe("handled");
    expect((await receiveInboundSms(sms)).status).toBe("duplicate");
    const thread = db
      .select()
      .from(schema.messages)
      .where(eq(schema.messages.userId, user.id))
      .all();
    expect(thread.filter((m) => !m.fromSystem)).toHaveLength(1);
    expect(listTodayGoals(fresh(user.id))).toHaveLength(1);
  });

  it("points an unknown number to the website", async () => {
    const result = await receiveInboundSms({
      from: "+13125550199",
      body: "hi",
      messageSid: "SM-unknown-1",
      media: [],
    });
    expect(result.status).toBe("unknown_number");
    expect(outbox("+13125550199")[0]!.body).toMatch(/isn't linked to an account\. Sign up at http/);
  });
});

describe("goals set after the evening check-in", () => {
  it("are due by the end of the day, and the reply does not promise a check-in that has passed", async () => {
    const user = await verifiedUser();
    const late = new Date("2026-11-22T01:30:00Z"); // 20:30 in New York, after the 19:00 check-in
    const result = await handleIncomingText(user, { text: "goal: Stretch", source: "web" }, late);
    expect(result.reply).toBe(
      "Got it: 1 goal for today: 1) Stretch. Reply with the numbers you finish today.",
    );
    const [goal] = listTodayGoals(fresh(user.id), late);
    expect(localTime(goal!.dueDate, "America/New_York")).toBe("23:59");
  });
});
