import { localDay, zonedInstant } from "~/utils/time/local-time";
import { runTick, signUp, startBuiltServer, type BuiltServer } from "./built-server";
import { zoneAwayFromMidnight } from "./zones";

// A record you can trust across text and web: the evening question asks only about open goals, a
// text keeps (and says it keeps) an outcome set on the web, every change by text is echoed and can be
// taken back with "undo", and a goal deleted on the dashboard comes back from the toast's Undo form.
// Every count in a reply agrees with GET /api/stats.

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer();
});
afterAll(() => server.stop());

const MINUTE = 60_000;

async function verifiedUser() {
  const timezone = zoneAwayFromMidnight(new Date());
  const account = await signUp(server, { timezone });
  server
    .db()
    .prepare("update users set phone_verified_at = ? where id = ?")
    .run(Date.now(), account.user.id);
  const say = async (body: string) => {
    const response = await account.client.request("/api/mock/reply-to-sms", { json: { body } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { reply: string }).reply;
  };
  const stats = async () =>
    (await (await account.client.request("/api/stats")).json()) as Record<string, number>;
  return { ...account, timezone, say, stats };
}

function goalIdOf(userId: number, description: string) {
  return server
    .db()
    .prepare("select id from goals where user_id = ? and description = ?")
    .pluck()
    .get(userId, description) as number | undefined;
}

const systemTexts = (userId: number) =>
  server
    .db()
    .prepare("select body, kind from messages where user_id = ? and from_system = 1 order by id")
    .all(userId) as { body: string; kind: string }[];

it("the tick's evening text lists only open goals; a check-in after a web Done keeps it and says so", async () => {
  const { client, user, timezone, say, stats } = await verifiedUser();
  const now = new Date();
  for (const [i, description] of ["Run 5k", "Read 20 pages", "Call mom"].entries()) {
    const created = await client.request("/api/goals", {
      json: { description, dueDate: new Date(now.getTime() + (30 + i) * MINUTE).toISOString() },
    });
    expect(created.status).toBe(201);
  }
  const done = await client.request("/dashboard", {
    form: { intent: "complete", goalId: String(goalIdOf(user.id, "Read 20 pages")) },
  });
  expect(done.status).toBe(302);

  runTick(server, zonedInstant(localDay(now, timezone), "19:00", timezone));
  // The same tick may follow up on the goals already overdue at 19:00: the question is the evening one.
  const question = systemTexts(user.id).findLast((t) => t.kind === "evening")!;
  expect(question.body).toBe(
    'Evening check-in: which goals did you finish? 1) Run 5k 3) Call mom. Reply e.g. "1", "all" or "none". A photo as proof is welcome.',
  );

  // Call mom is marked done on the web after the question; the text then says it skipped "3".
  await client.request("/dashboard", {
    form: { intent: "complete", goalId: String(goalIdOf(user.id, "Call mom")) },
  });
  const before = systemTexts(user.id).length;
  const reply = await say("did 1, skipped 3");
  expect(reply).toMatch(
    /^All done, great work! 3 of 3 done today\. Done: Run 5k\. Call mom was already marked done on the web: kept\. Streak: 1 day\. \S/,
  );
  // One answer to the text, the coach's feedback in it: nothing else follows.
  expect(systemTexts(user.id).slice(before)).toEqual([{ body: reply, kind: "conversation" }]);
  expect(await stats()).toMatchObject({ totalGoals: 3, completedGoals: 3, skippedGoals: 0 });
});

it("'undo' by text takes back a move, then a check-in, and the counts follow GET /api/stats", async () => {
  const { client, say, stats } = await verifiedUser();
  await say("1. Run 5k 2. Read 20 pages 3. Call mom");

  const checkIn = await say("did 1, skipped 2");
  expect(checkIn).toMatch(
    // The coach's feedback follows in the same answer.
    /^Nice work! 1 of 3 done today\. Done: Run 5k\. Skipped: Read 20 pages\. Streak: 1 day\. \S/,
  );
  expect(await stats()).toMatchObject({
    totalGoals: 3,
    completedGoals: 1,
    skippedGoals: 1,
    openGoals: 1,
  });

  expect(await say("move 3 to tomorrow")).toMatch(/^Moved "Call mom" to tomorrow\./);
  let dashboard = await (await client.request("/dashboard")).text();
  expect(dashboard).toContain('aria-label="Upcoming"');

  expect(await say("undo")).toBe(
    'Undone: moved "Call mom" to tomorrow. Today: 1) Run 5k (done) 2) Read 20 pages (skipped) 3) Call mom',
  );
  dashboard = await (await client.request("/dashboard")).text();
  expect(dashboard).not.toContain('aria-label="Upcoming"');

  expect(await say("undo")).toBe(
    "Undone: your check-in (done: Run 5k; skipped: Read 20 pages). Today: 1) Run 5k 2) Read 20 pages 3) Call mom",
  );
  expect(await stats()).toMatchObject({
    totalGoals: 3,
    completedGoals: 0,
    skippedGoals: 0,
    openGoals: 3,
  });
  expect(await say("undo")).toBe("Nothing to undo: you have made no changes by text today.");
});

it("a goal deleted on the dashboard counts nowhere until the toast's Undo form restores it, done", async () => {
  const { client, user, stats } = await verifiedUser();
  const created = await client.request("/api/goals", {
    json: { description: "File taxes", dueDate: new Date(Date.now() + 30 * MINUTE).toISOString() },
  });
  const { id } = (await created.json()) as { id: number };
  await client.request("/dashboard", { form: { intent: "complete", goalId: String(id) } });
  await client.request("/dashboard"); // reads the toast

  const deleted = await client.request("/dashboard", {
    form: { intent: "delete", goalId: String(id) },
  });
  expect(deleted.status).toBe(302);
  const page = await (await client.request("/dashboard")).text();
  const entryId = /name="entryId" value="(\d+)"/.exec(page)?.[1];
  expect(entryId).toBeDefined();
  expect(page).toContain("Undo");
  expect(page).not.toContain('id="goal-' + id + '"');
  expect(await stats()).toMatchObject({ totalGoals: 0, completedGoals: 0 });

  // Nobody else can bring it back.
  const stranger = await verifiedUser();
  const refused = await stranger.client.request("/dashboard", {
    form: { intent: "restore-goal", entryId: entryId! },
  });
  expect(refused.status).toBe(302);
  expect(goalIdOf(user.id, "File taxes")).toBeUndefined();

  const restored = await client.request("/dashboard", {
    form: { intent: "restore-goal", entryId: entryId! },
  });
  expect(restored.status).toBe(302);
  expect(restored.headers.get("location")).toBe(`/dashboard#goal-${id}`);
  const after = await (await client.request("/dashboard")).text();
  expect(after).toContain("Goal restored");
  expect(after).toContain(`id="goal-${id}"`);
  expect(await stats()).toMatchObject({ totalGoals: 1, completedGoals: 1 });

  // Undo works once.
  const again = await client.request("/dashboard", {
    form: { intent: "restore-goal", entryId: entryId! },
  });
  expect(again.status).toBe(302);
  expect(await (await client.request("/dashboard")).text()).toContain(
    "That goal can no longer be restored.",
  );
});
