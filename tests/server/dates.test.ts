import { signUp, startBuiltServer, type BuiltServer, type HttpClient } from "./built-server";

// Dates far outside today's window (the last 5 years, the next 2) are refused where a user gives
// them, and old ones already stored end no page, report or summary in a hang or a 500.

const FAR_FUTURE = "9999-12-31T23:00:00Z";
const FAR_PAST = "0001-01-01T00:00:00Z";
const WINDOW_MESSAGE = "dueDate must be within the last 5 years and the next 2 years";
const bounded = () => AbortSignal.timeout(20_000);

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer();
});
afterAll(() => server.stop());

async function expectAlive() {
  const health = await fetch(`${server.url}/healthz`, { signal: bounded() });
  expect(health.status).toBe(200);
}

function goalCount(userId: number) {
  return server.db().prepare("select count(*) from goals where user_id = ?").pluck().get(userId);
}

describe("POST /api/goals", () => {
  it.each([FAR_FUTURE, FAR_PAST])("refuses the due date %s with a message", async (dueDate) => {
    const { client, user } = await signUp(server);
    const response = await client.request("/api/goals", {
      json: { description: "Far away", dueDate },
      signal: bounded(),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors?: Record<string, string[]> };
    expect(body.errors?.dueDate).toEqual([WINDOW_MESSAGE]);
    expect(goalCount(user.id)).toBe(0);
  });

  it("still takes a due date next week", async () => {
    const { client, user } = await signUp(server);
    const dueDate = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const response = await client.request("/api/goals", {
      json: { description: "Next week", dueDate },
    });
    expect(response.status).toBe(201);
    expect(goalCount(user.id)).toBe(1);
  });

  it("refuses to edit a goal's due date to year 9999", async () => {
    const { client } = await signUp(server);
    const created = await client.request("/api/goals", {
      json: { description: "Soon", dueDate: new Date(Date.now() + 3_600_000).toISOString() },
    });
    const goal = (await created.json()) as { id: number; dueDate: string };
    const response = await client.request(`/api/goals/${goal.id}`, {
      method: "PATCH",
      json: { dueDate: FAR_FUTURE },
      signal: bounded(),
    });
    expect(response.status).toBe(400);
    const after = server
      .db()
      .prepare("select due_date from goals where id = ?")
      .pluck()
      .get(goal.id);
    expect(after).toBe(Date.parse(goal.dueDate));
  });
});

describe("dates already stored far outside the window", () => {
  let client: HttpClient;
  let token: string;
  let farFutureGoal: number;

  beforeAll(async () => {
    const account = await signUp(server);
    client = account.client;
    const db = server.db();
    const insertGoal = db.prepare(
      "insert into goals (user_id, description, due_date, completed_at) values (?, ?, ?, ?)",
    );
    farFutureGoal = Number(
      insertGoal.run(account.user.id, "Far future", Date.parse(FAR_FUTURE), null).lastInsertRowid,
    );
    insertGoal.run(account.user.id, "Far past", Date.parse(FAR_PAST), Date.parse(FAR_PAST));
    insertGoal.run(account.user.id, "Today", Date.now(), Date.now());
    db.prepare(
      `insert into habits (user_id, title, schedules, start_date)
       values (?, 'Since year one', '[{"from":"0001-01-01","schedule":{"days":[0,1,2,3,4,5,6]}}]', '0001-01-01')`,
    ).run(account.user.id);
    token = "a".repeat(32);
    db.prepare(
      `insert into share_links (user_id, token, label, owner_name, include_photos, include_habits)
       values (?, ?, 'Coach', 'Sam', 0, 1)`,
    ).run(account.user.id, token);
  });

  it.each(["all", "30d", "this-month"])("the %s report is a PDF", async (range) => {
    const response = await client.request(`/dashboard/report.pdf?range=${range}`, {
      signal: bounded(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    await expectAlive();
  });

  it.each([
    "/dashboard",
    "/dashboard?range=all",
    "/habits",
    "/habits/export.csv",
    "/summaries/weekly/" + lastSunday(),
  ])("%s answers", async (path) => {
    const response = await client.request(path, { signal: bounded() });
    expect(response.status).toBe(200);
    await expectAlive();
  });

  it("the share page and its summary answer", async () => {
    for (const path of [`/share/${token}`, `/share/${token}/summaries/weekly/${lastSunday()}`]) {
      const response = await fetch(`${server.url}${path}`, { signal: bounded() });
      expect(response.status).toBe(200);
    }
    await expectAlive();
  });

  it("moving the far-future goal a day on is refused with a message", async () => {
    const response = await client.request(`/api/goals/${farFutureGoal}/move`, {
      method: "PATCH",
      signal: bounded(),
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      message:
        "That would put the goal more than 2 years ahead. Pick a due date within the next 2 years.",
    });
    await expectAlive();
  });
});

describe("summary pages for absurd dates", () => {
  it.each([
    "/summaries/weekly/9999-12-26",
    "/summaries/weekly/0001-01-06",
    "/summaries/weekly/0001-01-07",
    "/summaries/monthly/9999-12-01",
    "/summaries/monthly/0001-01-01",
    "/summaries/monthly/2026-13-01",
    "/summaries/weekly/99999-01-01",
  ])("%s is not found", async (path) => {
    const { client } = await signUp(server);
    const response = await client.request(path, { signal: bounded() });
    expect(response.status).toBe(404);
    await expectAlive();
  });
});

function lastSunday() {
  const today = new Date();
  today.setUTCDate(today.getUTCDate() - today.getUTCDay() - 7);
  return today.toISOString().slice(0, 10);
}
