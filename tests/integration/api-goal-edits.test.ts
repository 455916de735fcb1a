import { eq } from "drizzle-orm";
import * as goalRoute from "~/routes/api+/goals_.$id";
import * as moveRoute from "~/routes/api+/goals_.$id_.move";
import * as reopenRoute from "~/routes/api+/goals_.$id_.reopen";
import * as skipRoute from "~/routes/api+/goals_.$id_.skip";
import * as completeRoute from "~/routes/api+/goals_.$id_.complete";
import * as goalsRoute from "~/routes/api+/goals";
import { createGoal } from "~/goals/goals.server";
import { db, schema } from "~/utils/db/db.server";
import { call, createTestUser, makeRequest, readJson, sessionCookie } from "../helpers/requests";

// The /api additions for editing a day: PATCH (wording, due time), DELETE, skip, reopen (undo) and
// move to tomorrow. The owner only: another user's goal is 404, admins included; bad input is a 400
// that names the field and writes nothing; every goal answered carries `status` and `skippedAt`.

const dbGoal = (id: number) => db.select().from(schema.goals).where(eq(schema.goals.id, id)).get();
const HOUR = 3_600_000;

type Handler = typeof goalRoute.action;

function send(
  handler: Handler,
  method: string,
  path: string,
  id: number | string,
  cookie?: string,
  json?: unknown,
) {
  return call(handler, makeRequest(path, { method, cookie, json }), { id: String(id) });
}

/** A call to /api/goals/{id}, as the caller with this cookie. */
const onGoal = (method: string, id: number, cookie?: string, json?: unknown) =>
  send(goalRoute.action, method, `/api/goals/${id}`, id, cookie, json);

const VERB_HANDLERS = {
  skip: skipRoute.action,
  reopen: reopenRoute.action,
  move: moveRoute.action,
  complete: completeRoute.action,
};

/** A call to /api/goals/{id}/{verb} (PATCH unless told), as the caller with this cookie. */
const onGoalVerb = (
  verb: keyof typeof VERB_HANDLERS,
  id: number,
  cookie?: string,
  method = "PATCH",
) => send(VERB_HANDLERS[verb], method, `/api/goals/${id}/${verb}`, id, cookie);

let alice: Awaited<ReturnType<typeof createTestUser>>;
let aliceCookie: string;
let bobCookie: string;
let adminCookie: string;

beforeAll(async () => {
  alice = await createTestUser();
  const bob = await createTestUser();
  const admin = await createTestUser({ admin: true });
  aliceCookie = await sessionCookie(alice.id);
  bobCookie = await sessionCookie(bob.id);
  adminCookie = await sessionCookie(admin.id);
});

const goalOf = (userId: number, description = "Run 5k", dueDate = new Date(Date.now() + HOUR)) =>
  createGoal(userId, { description, dueDate });

describe("PATCH /api/goals/{id}", () => {
  it("changes the wording and the due time and answers with the goal's status", async () => {
    const goal = goalOf(alice.id);
    const due = new Date(Date.now() + 2 * HOUR);
    const response = await onGoal("PATCH", goal.id, aliceCookie, {
      description: "  Run 10k  ",
      dueDate: due.toISOString(),
    });
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(body).toMatchObject({
      id: goal.id,
      description: "Run 10k",
      status: "pending",
      skippedAt: null,
    });
    expect(dbGoal(goal.id)).toMatchObject({ description: "Run 10k", dueDate: due });
  });

  it.each([
    [{}, "body", "Send a description, a dueDate or both"],
    [{ description: "  " }, "description", "Please enter a goal description"],
    [{ dueDate: "tomorrow" }, "dueDate", "dueDate must be an ISO date-time"],
  ])("refuses %j with 400 naming the field, writing nothing", async (json, field, message) => {
    const goal = goalOf(alice.id);
    const before = dbGoal(goal.id);
    const response = await onGoal("PATCH", goal.id, aliceCookie, json);
    expect(response.status).toBe(400);
    const body = await readJson(response);
    expect(body.message).toBe("Please correct the highlighted fields");
    expect(body.errors[field]).toContain(message);
    expect(dbGoal(goal.id)).toEqual(before);
  });

  it("is 404 for another user's goal, admins included, and changes nothing", async () => {
    const goal = goalOf(alice.id);
    for (const cookie of [bobCookie, adminCookie]) {
      const response = await onGoal("PATCH", goal.id, cookie, { description: "Hijacked" });
      expect(response.status).toBe(404);
      expect(await readJson(response)).toEqual({ message: "Goal not found" });
    }
    expect(dbGoal(goal.id)?.description).toBe("Run 5k");
  });

  it("needs a session", async () => {
    const goal = goalOf(alice.id);
    const response = await onGoal("PATCH", goal.id, undefined, { description: "x" });
    expect(response.status).toBe(401);
  });
});

describe("DELETE /api/goals/{id}", () => {
  it("removes the owner's goal with 204, and another's is 404", async () => {
    const goal = goalOf(alice.id);
    expect((await onGoal("DELETE", goal.id, bobCookie)).status).toBe(404);
    expect((await onGoal("DELETE", goal.id, adminCookie)).status).toBe(404);
    expect(dbGoal(goal.id)).toBeDefined();
    const response = await onGoal("DELETE", goal.id, aliceCookie);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    expect(dbGoal(goal.id)).toBeUndefined();
    expect((await onGoal("DELETE", goal.id, aliceCookie)).status).toBe(404);
  });
});

describe("skip, reopen and move", () => {
  it("skips a goal, and reopen takes a skip or a completion back", async () => {
    const goal = goalOf(alice.id);
    const skipped = await readJson(await onGoalVerb("skip", goal.id, aliceCookie));
    expect(skipped).toMatchObject({ status: "skipped", completedAt: null });
    expect(typeof skipped.skippedAt).toBe("string");

    const completed = await readJson(await onGoalVerb("complete", goal.id, aliceCookie));
    expect(completed).toMatchObject({ status: "completed", skippedAt: null });

    const reopened = await readJson(await onGoalVerb("reopen", goal.id, aliceCookie));
    expect(reopened).toMatchObject({ status: "pending", completedAt: null, skippedAt: null });
  });

  it("moves a goal to the same local time tomorrow, and refuses a completed one with 409", async () => {
    const due = new Date(Math.ceil((Date.now() + HOUR) / 60_000) * 60_000);
    const goal = goalOf(alice.id, "Call mom", due);
    const moved = await readJson(await onGoalVerb("move", goal.id, aliceCookie));
    const shift = new Date(moved.dueDate).getTime() - due.getTime();
    // A day later on the wall clock: 24 hours, or 23/25 across a daylight-saving change.
    expect([23 * HOUR, 24 * HOUR, 25 * HOUR]).toContain(shift);
    expect(moved.status).toBe("pending");

    const done = goalOf(alice.id, "Done already");
    await onGoalVerb("complete", done.id, aliceCookie);
    const refused = await onGoalVerb("move", done.id, aliceCookie);
    expect(refused.status).toBe(409);
    expect(await readJson(refused)).toEqual({
      message: "This goal is done. Undo it first to move it.",
    });
  });

  it.each(["skip", "reopen", "move"] as const)(
    "%s is the owner's act: 404 for anyone else, 405 for other methods",
    async (verb) => {
      const goal = goalOf(alice.id);
      const before = dbGoal(goal.id);
      for (const cookie of [bobCookie, adminCookie]) {
        expect((await onGoalVerb(verb, goal.id, cookie)).status).toBe(404);
      }
      expect((await onGoalVerb(verb, goal.id, aliceCookie, "POST")).status).toBe(405);
      expect(dbGoal(goal.id)).toEqual(before);
    },
  );
});

it("every goal in the list answers carries status and skippedAt", async () => {
  const goal = goalOf(alice.id, "Listed", new Date());
  await onGoalVerb("skip", goal.id, aliceCookie);
  for (const query of ["", "?active=true"]) {
    const list = await readJson(
      await call(goalsRoute.loader, makeRequest(`/api/goals${query}`, { cookie: aliceCookie })),
    );
    expect(list.length).toBeGreaterThan(0);
    for (const item of list) {
      expect(item).toHaveProperty("skippedAt");
      expect(["pending", "overdue", "completed", "skipped", "missed"]).toContain(item.status);
    }
    expect(list.find((g: { id: number }) => g.id === goal.id)?.status).toBe("skipped");
  }
});
