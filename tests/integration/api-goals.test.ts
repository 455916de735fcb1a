import { eq } from "drizzle-orm";
import * as completeRoute from "~/routes/api+/goals_.$id_.complete";
import * as goalsRoute from "~/routes/api+/goals";
import { createGoal } from "~/goals/goals.server";
import { db, schema } from "~/utils/db/db.server";
import { call, makeRequest, readJson } from "../helpers/requests";
import { aliceBobAndAdmin } from "../helpers/api-callers";

const DESCRIPTION_REQUIRED = "Please enter a goal description";
const DAY = 86_400_000;

const allGoals = () => db.select().from(schema.goals).orderBy(schema.goals.id).all();
const goalsOf = (userId: number) =>
  db.select().from(schema.goals).where(eq(schema.goals.userId, userId)).all();
const dbGoal = (id: number) => db.select().from(schema.goals).where(eq(schema.goals.id, id)).get();

// Route calls, each returning the Response the route answers with.
const getGoals = (query: string, cookie?: string) =>
  call(goalsRoute.loader, makeRequest(`/api/goals${query}`, { cookie }));
const postGoal = (json: unknown, cookie?: string) =>
  call(goalsRoute.action, makeRequest("/api/goals", { method: "POST", json, cookie }));
const postRaw = (body: BodyInit | undefined, headers: Record<string, string>, cookie?: string) =>
  call(goalsRoute.action, makeRequest("/api/goals", { method: "POST", body, headers, cookie }));
const complete = (
  id: number | string,
  cookie?: string,
  options: { json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
) =>
  call(
    completeRoute.action,
    makeRequest(`/api/goals/${id}/complete`, { method: "PATCH", cookie, ...options }),
    { id: String(id) },
  );

const { alice, bob, admin, aliceCookie, bobCookie, adminCookie } = await aliceBobAndAdmin();
/** Alice's goals: one due right now (today, wherever she lives), one two days ago, one in two days. */
let aliceToday: number;
let alicePast: number;
let aliceFuture: number;
let bobGoal: number;

const newGoal = (userId: number, description: string, dueDate = new Date()) =>
  createGoal(userId, { description, dueDate }).id;

beforeAll(async () => {
  aliceToday = newGoal(alice.id, "alice today");
  alicePast = newGoal(alice.id, "alice past", new Date(Date.now() - 2 * DAY));
  aliceFuture = newGoal(alice.id, "alice future", new Date(Date.now() + 2 * DAY));
  bobGoal = newGoal(bob.id, "bob today");
});

let mediaCount = 0;
/** A photo stored for the user, as an MMS or a chat upload stores it; returns its /media URL. */
function storedPhoto(userId: number) {
  const id = `photo${++mediaCount}${Date.now().toString(36)}`;
  db.insert(schema.media)
    .values({
      id,
      userId,
      fileName: "p.png",
      contentType: "image/png",
      size: 1,
      data: Buffer.from([0]),
    })
    .run();
  return `/media/${id}`;
}

const ids = (body: { id: number }[]) => body.map((g) => g.id).sort((a, b) => a - b);

describe("GET /api/goals", () => {
  it("answers 401 to anonymous callers, with or without userId", async () => {
    for (const query of ["", `?userId=${alice.id}`, `?userId=${alice.id}&active=true`]) {
      const response = await getGoals(query);
      expect(response.status).toBe(401);
      expect(await readJson(response)).toEqual({ message: "Not authenticated" });
    }
  });

  it("gives the owner all their goals, with and without their own userId", async () => {
    for (const query of ["", `?userId=${alice.id}`]) {
      const response = await getGoals(query, aliceCookie);
      expect(response.status).toBe(200);
      const body = await readJson(response);
      expect(ids(body)).toEqual([aliceToday, alicePast, aliceFuture].sort((a, b) => a - b));
      expect(body.every((g: { userId: number }) => g.userId === alice.id)).toBe(true);
    }
  });

  it("gives the owner only today's goals with active=true", async () => {
    const response = await getGoals(`?userId=${alice.id}&active=true`, aliceCookie);
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(ids(body)).toEqual([aliceToday]);
    expect(body[0]).toMatchObject({ description: "alice today", completedAt: null });
  });

  it("serializes dates as ISO strings", async () => {
    const body = await readJson(await getGoals("", aliceCookie));
    const goal = body.find((g: { id: number }) => g.id === aliceToday);
    expect(goal.dueDate).toBe(dbGoal(aliceToday)!.dueDate.toISOString());
    expect(goal.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("answers 403 to a user asking for another user's goals, and shows none of them", async () => {
    for (const query of [`?userId=${alice.id}`, `?userId=${alice.id}&active=true`]) {
      const response = await getGoals(query, bobCookie);
      expect(response.status).toBe(403);
      const text = await response.text();
      expect(text).not.toContain("alice");
      expect(JSON.parse(text)).toEqual({ message: "You can only access your own goals" });
    }
  });

  it("answers 403 to a user naming an id that does not exist (existence is not revealed)", async () => {
    expect((await getGoals("?userId=999999", bobCookie)).status).toBe(403);
  });

  it("lets an admin read another user's goals, all or today's", async () => {
    const all = await getGoals(`?userId=${alice.id}`, adminCookie);
    expect(all.status).toBe(200);
    expect(ids(await readJson(all))).toEqual(
      [aliceToday, alicePast, aliceFuture].sort((a, b) => a - b),
    );
    const today = await getGoals(`?userId=${alice.id}&active=true`, adminCookie);
    expect(today.status).toBe(200);
    expect(ids(await readJson(today))).toEqual([aliceToday]);
  });

  it("gives an admin their own goals without userId, and 404 for a user that does not exist", async () => {
    const own = await getGoals("", adminCookie);
    expect(own.status).toBe(200);
    expect(await readJson(own)).toEqual([]);
    const missing = await getGoals("?userId=999999", adminCookie);
    expect(missing.status).toBe(404);
    expect(await readJson(missing)).toEqual({ message: "User not found" });
  });

  it.each(["abc", "0", "-1", "1.5", "", "1e3", "%20", "99999999999999999999"])(
    "answers 400 with a message to userId=%s",
    async (raw) => {
      const response = await getGoals(`?userId=${raw}`, aliceCookie);
      expect(response.status).toBe(400);
      expect(await readJson(response)).toEqual({
        message: "userId must be a positive integer",
        errors: { userId: ["userId must be a positive integer"] },
      });
    },
  );

  it("answers 400 to an active value other than true or false", async () => {
    const response = await getGoals("?active=yes", aliceCookie);
    expect(response.status).toBe(400);
    expect((await readJson(response)).message).toBe("active must be true or false");
    expect((await getGoals("?active=false", aliceCookie)).status).toBe(200);
  });
});

describe("POST /api/goals", () => {
  const dueDate = "2026-05-01T23:00:00.000Z";

  it("gives each goal the next number of its local day, as every text of that day shows it", async () => {
    const day = "2026-05-09T23:00:00.000Z";
    const first = await readJson(
      await postGoal({ description: "first", dueDate: day }, aliceCookie),
    );
    const second = await readJson(
      await postGoal({ description: "second", dueDate: "2026-05-09T13:00:00.000Z" }, aliceCookie),
    );
    expect(second.dayNumber).toBe(first.dayNumber + 1);
    const other = await readJson(
      await postGoal({ description: "next day", dueDate: "2026-05-10T23:00:00.000Z" }, aliceCookie),
    );
    expect(other.dayNumber).toBe(1);
  });

  it("answers 401 to anonymous callers and writes nothing", async () => {
    const before = allGoals();
    const response = await postGoal({ description: "sneaky", dueDate });
    expect(response.status).toBe(401);
    expect(allGoals()).toEqual(before);
  });

  it("creates a goal for the caller: 201 with the goal, stored with a trimmed description", async () => {
    const response = await postGoal(
      { description: "  Meditate 10 minutes  ", dueDate },
      aliceCookie,
    );
    expect(response.status).toBe(201);
    const body = await readJson(response);
    expect(body).toMatchObject({
      userId: alice.id,
      description: "Meditate 10 minutes",
      dueDate,
      completedAt: null,
      proofImageUrls: [],
      llmFeedback: null,
      sourceMessageId: null,
    });
    expect(typeof body.createdAt).toBe("string");
    expect(dbGoal(body.id)).toMatchObject({
      userId: alice.id,
      description: "Meditate 10 minutes",
      dueDate: new Date(dueDate),
    });
  });

  it("accepts the caller's own userId and a due date with an offset", async () => {
    const response = await postGoal(
      { userId: alice.id, description: "Stretch", dueDate: "2026-05-01T19:00:00-04:00" },
      aliceCookie,
    );
    expect(response.status).toBe(201);
    const body = await readJson(response);
    expect(body).toMatchObject({ userId: alice.id, dueDate: "2026-05-01T23:00:00.000Z" });
  });

  it("answers 403 to a user creating a goal for another user and writes nothing", async () => {
    const before = allGoals();
    const response = await postGoal(
      { userId: alice.id, description: "Planted by bob", dueDate },
      bobCookie,
    );
    expect(response.status).toBe(403);
    expect(await readJson(response)).toEqual({ message: "You can only access your own goals" });
    expect(allGoals()).toEqual(before);
  });

  it("lets an admin create a goal for another existing user", async () => {
    const response = await postGoal(
      { userId: bob.id, description: "Set by the coach", dueDate },
      adminCookie,
    );
    expect(response.status).toBe(201);
    const body = await readJson(response);
    expect(body.userId).toBe(bob.id);
    expect(dbGoal(body.id)!.userId).toBe(bob.id);
    expect(goalsOf(admin.id)).toEqual([]);
  });

  it("answers 404 to an admin naming a user that does not exist, and writes nothing", async () => {
    const before = allGoals();
    const response = await postGoal(
      { userId: 999_999, description: "Nobody's", dueDate },
      adminCookie,
    );
    expect(response.status).toBe(404);
    expect(allGoals()).toEqual(before);
  });

  it("links a source message of the same user, and refuses another user's message", async () => {
    const aliceMessage = db
      .insert(schema.messages)
      .values({ userId: alice.id, fromSystem: false, body: "Run 5k today" })
      .returning()
      .get();
    const ok = await postGoal(
      { description: "Run 5k", dueDate, sourceMessageId: aliceMessage.id },
      aliceCookie,
    );
    expect(ok.status).toBe(201);
    expect(dbGoal((await readJson(ok)).id)!.sourceMessageId).toBe(aliceMessage.id);

    const before = allGoals();
    const refused = await postGoal(
      { description: "Run 5k", dueDate, sourceMessageId: aliceMessage.id },
      bobCookie,
    );
    expect(refused.status).toBe(400);
    expect((await readJson(refused)).errors).toEqual({
      sourceMessageId: ["No such message for this user"],
    });
    expect(allGoals()).toEqual(before);
  });

  it("accepts a description of exactly 500 characters", async () => {
    const response = await postGoal({ description: "x".repeat(500), dueDate }, aliceCookie);
    expect(response.status).toBe(201);
  });

  const badBodies: [string, unknown, string][] = [
    ["a blank description", { description: "   ", dueDate }, "description"],
    ["an empty description", { description: "", dueDate }, "description"],
    ["no description", { dueDate }, "description"],
    ["a numeric description", { description: 42, dueDate }, "description"],
    ["a description over 500 characters", { description: "x".repeat(501), dueDate }, "description"],
    ["no dueDate", { description: "Read" }, "dueDate"],
    ["dueDate 'tomorrow'", { description: "Read", dueDate: "tomorrow" }, "dueDate"],
    ["a date-only dueDate", { description: "Read", dueDate: "2026-05-01" }, "dueDate"],
    ["a numeric dueDate", { description: "Read", dueDate: 1_777_000_000_000 }, "dueDate"],
    ["dueDate null", { description: "Read", dueDate: null }, "dueDate"],
    ["an impossible date", { description: "Read", dueDate: "2026-02-30T10:00:00Z" }, "dueDate"],
    ["userId as a string", { userId: "1", description: "Read", dueDate }, "userId"],
    ["a negative userId", { userId: -3, description: "Read", dueDate }, "userId"],
    ["a fractional userId", { userId: 1.5, description: "Read", dueDate }, "userId"],
    [
      "sourceMessageId as a string",
      { description: "Read", dueDate, sourceMessageId: "7" },
      "sourceMessageId",
    ],
  ];

  it.each(badBodies)(
    "answers 400 naming the field to %s, and writes nothing",
    async (_name, json, field) => {
      const before = allGoals();
      const response = await postGoal(json, aliceCookie);
      expect(response.status).toBe(400);
      const body = await readJson(response);
      expect(body.message).toBe("Please correct the highlighted fields");
      expect(Object.keys(body.errors)).toContain(field);
      expect(allGoals()).toEqual(before);
    },
  );

  it("uses the goal form's message for a blank description", async () => {
    for (const description of ["   ", "", undefined]) {
      const body = await readJson(await postGoal({ description, dueDate }, aliceCookie));
      expect(body.errors.description).toEqual([DESCRIPTION_REQUIRED]);
    }
  });

  it("answers 400 to malformed JSON, a JSON array and an empty JSON body", async () => {
    const before = allGoals();
    const json = { "Content-Type": "application/json" };
    const malformed = await postRaw('{"description": "Read",', json, aliceCookie);
    expect(malformed.status).toBe(400);
    expect(await readJson(malformed)).toEqual({ message: "Request body is not valid JSON" });
    expect((await postRaw("[1,2]", json, aliceCookie)).status).toBe(400);
    const empty = await postRaw("", json, aliceCookie);
    expect(empty.status).toBe(400);
    expect((await readJson(empty)).errors.description).toEqual([DESCRIPTION_REQUIRED]);
    expect(allGoals()).toEqual(before);
  });

  it("answers 415 to a text/plain or form body, and writes nothing", async () => {
    const before = allGoals();
    const text = await postRaw(
      JSON.stringify({ description: "Read", dueDate }),
      { "Content-Type": "text/plain" },
      aliceCookie,
    );
    expect(text.status).toBe(415);
    const form = await postRaw(
      new URLSearchParams({ description: "Read", dueDate }),
      {},
      aliceCookie,
    );
    expect(form.status).toBe(415);
    expect(allGoals()).toEqual(before);
  });

  it("answers 405 to other methods", async () => {
    const response = await call(
      goalsRoute.action,
      makeRequest("/api/goals", { method: "DELETE", cookie: aliceCookie }),
    );
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, POST");
  });
});

describe("PATCH /api/goals/{id}/complete", () => {
  it("answers 401 to anonymous callers and changes nothing", async () => {
    const id = newGoal(alice.id, "anonymous target");
    const before = dbGoal(id);
    const response = await complete(id, undefined, { json: { llmFeedback: "hi" } });
    expect(response.status).toBe(401);
    expect(dbGoal(id)).toEqual(before);
  });

  it("completes the owner's goal with an empty body and returns it", async () => {
    const id = newGoal(alice.id, "empty body");
    const started = Date.now();
    const response = await complete(id, aliceCookie);
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body).toMatchObject({ id, userId: alice.id, description: "empty body" });
    const stored = dbGoal(id)!;
    expect(stored.completedAt).not.toBeNull();
    expect(stored.completedAt!.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(body.completedAt).toBe(stored.completedAt!.toISOString());
  });

  it("completes with an empty JSON object or an empty body sent as JSON", async () => {
    const a = newGoal(alice.id, "empty object");
    expect((await complete(a, aliceCookie, { json: {} })).status).toBe(200);
    expect(dbGoal(a)!.completedAt).not.toBeNull();
    const b = newGoal(alice.id, "empty json body");
    const response = await complete(b, aliceCookie, {
      body: "",
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(200);
    expect(dbGoal(b)!.completedAt).not.toBeNull();
  });

  it("attaches proof and feedback, and keeps the first completedAt when completed twice", async () => {
    const id = newGoal(alice.id, "with proof");
    const [photo1, photo2] = [storedPhoto(alice.id), storedPhoto(alice.id)];
    const first = await readJson(
      await complete(id, aliceCookie, { json: { proofImageUrls: [photo1] } }),
    );
    expect(dbGoal(id)!.completedAt).not.toBeNull();
    expect(first.proofImageUrls).toEqual([photo1]);
    // Move the first completion into the past so that a second one could not match it by chance.
    const firstCompletedAt = new Date("2026-01-02T03:04:05.678Z");
    db.update(schema.goals)
      .set({ completedAt: firstCompletedAt })
      .where(eq(schema.goals.id, id))
      .run();
    const second = await complete(id, aliceCookie, {
      json: { proofImageUrls: [photo2], llmFeedback: "Great job!" },
    });
    expect(second.status).toBe(200);
    const body = await readJson(second);
    expect(body.completedAt).toBe(firstCompletedAt!.toISOString());
    expect(dbGoal(id)).toMatchObject({
      completedAt: firstCompletedAt,
      proofImageUrls: [photo1, photo2],
      llmFeedback: "Great job!",
    });
  });

  it("takes only the caller's own stored photos as proof: another's, or any other URL, is a 400", async () => {
    const id = newGoal(alice.id, "proof of someone else");
    const before = dbGoal(id);
    for (const url of [storedPhoto(bob.id), "https://img.example/1.jpg", "/media/nope"]) {
      const response = await complete(id, aliceCookie, { json: { proofImageUrls: [url] } });
      expect(response.status).toBe(400);
      const answer = await readJson(response);
      expect(answer.errors.proofImageUrls).toEqual([`Not one of your images: ${url}`]);
      expect(dbGoal(id)).toEqual(before);
    }
  });

  it("answers 404 to another user and changes nothing", async () => {
    const before = dbGoal(aliceToday);
    const response = await complete(aliceToday, bobCookie, {
      json: { proofImageUrls: ["https://evil.example/x.jpg"], llmFeedback: "pwned" },
    });
    expect(response.status).toBe(404);
    expect(await readJson(response)).toEqual({ message: "Goal not found" });
    expect(dbGoal(aliceToday)).toEqual(before);
  });

  it("answers 404 to an admin too: completing is the owner's act", async () => {
    const before = dbGoal(bobGoal);
    const response = await complete(bobGoal, adminCookie);
    expect(response.status).toBe(404);
    expect(dbGoal(bobGoal)).toEqual(before);
    expect(before!.completedAt).toBeNull();
  });

  it.each(["abc", "0", "-1", "1.5", "999999"])("answers 404 to goal id %s", async (raw) => {
    const before = allGoals();
    const response = await complete(raw, aliceCookie);
    expect(response.status).toBe(404);
    expect(allGoals()).toEqual(before);
  });

  const badBodies: [
    string,
    { json?: unknown; body?: BodyInit; headers?: Record<string, string> },
    number,
  ][] = [
    ["malformed JSON", { body: "{nope", headers: { "Content-Type": "application/json" } }, 400],
    ["a JSON string", { body: '"done"', headers: { "Content-Type": "application/json" } }, 400],
    ["text/plain", { body: "done", headers: { "Content-Type": "text/plain" } }, 415],
    ["an untyped non-empty body", { body: new TextEncoder().encode("done") }, 415],
    ["proofImageUrls not a list", { json: { proofImageUrls: "https://img.example/1.jpg" } }, 400],
    ["proofImageUrls with numbers", { json: { proofImageUrls: [1, 2] } }, 400],
    ["too many proofImageUrls", { json: { proofImageUrls: Array(11).fill("u") } }, 400],
    ["llmFeedback as a number", { json: { llmFeedback: 5 } }, 400],
    ["llmFeedback over 2000 characters", { json: { llmFeedback: "x".repeat(2001) } }, 400],
  ];

  it.each(badBodies)("answers %s with 4xx and changes nothing", async (_name, options, status) => {
    const id = newGoal(alice.id, "bad body target");
    const before = dbGoal(id);
    const response = await complete(id, aliceCookie, options);
    expect(response.status).toBe(status);
    expect((await readJson(response)).message).toEqual(expect.any(String));
    expect(dbGoal(id)).toEqual(before);
    expect(dbGoal(id)!.completedAt).toBeNull();
  });

  it("names the bad field in a 400", async () => {
    const id = newGoal(alice.id, "field errors");
    const body = await readJson(
      await complete(id, aliceCookie, { json: { proofImageUrls: "x", llmFeedback: 5 } }),
    );
    expect(Object.keys(body.errors).sort()).toEqual(["llmFeedback", "proofImageUrls"]);
  });

  it("answers 405 to GET and POST", async () => {
    const get = await call(
      completeRoute.loader,
      makeRequest(`/api/goals/${aliceToday}/complete`, { cookie: aliceCookie }),
      { id: String(aliceToday) },
    );
    expect(get.status).toBe(405);
    const post = await call(
      completeRoute.action,
      makeRequest(`/api/goals/${aliceToday}/complete`, { method: "POST", cookie: aliceCookie }),
      { id: String(aliceToday) },
    );
    expect(post.status).toBe(405);
    expect(dbGoal(aliceToday)!.completedAt).toBeNull();
  });
});
