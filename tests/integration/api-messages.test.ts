import { eq } from "drizzle-orm";
import * as messagesApi from "~/routes/api+/messages";
import * as replyRoute from "~/routes/api+/mock.reply-to-sms";
import * as eveningRoute from "~/routes/api+/mock.send-evening-sms";
import * as morningRoute from "~/routes/api+/mock.send-morning-sms";
import { createGoal, listAllGoals } from "~/goals/goals.server";
import { optOut } from "~/sms/may-text.server";
import { getUserById } from "~/users/users.server";
import { db, schema } from "~/utils/db/db.server";
import {
  call,
  createTestUser,
  makeRequest,
  markPhoneVerified,
  readJson,
  sessionCookie,
} from "../helpers/requests";
import { messagesOf } from "../helpers/stored-rows";
import { aliceBobAndAdmin } from "../helpers/api-callers";

const getMessages = (query: string, cookie?: string) =>
  call(messagesApi.loader, makeRequest(`/api/messages${query}`, { cookie }));
const postReply = (json: unknown, cookie?: string) =>
  call(replyRoute.action, makeRequest("/api/mock/reply-to-sms", { method: "POST", json, cookie }));
const postRaw = (
  action: typeof replyRoute.action,
  path: string,
  body: BodyInit | undefined,
  headers: Record<string, string>,
  cookie?: string,
) => call(action, makeRequest(path, { method: "POST", body, headers, cookie }));
const sendNow = (which: "morning" | "evening", json: unknown, cookie?: string) =>
  call(
    which === "morning" ? morningRoute.action : eveningRoute.action,
    makeRequest(`/api/mock/send-${which}-sms`, { method: "POST", json, cookie }),
  );

const outbox = (phone: string) =>
  db.select().from(schema.localOutbox).where(eq(schema.localOutbox.toPhone, phone)).all();

function verify(userId: number) {
  markPhoneVerified(userId);
}

function addMedia(userId: number, id: string) {
  db.insert(schema.media)
    .values({
      id,
      userId,
      fileName: "photo-1.jpeg",
      contentType: "image/jpeg",
      size: 3,
      data: Buffer.from("abc"),
    })
    .run();
}

const { alice, bob, aliceCookie, bobCookie, adminCookie } = await aliceBobAndAdmin("-msg");

beforeAll(async () => {
  db.insert(schema.messages)
    .values([
      {
        userId: alice.id,
        fromSystem: true,
        body: "alice first",
        createdAt: new Date("2026-11-21T13:00:00Z"),
      },
      {
        userId: alice.id,
        fromSystem: false,
        body: "alice second",
        source: "web",
        createdAt: new Date("2026-11-21T13:05:00Z"),
        linkedGoalIds: [7],
      },
      { userId: bob.id, fromSystem: false, body: "bob's", createdAt: new Date() },
    ])
    .run();
});

describe("GET /api/messages", () => {
  it("answers 401 to anonymous callers", async () => {
    for (const query of ["", `?userId=${alice.id}`]) {
      const response = await getMessages(query);
      expect(response.status).toBe(401);
      expect(await readJson(response)).toEqual({ message: "Not authenticated" });
    }
  });

  it("gives the owner their messages, newest last, with or without their own userId", async () => {
    for (const query of ["", `?userId=${alice.id}`]) {
      const response = await getMessages(query, aliceCookie);
      expect(response.status).toBe(200);
      const body = await readJson(response);
      expect(body.map((m: { body: string }) => m.body)).toEqual(["alice first", "alice second"]);
      expect(body[1]).toEqual({
        id: expect.any(Number),
        userId: alice.id,
        fromSystem: false,
        body: "alice second",
        mediaUrls: [],
        source: "web",
        createdAt: "2026-11-21T13:05:00.000Z",
        linkedGoalIds: [7],
        kind: "conversation",
        status: "received",
      });
    }
  });

  it("answers 403 to a user naming another user, existing or not, and shows nothing of theirs", async () => {
    for (const query of [`?userId=${alice.id}`, "?userId=999999"]) {
      const response = await getMessages(query, bobCookie);
      expect(response.status).toBe(403);
      const text = await response.text();
      expect(text).not.toContain("alice");
      expect(JSON.parse(text)).toEqual({ message: "You can only access your own messages" });
    }
  });

  it("lets an admin read another user's messages, and says 404 for no such user", async () => {
    const response = await getMessages(`?userId=${alice.id}`, adminCookie);
    expect(response.status).toBe(200);
    expect((await readJson(response)).map((m: { body: string }) => m.body)).toEqual([
      "alice first",
      "alice second",
    ]);
    expect((await getMessages("?userId=999999", adminCookie)).status).toBe(404);
  });

  it("answers 400 to a malformed userId", async () => {
    for (const query of ["?userId=abc", "?userId=0", "?userId=-1", "?userId=1.5", "?userId="]) {
      const response = await getMessages(query, aliceCookie);
      expect(response.status).toBe(400);
      expect(await readJson(response)).toEqual({
        message: "userId must be a positive integer",
        errors: { userId: ["userId must be a positive integer"] },
      });
    }
  });

  it("answers 405 to other methods", async () => {
    const response = await call(
      messagesApi.action,
      makeRequest("/api/messages", { method: "DELETE", cookie: aliceCookie }),
    );
    expect(response.status).toBe(405);
  });
});

describe("POST /api/mock/reply-to-sms", () => {
  it("answers 401 to anonymous callers", async () => {
    const response = await postReply({ userId: alice.id, body: "hi" });
    expect(response.status).toBe(401);
  });

  it("takes the web chat path: stores the message (web) and the coach's reply, texts nothing", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookie(user.id);
    const response = await postReply(
      { userId: user.id, body: "  goal: Run 5k ", mediaUrls: [], source: "web" },
      cookie,
    );
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body).toEqual({
      reply: expect.stringMatching(/^Got it/),
      intent: "set_goals",
      messageId: expect.any(Number),
    });
    const [reply, mine] = messagesOf(user.id);
    expect(mine).toMatchObject({ id: body.messageId, body: "goal: Run 5k", source: "web" });
    expect(reply).toMatchObject({ fromSystem: true, source: "web", body: body.reply });
    expect(listAllGoals(user.id).map((g) => g.description)).toEqual(["Run 5k"]);
    expect(outbox(user.phone)).toEqual([]);
  });

  it("accepts the caller's own photos as proof and links them to the message", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookie(user.id);
    addMedia(user.id, "api-photo-token-0001");
    const response = await postReply(
      { body: "done with my run", mediaUrls: ["/media/api-photo-token-0001"] },
      cookie,
    );
    expect(response.status).toBe(200);
    const { messageId } = await readJson(response);
    const [, mine] = messagesOf(user.id);
    expect(mine).toMatchObject({ id: messageId, mediaUrls: ["/media/api-photo-token-0001"] });
    const stored = db
      .select()
      .from(schema.media)
      .where(eq(schema.media.id, "api-photo-token-0001"))
      .get();
    expect(stored!.messageId).toBe(messageId);
  });

  it("refuses media that is not the caller's own, and sends nothing", async () => {
    addMedia(bob.id, "bob-photo-token-0001");
    for (const mediaUrls of [
      ["/media/bob-photo-token-0001"],
      ["/media/does-not-exist-0001"],
      ["https://evil.example/x.png"],
    ]) {
      const before = messagesOf(alice.id).length;
      const response = await postReply({ body: "proof", mediaUrls }, aliceCookie);
      expect(response.status).toBe(400);
      const body = await readJson(response);
      expect(body.errors.mediaUrls).toHaveLength(1);
      expect(JSON.stringify(body)).not.toContain("photo-1.jpeg");
      expect(messagesOf(alice.id)).toHaveLength(before);
    }
  });

  it("answers 403 when naming another user, even for an admin", async () => {
    for (const [cookie, userId] of [
      [bobCookie, alice.id],
      [adminCookie, alice.id],
      [bobCookie, 999999],
    ] as const) {
      const before = messagesOf(alice.id).length;
      const response = await postReply({ userId, body: "STOP" }, cookie);
      expect(response.status).toBe(403);
      expect(await readJson(response)).toEqual({
        message: "You can only send messages as yourself",
      });
      expect(messagesOf(alice.id)).toHaveLength(before);
    }
  });

  it("answers 400 with field errors to bad bodies, never 500", async () => {
    const cases: [unknown, string][] = [
      [{}, "body"],
      [{ body: "" }, "body"],
      [{ body: "   " }, "body"],
      [{ body: 42 }, "body"],
      [{ body: null }, "body"],
      [{ body: "x".repeat(1601) }, "body"],
      [{ body: "hi", userId: "1" }, "userId"],
      [{ body: "hi", userId: -3 }, "userId"],
      [{ body: "hi", mediaUrls: "nope" }, "mediaUrls"],
      [{ body: "hi", mediaUrls: [1] }, "mediaUrls.0"],
      [{ body: "hi", mediaUrls: Array(11).fill("/media/a") }, "mediaUrls"],
      [{ body: "hi", source: "sms" }, "source"],
    ];
    for (const [json, field] of cases) {
      const response = await postReply(json, aliceCookie);
      expect(response.status, JSON.stringify(json)).toBe(400);
      const body = await readJson(response);
      expect(body.message).toBe("Please correct the highlighted fields");
      expect(Object.keys(body.errors), JSON.stringify(json)).toContain(field);
    }
    const long = await readJson(await postReply({ body: "x".repeat(1601) }, aliceCookie));
    expect(long.errors.body).toEqual(["Message must be at most 1600 characters"]);
  });

  it("answers 400 to malformed JSON, 415 to other types, 405 to GET", async () => {
    const path = "/api/mock/reply-to-sms";
    const json = { "Content-Type": "application/json" };
    for (const body of ["{", "[]", '"text"', "null"]) {
      const response = await postRaw(replyRoute.action, path, body, json, aliceCookie);
      expect(response.status, body).toBe(400);
    }
    const form = await postRaw(
      replyRoute.action,
      path,
      "body=hi",
      { "Content-Type": "application/x-www-form-urlencoded" },
      aliceCookie,
    );
    expect(form.status).toBe(415);
    const none = await postRaw(replyRoute.action, path, "hi", {}, aliceCookie);
    expect(none.status).toBe(415);
    expect((await call(replyRoute.loader, makeRequest(path, { cookie: aliceCookie }))).status).toBe(
      405,
    );
  });
});

describe("POST /api/mock/send-morning-sms and /send-evening-sms", () => {
  it("answer 401 to anonymous callers", async () => {
    for (const which of ["morning", "evening"] as const) {
      expect((await sendNow(which, { userId: alice.id })).status).toBe(401);
    }
  });

  it("send the morning question to yourself and mark it pending", async () => {
    const user = await createTestUser();
    verify(user.id);
    const cookie = await sessionCookie(user.id);
    const response = await sendNow("morning", { userId: user.id }, cookie);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({
      sent: true,
      message: "Morning question sent",
      messageId: expect.any(Number),
      status: "delivered",
    });
    expect(outbox(user.phone)).toHaveLength(1);
    expect(outbox(user.phone)[0]!.body).toMatch(/^Good (morning|afternoon|evening)! What are/);
    expect(getUserById(user.id)!.pendingPrompt).toBe("morning");
    // Without a body (no Content-Type), it is for yourself too.
    const bare = await postRaw(
      morningRoute.action,
      "/api/mock/send-morning-sms",
      undefined,
      {},
      cookie,
    );
    expect(bare.status).toBe(200);
    expect(outbox(user.phone)).toHaveLength(2);
  });

  it("send a question at most 3 times a day, then answer 429 and text nothing", async () => {
    const user = await createTestUser();
    verify(user.id);
    const cookie = await sessionCookie(user.id);
    for (let i = 0; i < 3; i += 1) expect((await sendNow("morning", {}, cookie)).status).toBe(200);
    const limited = await sendNow("morning", {}, cookie);
    expect(limited.status).toBe(429);
    expect(await readJson(limited)).toEqual({
      message: "The morning question can be sent at most 3 times a day. Please try again tomorrow.",
    });
    expect(outbox(user.phone)).toHaveLength(3);
    // Each question has its own count.
    createGoal(user.id, { description: "Read", dueDate: new Date() });
    expect((await sendNow("evening", {}, cookie)).status).toBe(200);
  });

  it("refuse with 409 and a reason when the number may not be texted", async () => {
    const unverified = await createTestUser();
    const cookie = await sessionCookie(unverified.id);
    const response = await sendNow("morning", {}, cookie);
    expect(response.status).toBe(409);
    expect(await readJson(response)).toEqual({
      sent: false,
      reason: "unverified",
      message: "The phone number is not verified yet, so no text was sent",
    });

    const stopped = await createTestUser();
    verify(stopped.id);
    optOut(stopped.phone, "keyword");
    const refused = await sendNow("morning", {}, await sessionCookie(stopped.id));
    expect(refused.status).toBe(409);
    expect((await readJson(refused)).reason).toBe("opted_out");
    expect(outbox(unverified.phone)).toEqual([]);
    expect(outbox(stopped.phone)).toEqual([]);
  });

  it("send the evening check-in only when there are goals today", async () => {
    const user = await createTestUser();
    verify(user.id);
    const cookie = await sessionCookie(user.id);
    const none = await sendNow("evening", {}, cookie);
    expect(none.status).toBe(409);
    expect(await readJson(none)).toMatchObject({ sent: false, reason: "no_goals" });
    createGoal(user.id, { description: "Read 30 pages", dueDate: new Date() });
    const response = await sendNow("evening", { userId: user.id }, cookie);
    expect(response.status).toBe(200);
    expect(await readJson(response)).toMatchObject({
      sent: true,
      message: "Evening check-in sent",
    });
    expect(outbox(user.phone).at(-1)!.body).toMatch(/^Evening check-in: .*1\) Read 30 pages/);
    expect(getUserById(user.id)!.pendingPrompt).toBe("evening");
  });

  it("answer 403 to a non-admin naming another user, and let an admin send to anyone", async () => {
    const target = await createTestUser();
    verify(target.id);
    for (const which of ["morning", "evening"] as const) {
      const response = await sendNow(which, { userId: target.id }, bobCookie);
      expect(response.status).toBe(403);
      expect(await readJson(response)).toEqual({
        message: "You can only access your own messages",
      });
    }
    expect(outbox(target.phone)).toEqual([]);
    const response = await sendNow("morning", { userId: target.id }, adminCookie);
    expect(response.status).toBe(200);
    expect(outbox(target.phone)).toHaveLength(1);
    expect((await sendNow("morning", { userId: 999999 }, adminCookie)).status).toBe(404);
    expect((await sendNow("evening", { userId: 999999 }, bobCookie)).status).toBe(403);
  });

  it("answer 400 / 415 to bad input, never 500", async () => {
    for (const which of ["morning", "evening"] as const) {
      for (const json of [{ userId: "x" }, { userId: 0 }, { userId: 1.5 }, { userId: null }]) {
        const response = await sendNow(which, json, aliceCookie);
        expect(response.status, JSON.stringify(json)).toBe(400);
        expect((await readJson(response)).errors.userId).toBeDefined();
      }
      const action = which === "morning" ? morningRoute.action : eveningRoute.action;
      const path = `/api/mock/send-${which}-sms`;
      const bad = await postRaw(
        action,
        path,
        "{",
        { "Content-Type": "application/json" },
        aliceCookie,
      );
      expect(bad.status).toBe(400);
      const text = await postRaw(action, path, "userId=1", {}, aliceCookie);
      expect(text.status).toBe(415);
      const typed = await postRaw(
        action,
        path,
        "userId=1",
        { "Content-Type": "text/plain" },
        aliceCookie,
      );
      expect(typed.status).toBe(415);
    }
  });
});
