import { eq } from "drizzle-orm";
import { twilioSid } from "../fakes/twilio-server";
import { call, createTestUser, markPhoneVerified, sessionCookie } from "../helpers/requests";
import { signedTwilioPost } from "../helpers/twilio-webhook";
import { postChatMessage } from "../helpers/web-chat";
import * as inboundRoute from "~/routes/webhooks+/twilio.messages";
import { askEveningQuestion, askMorningQuestion } from "~/conversation/inbound.server";
import { completeGoal, listAllGoals, listTodayGoals, todayFor } from "~/goals/goals.server";
import { getUserById } from "~/users/users.server";
import { db, schema } from "~/utils/db/db.server";
import { addDays, localDay, localTime } from "~/utils/time/local-time";

// "change 2 to …", "remove 3", "move 1 to tomorrow", "did 1, skipped 2, 3 tomorrow" and
// "dentist at 3:30pm", sent through the signed Twilio webhook and through the web chat.
const twilioEnv = await vi.hoisted(async () => {
  const { pointAppAtFakeTwilioOnLitefs } = await import("../helpers/app-env");
  return pointAppAtFakeTwilioOnLitefs("coach-edits-litefs-", {
    accountSid: `AC${"5".repeat(32)}`,
    authToken: "edits-by-text-auth-token-0123456789",
    from: "+12015550177",
  });
});
const { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM, fake } = twilioEnv;

afterAll(() => twilioEnv.restore());

beforeEach(() => fake.reset());

type Channel = {
  name: string;
  /** Sends the text as the user and answers with the coach's reply. */
  send: (user: { id: number; phone: string }, text: string) => Promise<string>;
};

const bySms: Channel = {
  name: "SMS through the signed webhook",
  async send(user, text) {
    const params = {
      MessageSid: twilioSid("SM"),
      AccountSid: ACCOUNT_SID,
      From: user.phone,
      To: FROM,
      Body: text,
      NumMedia: "0",
    };
    const response = await call(
      inboundRoute.action,
      signedTwilioPost("/webhooks/twilio/messages", params, AUTH_TOKEN),
    );
    expect(response.status).toBe(200);
    const replies = fake.messagesTo(user.phone);
    return replies.at(-1)!.body;
  },
};

const byWebChat: Channel = {
  name: "the web chat",
  async send(user, text) {
    const cookie = await sessionCookie(user.id);
    const response = await postChatMessage(text, cookie);
    expect(response.status).toBe(302);
    // The answer is the one message after the user's.
    const thread = db
      .select()
      .from(schema.messages)
      .where(eq(schema.messages.userId, user.id))
      .orderBy(schema.messages.id)
      .all();
    const mine = thread.findLastIndex((m) => !m.fromSystem);
    const answer = thread[mine + 1];
    return answer!.body;
  },
};

async function userWithGoals(channel: Channel, goals = "1. Run 5k 2. Read 30 pages 3. Call mom") {
  const created = await createTestUser();
  markPhoneVerified(created.id);
  const user = getUserById(created.id)!;
  await channel.send(user, goals);
  return user;
}

const today = (user: { id: number }) =>
  listTodayGoals(getUserById(user.id)!).map((g) => ({
    description: g.description,
    completed: Boolean(g.completedAt),
    skipped: Boolean(g.skippedAt),
  }));

describe.each([bySms, byWebChat])("editing the day by text, via $name", (channel) => {
  it("'change 2 to …' rewords goal 2 and answers with the new list", async () => {
    const user = await userWithGoals(channel);
    const reply = await channel.send(user, "change 2 to read 10 pages");
    expect(reply).toBe(
      'Changed "Read 30 pages" to "read 10 pages". Today: 1) Run 5k 2) read 10 pages 3) Call mom',
    );
    expect(today(user).map((g) => g.description)).toEqual(["Run 5k", "read 10 pages", "Call mom"]);
  });

  it("'remove 2' leaves a gap: every later text keeps the numbers, and '3' is still Call mom", async () => {
    const user = await userWithGoals(channel);
    expect(await channel.send(user, "remove 2")).toBe(
      'Removed "Read 30 pages". Today: 1) Run 5k 3) Call mom',
    );
    expect(await channel.send(user, "what are my goals")).toBe(
      "Today's goals: 1) Run 5k 3) Call mom",
    );
    expect(await channel.send(user, "goal: floss")).toMatch(
      /^Got it: .*1\) Run 5k 3\) Call mom 4\) floss\./,
    );
    await askEveningQuestion(getUserById(user.id)!);
    if (channel === bySms)
      expect(fake.messagesTo(user.phone).at(-1)!.body).toMatch(
        /1\) Run 5k 3\) Call mom 4\) floss\. Reply e\.g\. "1 and 4"/,
      );
    expect(await channel.send(user, "did 3")).toMatch(
      /^Nice work! 1 of 3 done today\. Done: Call mom\./,
    );
    expect(await channel.send(user, "undo")).toMatch(/^Undone: your check-in \(done: Call mom\)\./);
    expect(await channel.send(user, "undo")).toBe(
      'Undone: removed "Read 30 pages". Today: 1) Run 5k 2) Read 30 pages 3) Call mom 4) floss',
    );
  });

  it("'remove 3' deletes goal 3", async () => {
    const user = await userWithGoals(channel);
    const reply = await channel.send(user, "remove 3");
    expect(reply).toBe('Removed "Call mom". Today: 1) Run 5k 2) Read 30 pages');
    expect(
      listAllGoals(user.id)
        .map((g) => g.description)
        .sort(),
    ).toEqual(["Read 30 pages", "Run 5k"]);
  });

  it("'move 1 to tomorrow' moves goal 1 to the same time on the next day", async () => {
    const user = await userWithGoals(channel);
    const before = listTodayGoals(getUserById(user.id)!)[0]!;
    const reply = await channel.send(user, "move 1 to tomorrow");
    // The others keep their numbers: a goal leaving the day leaves a gap.
    expect(reply).toBe('Moved "Run 5k" to tomorrow. Today: 2) Read 30 pages 3) Call mom');
    const moved = listAllGoals(user.id).find((g) => g.id === before.id)!;
    const owner = getUserById(user.id)!;
    expect(localDay(moved.dueDate, owner.timezone)).toBe(addDays(todayFor(owner), 1));
    expect(localTime(moved.dueDate, owner.timezone)).toBe(
      localTime(before.dueDate, owner.timezone),
    );
  });

  it("'did 1, skipped 2, 3 tomorrow' completes, skips and moves in one reply", async () => {
    const user = await userWithGoals(channel);
    await askEveningQuestion(getUserById(user.id)!);
    const reply = await channel.send(user, "did 1, skipped 2, 3 tomorrow");
    expect(reply).toMatch(
      /^Nice work! 1 of 2 done today\. Done: Run 5k\. Skipped: Read 30 pages\. Moved to tomorrow: Call mom\. Streak: \d+ days?\. \S/,
    );
    expect(today(user)).toEqual([
      { description: "Run 5k", completed: true, skipped: false },
      { description: "Read 30 pages", completed: false, skipped: true },
    ]);
    expect(listAllGoals(user.id).map((g) => g.description)).toContain("Call mom");
  });

  it("a report that names goals counts before the evening question too", async () => {
    const user = await userWithGoals(channel);
    await channel.send(user, "did 2");
    expect(today(user).map((g) => g.completed)).toEqual([false, true, false]);
  });

  it("'dentist at 3:30pm' in the morning is a goal due at 3:30 PM", async () => {
    const created = await createTestUser();
    markPhoneVerified(created.id);
    await askMorningQuestion(getUserById(created.id)!);
    const reply = await channel.send(created, "dentist at 3:30pm");
    expect(reply).toMatch(/^Got it: 1 goal for today: 1\) dentist at 3:30pm\./);
    const [goal] = listTodayGoals(getUserById(created.id)!);
    expect(localTime(goal!.dueDate, created.timezone ?? "America/New_York")).toBe("15:30");
  });

  it("asks which goal a number past the list is, and changes nothing", async () => {
    const user = await userWithGoals(channel);
    const reply = await channel.send(user, "remove 7");
    expect(reply).toMatch(/^Which goal is 7\? You have 3 today: 1\) \S/);
    expect(today(user)).toHaveLength(3);
    expect(await channel.send(user, "remove the piano")).toMatch(/^Sorry, I didn't get that/);
    expect(today(user)).toHaveLength(3);
  });

  it("the evening question lists only open goals by their day numbers, which a check-in names", async () => {
    const user = await userWithGoals(channel);
    const [, read] = listTodayGoals(getUserById(user.id)!);
    completeGoal(user.id, read!.id);
    await askEveningQuestion(getUserById(user.id)!);
    const question = fake.messagesTo(user.phone).at(-1)!.body;
    if (channel === bySms) expect(question).toMatch(/1\) Run 5k 3\) Call mom\. Reply e\.g\. "1"/);
    const reply = await channel.send(user, "did 3");
    expect(reply).toMatch(/^Nice work! 2 of 3 done today\. Done: Call mom\./);
    expect(today(user).map((g) => g.completed)).toEqual([false, true, true]);
  });

  it("a text never turns around an outcome set on the web, and says it kept it", async () => {
    const user = await userWithGoals(channel);
    const [, read] = listTodayGoals(getUserById(user.id)!);
    completeGoal(user.id, read!.id);
    const reply = await channel.send(user, "did 1, skipped 2");
    expect(reply).toMatch(
      /^Nice work! 2 of 3 done today\. Done: Run 5k\. Read 30 pages was already marked done on the web: kept\./,
    );
    expect(today(user)[1]).toEqual({
      description: "Read 30 pages",
      completed: true,
      skipped: false,
    });
  });

  it("a later text may correct what an earlier text set, but not what the web set", async () => {
    const user = await userWithGoals(channel);
    const [, read] = listTodayGoals(getUserById(user.id)!);
    completeGoal(user.id, read!.id);
    await channel.send(user, "did 1");
    // Rewording a goal by text does not make its web outcome the text's.
    await channel.send(user, "change 2 to read 25 pages");
    const reply = await channel.send(user, "did 3, skipped 1 and 2");
    expect(reply).toMatch(
      /^Nice work! 2 of 3 done today\. Done: Call mom\. Skipped: Run 5k\. read 25 pages was already marked done on the web: kept\./,
    );
    expect(today(user).slice(0, 2)).toEqual([
      { description: "Run 5k", completed: false, skipped: true },
      { description: "read 25 pages", completed: true, skipped: false },
    ]);
  });

  it("'undo' takes back the last change by text, then the one before, then says there is none", async () => {
    const user = await userWithGoals(channel);
    await channel.send(user, "did 1, skipped 2");
    await channel.send(user, "move 3 to tomorrow");
    expect(today(user)).toHaveLength(2);
    expect(await channel.send(user, "undo")).toBe(
      'Undone: moved "Call mom" to tomorrow. Today: 1) Run 5k (done) 2) Read 30 pages (skipped) 3) Call mom',
    );
    expect(await channel.send(user, "undo")).toBe(
      "Undone: your check-in (done: Run 5k; skipped: Read 30 pages). Today: 1) Run 5k 2) Read 30 pages 3) Call mom",
    );
    expect(today(user).map((g) => [g.completed, g.skipped])).toEqual([
      [false, false],
      [false, false],
      [false, false],
    ]);
    expect(await channel.send(user, "undo")).toBe(
      "Nothing to undo: you have made no changes by text today.",
    );
  });

  it("'undo' of an evening check-in leaves the evening question open for a new answer", async () => {
    const user = await userWithGoals(channel);
    await askEveningQuestion(getUserById(user.id)!);
    await channel.send(user, "none");
    expect(await channel.send(user, "undo")).toBe(
      "Nothing to undo: you have made no changes by text today.",
    );
    await channel.send(user, "did 1");
    // "none" changed nothing and closed the question; "did 1" was read all the same.
    expect(today(user).map((g) => g.completed)).toEqual([true, false, false]);
    await askEveningQuestion(getUserById(user.id)!);
    // The question lists the open goals only, by their day numbers: "3" is Call mom.
    await channel.send(user, "3");
    expect(await channel.send(user, "undo")).toMatch(/^Undone: your check-in \(done: Call mom\)\./);
    expect(await channel.send(user, "all")).toMatch(/^All done, great work! 3 of 3 done today\./);
  });

  it("'undo' brings back a goal removed by text, and reverses an edit", async () => {
    const user = await userWithGoals(channel);
    await channel.send(user, "change 1 to walk 2k");
    await channel.send(user, "remove 2");
    await channel.send(user, "undo");
    await channel.send(user, "undo");
    expect(today(user).map((g) => g.description)).toEqual(["Run 5k", "Read 30 pages", "Call mom"]);
  });

  it("'undo' takes back a habit added by text and one stopped", async () => {
    const user = await userWithGoals(channel);
    await channel.send(user, "every day: meditate");
    expect(today(user).map((g) => g.description)).toContain("meditate");
    expect(await channel.send(user, "undo")).toMatch(/^Undone: added habit "meditate"\./);
    expect(db.select().from(schema.habits).where(eq(schema.habits.userId, user.id)).all()).toEqual(
      [],
    );
    expect(today(user).map((g) => g.description)).not.toContain("meditate");
    await channel.send(user, "every day: floss");
    await channel.send(user, "stop habit floss");
    expect(await channel.send(user, "undo")).toMatch(/^Undone: stopped habit "floss"\./);
    const [habit] = db.select().from(schema.habits).where(eq(schema.habits.userId, user.id)).all();
    expect(habit).toMatchObject({ title: "floss", active: true, stoppedOn: null });
    expect(today(user).map((g) => g.description)).toContain("floss");
  });
});
