import { and, desc, eq } from "drizzle-orm";
import { FAULT_NAMES, type Fault } from "../fakes/faults";
import { FAKE_PHOTO_DESCRIPTION, type FakeLlmAnswer } from "../fakes/llm-server";
import { TINY_PNG } from "../fakes/twilio-server";
import { call, createTestUser, makeRequest, readJson, sessionCookie } from "../helpers/requests";
import { storeTinyPhoto } from "../helpers/stored-rows";
import { localTextsTo } from "../helpers/local-outbox";
import { handleIncomingText } from "~/conversation/inbound.server";
import { writeCheckInFeedback } from "~/coach/coach.server";
import { entitlementsOf } from "~/billing/billing.server";
import { completeGoal, createGoal, listTodayGoals, todayFor } from "~/goals/goals.server";
import { dayNote } from "~/goals/day-notes.server";
import { segmentCount, smsEncoding } from "~/sms/segments";
import { getUserById } from "~/users/users.server";
import { db, schema } from "~/utils/db/db.server";
import { zonedInstant } from "~/utils/time/local-time";
import * as dashboard from "~/routes/dashboard+/_layout";

// The env module reads the LLM and Stripe settings when it loads: set them before any app module is
// imported. Billing is on (a Stripe key) so plans decide who gets AI feedback.
const { LLM_KEY, llm, appEnv } = await vi.hoisted(async () => {
  const { setAppEnv, startFakeLlm } = await import("../helpers/app-env");
  const LLM_KEY = "test-llm-key";
  const llm = await startFakeLlm({ apiKey: LLM_KEY });
  const ENV = {
    LLM_API_URL: llm.url,
    LLM_API_KEY: LLM_KEY,
    LLM_MODEL: "coach-test-model",
    LLM_VISION: "true",
    // Short, so the faults below cost little; each call still has to end within it.
    LLM_TIMEOUT_MS: "1500",
    STRIPE_SECRET_KEY: "sk_test_coach",
    STRIPE_WEBHOOK_SECRET: "whsec_coach",
    STRIPE_PRICE_BASIC: "price_basic_coach",
    STRIPE_PRICE_PREMIUM: "price_premium_coach",
  };
  const appEnv = setAppEnv(ENV);
  return { LLM_KEY, llm, appEnv };
});

afterAll(async () => {
  await llm.close();
  appEnv.restore();
});

beforeEach(() => llm.reset());

const TZ = "America/New_York";
// Saturday 2026-11-21: goals set at 9:00, checked in at 19:30 (New York).
const MORNING = new Date("2026-11-21T14:00:00Z");
const EVENING = new Date("2026-11-22T00:30:00Z");
const LLM_TEXT = /^Great work today! /;

type Plan = "premium" | "trial" | "basic";

async function userWith(plan: Plan) {
  const created = await createTestUser();
  const far = new Date("2030-01-01T00:00:00Z");
  db.update(schema.users)
    .set({
      phoneVerifiedAt: new Date(),
      ...(plan === "trial"
        ? { trialEndsAt: new Date(EVENING.getTime() + 7 * 86_400_000), plan: null }
        : {
            trialEndsAt: new Date("2026-01-01T00:00:00Z"),
            plan,
            subscriptionStatus: "active",
            currentPeriodEnd: far,
          }),
    })
    .where(eq(schema.users.id, created.id))
    .run();
  const user = getUserById(created.id)!;
  expect(entitlementsOf(user, EVENING)).toMatchObject({
    status: plan,
    aiFeedback: plan !== "basic",
  });
  return user;
}

const fresh = (id: number) => getUserById(id)!;

/** A finished goal on an earlier day, so the streak has history. */
function doneOn(userId: number, day: string) {
  const goal = createGoal(userId, {
    description: "Stretch",
    dueDate: zonedInstant(day, "19:00", TZ),
  });
  completeGoal(userId, goal.id, {}, zonedInstant(day, "18:00", TZ));
}

/** The question is open, as after askMorningQuestion or askEveningQuestion (without texting it). */
function asked(userId: number, phase: "morning" | "evening") {
  db.update(schema.users)
    .set({ pendingPrompt: phase, pendingPromptDay: "2026-11-21" })
    .where(eq(schema.users.id, userId))
    .run();
  return fresh(userId);
}
const eveningAsked = (userId: number) => asked(userId, "evening");

async function withTodaysGoals(plan: Plan, history: string[] = []) {
  const user = await userWith(plan);
  for (const day of history) doneOn(user.id, day);
  await handleIncomingText(
    asked(user.id, "morning"),
    { text: "Run 5k, read 30 pages", source: "web" },
    MORNING,
  );
  expect(listTodayGoals(fresh(user.id), MORNING)).toHaveLength(2);
  return eveningAsked(user.id);
}

const outbox = (phone: string) => localTextsTo(phone).map((m) => m.body);

function lastSystemMessage(userId: number) {
  return db
    .select()
    .from(schema.messages)
    .where(and(eq(schema.messages.userId, userId), eq(schema.messages.fromSystem, true)))
    .orderBy(desc(schema.messages.id))
    .get()!;
}

/** Stored once, as the note of the user's day (not on each goal). */
function expectStoredOnToday(userId: number, text: string) {
  const today = listTodayGoals(fresh(userId), EVENING);
  expect(today.length).toBeGreaterThan(0);
  for (const goal of today) expect(goal.llmFeedback).toBeNull();
  expect(dayNote(userId, todayFor(fresh(userId), EVENING))).toBe(text);
}

/** Completes goal 1 without the engine, to call the coach directly with a short LLM budget. */
function completeFirst(userId: number) {
  const [first] = listTodayGoals(fresh(userId), EVENING);
  completeGoal(userId, first!.id, {}, EVENING);
  return [first!.id];
}

function promptOf(index: number) {
  const messages = llm.requests[index]!.body.messages!;
  return messages.map((m) => (typeof m.content === "string" ? m.content : "")).join("\n");
}

describe("AI feedback for accounts that have it", () => {
  it("answers a Premium user's check-in with one text: the confirmation, then the LLM's feedback, stored on today's goals", async () => {
    const user = await withTodaysGoals("premium", ["2026-11-19", "2026-11-20"]);
    const result = await handleIncomingText(user, { text: "1", source: "sms" }, EVENING);
    expect(result.intent).toBe("check_in");
    const text = result.feedback;

    expect(text).toBe("Great work today! Your 3-day streak is growing.");
    const texts = outbox(user.phone);
    expect(texts).toEqual([result.reply]);
    expect(texts[0]).toMatch(
      /^Nice work! 1 of 2 done today\. Done: Run 5k\. Streak: 3 days\. Great work today! Your 3-day streak is growing\.$/,
    );
    const today = listTodayGoals(fresh(user.id), EVENING);
    expect(lastSystemMessage(user.id)).toMatchObject({
      body: texts[0],
      kind: "conversation",
      source: "sms",
      linkedGoalIds: today.map((g) => g.id),
    });
    expectStoredOnToday(user.id, text!);

    expect(llm.requests).toHaveLength(1);
    const request = llm.requests[0]!;
    expect(request.path).toBe("/chat/completions");
    expect(request.authorization).toBe("Bearer test-llm-key");
    expect(request.body.model).toBe("coach-test-model");
    expect(request.body.messages![0]!.role).toBe("system");
    expect(promptOf(0)).toContain("Today is Saturday.");
    expect(promptOf(0)).toContain('Done: "Run 5k".');
    expect(promptOf(0)).toContain('Not done: "read 30 pages".');
    expect(promptOf(0)).toContain("Your streak is 3 days.");
    expect(promptOf(0)).not.toContain("proof photo");
    for (const secret of [user.phone, user.phone.slice(2), user.email, user.email.split("@")[0]!]) {
      expect(request.raw).not.toContain(secret);
    }
  });

  it("puts a trial user's web chat answer with its feedback in the thread before the page reloads, and texts nothing", async () => {
    const user = await withTodaysGoals("trial");
    const result = await handleIncomingText(user, { text: "all", source: "web" }, EVENING);
    // Already there: the web chat waits for it.
    const answer = lastSystemMessage(user.id);
    expect(answer).toMatchObject({ kind: "conversation", source: "web", body: result.reply });
    const feedback = result.feedback!;
    expect(feedback).toMatch(LLM_TEXT);
    expect(feedback).toContain("1-day streak");
    expect(answer.body).toMatch(/^All done, great work! 2 of 2 done today\. /);
    expect(answer.body.endsWith(` ${feedback}`)).toBe(true);
    expect(outbox(user.phone)).toHaveLength(0);
    expectStoredOnToday(user.id, feedback);
  });

  it("retries once after a 500 or a 429 and uses the answer", async () => {
    for (const status of [500, 429]) {
      llm.reset();
      const user = await withTodaysGoals("premium");
      llm.respondWith({ status });
      const text = await writeCheckInFeedback(
        user,
        { mediaIds: [], completedGoalIds: completeFirst(user.id) },
        EVENING,
        { llmTimeoutMs: 3000 },
      );
      expect(llm.requests).toHaveLength(2);
      expect(text).toMatch(LLM_TEXT);
      // Written and stored, not sent: the check-in's answer carries it.
      expect(outbox(user.phone)).toHaveLength(0);
      expectStoredOnToday(user.id, text!);
    }
  });

  it.each([
    [
      "cut off at its token limit: its complete sentences",
      { text: "Great work on your run today! Your streak is 1 day. Read", finishReason: "length" },
      "Great work on your run today! Your streak is 1 day.",
    ],
    [
      "with bold and a label: the words",
      { text: "**Coach:** Great work on your run today!" },
      "Great work on your run today!",
    ],
  ] as const)("keeps a true answer %s", async (_label, answer, kept) => {
    const user = await withTodaysGoals("premium");
    llm.respondWith(answer);
    const text = await writeCheckInFeedback(
      user,
      { mediaIds: [], completedGoalIds: completeFirst(user.id) },
      EVENING,
      { llmTimeoutMs: 3000 },
    );
    expect(text).toBe(kept);
    expectStoredOnToday(user.id, kept);
  });

  const failures: [string, FakeLlmAnswer[], number, number][] = [
    // [case, answers, LLM calls expected, budget in ms]
    ["no answer within the budget", [{ hang: true }], 1, 300],
    ["two server errors", [{ status: 500 }, { status: 503 }], 2, 3000],
    ["a client error", [{ status: 400 }], 1, 3000],
    ["malformed JSON", [{ malformed: true }], 1, 3000],
    ["an empty answer", [{ empty: true }], 1, 3000],
    ["an answer too long for two segments", [{ huge: true }], 1, 3000],
    [
      "an answer with a link",
      [{ text: "Great job! More tips at https://tips.example.com" }],
      1,
      3000,
    ],
    ["an answer with markup", [{ text: "Great job!\n- Keep going\n- Rest" }], 1, 3000],
    ["a template's blank", [{ text: "Great work today, [User's Name]!" }], 1, 3000],
    [
      "an answer cut off before a complete sentence of a few words",
      [{ text: "Great work today! You are", finishReason: "length" }],
      1,
      3000,
    ],
    [
      "an answer cut off whose complete sentences state a fact not given",
      [{ text: "Great work today! Your 9-day streak is growing. You", finishReason: "length" }],
      1,
      3000,
    ],
    // Facts it was not given: the streak is 1, one of two goals is done, nobody said yoga.
    ["an invented count", [{ text: "Great work today! You have 4 days available." }], 1, 3000],
    ["a wrong streak", [{ text: "Great work today! Your 9-day streak is growing." }], 1, 3000],
    ["a malformed ordinal", [{ text: "Great work today! Congrats on your 3th goal." }], 1, 3000],
    ["a goal it was not given", [{ text: "Great work today! Lovely yoga session." }], 1, 3000],
    ["a claim that all is done", [{ text: "Great work today! You finished everything." }], 1, 3000],
  ];
  it.each(failures)(
    "falls back to rule-based feedback on %s",
    async (_label, answers, calls, budget) => {
      const user = await withTodaysGoals("premium");
      llm.respondWith(...answers);
      const text = await writeCheckInFeedback(
        user,
        { mediaIds: [], completedGoalIds: completeFirst(user.id) },
        EVENING,
        { llmTimeoutMs: budget },
      );
      expect(llm.requests).toHaveLength(calls);
      expect(text).not.toBeNull();
      expect(text).not.toMatch(LLM_TEXT);
      expect(text).not.toMatch(/https?:|\*\*/);
      expect(smsEncoding(text!)).toBe("GSM-7");
      expect(segmentCount(text!)).toBeLessThanOrEqual(2);
      expect(outbox(user.phone)).toHaveLength(0);
      expectStoredOnToday(user.id, text!);
    },
  );
});

/** Each fault, lasting longer than any budget below (the fake stops when the client goes away). */
const FAULTS: Record<(typeof FAULT_NAMES)[number], Fault> = {
  "slow-first-byte": { fault: "slow-first-byte", ms: 60_000 },
  "stalled-body": { fault: "stalled-body" },
  drip: { fault: "drip", ms: 200 },
  "reset-mid-body": { fault: "reset-mid-body" },
};

describe("a model server that fails on the wire", () => {
  it.each(FAULT_NAMES)(
    "%s: the coach gives rule-based feedback within its budget",
    async (name) => {
      const user = await withTodaysGoals("premium");
      llm.respondWith(FAULTS[name], FAULTS[name]);
      const text = await writeCheckInFeedback(
        user,
        { mediaIds: [], completedGoalIds: completeFirst(user.id) },
        EVENING,
        { llmTimeoutMs: 800 },
      );
      expect(llm.requests.length).toBeGreaterThanOrEqual(1);
      expect(text).not.toBeNull();
      expect(text).not.toMatch(LLM_TEXT);
      expectStoredOnToday(user.id, text!);
      expect(outbox(user.phone)).toHaveLength(0);
    },
  );

  it("a web chat check-in still answers with its confirmation and feedback", async () => {
    const user = await withTodaysGoals("trial");
    llm.respondWith(FAULTS["stalled-body"], FAULTS["stalled-body"]);
    const result = await handleIncomingText(user, { text: "all", source: "web" }, EVENING);
    expect(result.reply).toMatch(/^All done, great work! 2 of 2 done today\. /);
    expect(result.feedback).not.toMatch(LLM_TEXT);
    expect(result.reply.endsWith(` ${result.feedback}`)).toBe(true);
  });
});

describe("the fake model server refuses what a real one refuses", () => {
  const valid = {
    model: "coach-test-model",
    messages: [{ role: "user", content: "Write the feedback text now." }],
  };
  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${llm.url}/chat/completions`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${LLM_KEY}`,
        ...headers,
      },
      body: JSON.stringify(body),
    });

  it("answers a valid request", async () => {
    expect((await post(valid)).status).toBe(200);
  });

  it("401 without the bearer key, or with another", async () => {
    expect((await post(valid, { Authorization: "" })).status).toBe(401);
    expect((await post(valid, { Authorization: "Bearer wrong-key" })).status).toBe(401);
  });

  it.each([
    ["no model", { messages: valid.messages }],
    ["an empty model", { ...valid, model: "" }],
    ["no messages", { model: valid.model }],
    ["empty messages", { ...valid, messages: [] }],
    ["a message without content", { ...valid, messages: [{ role: "user" }] }],
    ["a message with an unknown role", { ...valid, messages: [{ role: "robot", content: "hi" }] }],
  ])("400 with %s", async (_label, body) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { message: expect.any(String) } });
  });
});

describe("rule-based feedback", () => {
  it("is what a Basic user gets: the LLM is never called", async () => {
    const user = await withTodaysGoals("basic", ["2026-11-20"]);
    const result = await handleIncomingText(user, { text: "1 and 2", source: "sms" }, EVENING);
    const text = result.feedback!;
    expect(llm.requests).toHaveLength(0);
    expect(text).not.toMatch(LLM_TEXT);
    // One text: the confirmation with its count, then the rule-based feedback, in two segments.
    const texts = outbox(user.phone);
    expect(texts).toEqual([result.reply]);
    expect(texts[0]).toMatch(
      /^All done, great work! 2 of 2 done today\. Done: Run 5k, read 30 pages\. /,
    );
    expect(texts[0]!.endsWith(` ${text}`)).toBe(true);
    expect(segmentCount(texts[0]!)).toBeLessThanOrEqual(2);
    expectStoredOnToday(user.id, text);

    // A second check-in the same day never repeats a sentence of the first feedback.
    const again = await handleIncomingText(
      eveningAsked(user.id),
      { text: "all", source: "sms" },
      EVENING,
    );
    const second = again.feedback!;
    expect(outbox(user.phone)).toHaveLength(2);
    const sentences = (t: string) => t.split(/(?<=[.!?])\s+/);
    for (const sentence of sentences(second)) expect(sentences(text)).not.toContain(sentence);
    expect(llm.requests).toHaveLength(0);
  });

  it("follows a check-in with nothing done too, and nothing but a check-in", async () => {
    const user = await withTodaysGoals("basic");
    const result = await handleIncomingText(user, { text: "none", source: "web" }, EVENING);
    expect(result.intent).toBe("check_in");
    const text = result.feedback!;
    expect(text).not.toMatch(/great work|well done|excellent/i);
    expect(lastSystemMessage(user.id)).toMatchObject({
      body: `${result.reply}`,
      kind: "conversation",
    });
    expect(result.reply).toMatch(/^Thanks for checking in\. 0 of 2 done today\./);
    expect(result.reply.endsWith(` ${text}`)).toBe(true);

    const later = await handleIncomingText(
      fresh(user.id),
      { text: "goal: Stretch", source: "web" },
      EVENING,
    );
    expect(later.intent).toBe("set_goals");
    expect(later.feedback).toBeNull();
    expect(lastSystemMessage(user.id).kind).toBe("conversation");
  });
});

describe("proof photos with a vision model", () => {
  it("describes the first photo, keeps the description on the goal and tells the coach", async () => {
    const user = await withTodaysGoals("premium");
    const photo = storeTinyPhoto(user.id);
    const result = await handleIncomingText(
      user,
      { text: "1", mediaIds: [photo], source: "sms" },
      EVENING,
    );
    const text = result.feedback;
    expect(text).toMatch(LLM_TEXT);
    expect(result.reply.endsWith(` ${text}`)).toBe(true);

    expect(llm.requests).toHaveLength(2);
    const vision = llm.requests[0]!.body.messages!;
    expect(JSON.stringify(vision)).toContain(
      `"image_url":{"url":"data:image/png;base64,${TINY_PNG.toString("base64")}"}`,
    );
    expect(promptOf(1)).toContain(`You sent a proof photo. It shows: ${FAKE_PHOTO_DESCRIPTION}`);

    const [done, open] = listTodayGoals(fresh(user.id), EVENING);
    expect(done!.completedAt).not.toBeNull();
    expect(done!.proofImageUrls).toEqual([`/media/${photo}`]);
    expect(done!.proofDescription).toBe(FAKE_PHOTO_DESCRIPTION);
    expect(open!.proofDescription).toBeNull();

    // The dashboard row shows the description; the feedback is the day's note (expectStoredOnToday).
    const response = await call(
      dashboard.loader,
      makeRequest("/dashboard", { cookie: await sessionCookie(user.id) }),
    );
    const body = await readJson(response);
    const rows = [...body.today, ...body.previous.goals] as {
      id: number;
      proofDescription: string | null;
    }[];
    expect(rows.find((r) => r.id === done!.id)).toMatchObject({
      proofDescription: FAKE_PHOTO_DESCRIPTION,
    });
    expectStoredOnToday(user.id, text!);
  });

  it("completes the goal and still gives feedback when the description fails", async () => {
    const user = await withTodaysGoals("premium");
    const photo = storeTinyPhoto(user.id);
    llm.respondWith({ status: 500 }, { status: 500 });
    const result = await handleIncomingText(
      user,
      { text: "2", mediaIds: [photo], source: "sms" },
      EVENING,
    );
    expect(result.reply).toMatch(/^Nice work! 1 of 2 done today\. Done: read 30 pages/);
    const text = result.feedback;
    expect(llm.requests).toHaveLength(3);
    expect(text).toMatch(LLM_TEXT);
    expect(promptOf(2)).toContain("You sent a proof photo.");
    expect(promptOf(2)).not.toContain("It shows");

    const done = listTodayGoals(fresh(user.id), EVENING).find((g) => g.completedAt)!;
    expect(done.description).toBe("read 30 pages");
    expect(done.proofImageUrls).toEqual([`/media/${photo}`]);
    expect(done.proofDescription).toBeNull();
  });

  it.each(FAULT_NAMES)(
    "completes the goal and still gives feedback when the description meets %s",
    async (name) => {
      const user = await withTodaysGoals("premium");
      const photo = storeTinyPhoto(user.id);
      llm.respondWith(FAULTS[name], FAULTS[name]);
      const result = await handleIncomingText(
        user,
        { text: "1", mediaIds: [photo], source: "sms" },
        EVENING,
      );
      expect(result.reply).toMatch(/^Nice work! 1 of 2 done today\. Done: Run 5k\. /);
      expect(result.feedback).not.toBeNull();
      // The reply carries the feedback's sentences after its own, less any that repeat its count.
      const lastSentence = result.feedback!.split(/(?<=[.!?])\s+/).at(-1)!;
      expect(result.reply.endsWith(` ${lastSentence}`)).toBe(true);
      const done = listTodayGoals(fresh(user.id), EVENING).find((g) => g.completedAt)!;
      expect(done.proofImageUrls).toEqual([`/media/${photo}`]);
      expect(done.proofDescription).toBeNull();
      // The day's note leaves out the count the answer gave.
      const unsaid = result.feedback!.split(/(?<=[.!?])\s+/).filter((s) => !s.includes("1 of 2"));
      expectStoredOnToday(user.id, unsaid.join(" "));
    },
  );

  it("does not send a photo that is not the user's", async () => {
    const owner = await withTodaysGoals("premium");
    const other = await withTodaysGoals("premium");
    const theirs = storeTinyPhoto(owner.id);
    const text = await writeCheckInFeedback(
      other,
      { mediaIds: [theirs], completedGoalIds: completeFirst(other.id) },
      EVENING,
    );
    expect(text).toMatch(LLM_TEXT);
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]!.raw).not.toContain("image_url");
  });
});
