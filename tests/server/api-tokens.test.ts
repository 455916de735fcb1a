import { RATE_LIMITS } from "~/utils/rate-limits/rate-limit.server";
import { localDay } from "~/utils/time/local-time";
import { signUp, startBuiltServer, type BuiltServer } from "./built-server";
import { zoneAwayFromMidnight } from "./zones";

// Personal access tokens as a script meets them: made on Settings → API tokens (the page shows the
// token once), then sent as Authorization: Bearer to /api with no cookie. Fly's proxy reports each
// caller's address, so the server is started as on Fly to see a token used from many addresses.

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer({ env: { FLY_APP_NAME: "streakcoach-tests" } });
});
afterAll(() => server.stop());

const TOKEN = /sc_pat_[A-Za-z0-9_-]{43}/;

type Account = Awaited<ReturnType<typeof signUp>>;

async function makeToken(account: Account, access: "read" | "write", name = "Script") {
  const page = await account.client.request("/settings/api-tokens", {
    form: { intent: "token-create", name, access, expires: "30" },
  });
  expect(page.status).toBe(200);
  const token = TOKEN.exec(await page.text())?.[0];
  expect(token).toBeDefined();
  return token!;
}

/** A script's call: the token only, no cookie, no Origin. */
function call(
  token: string,
  path: string,
  init: { method?: string; json?: unknown; from?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}`, ...init.headers };
  if (init.json !== undefined) headers["Content-Type"] = "application/json";
  if (init.from) headers["Fly-Client-IP"] = init.from;
  return fetch(new URL(path, server.url), {
    method: init.method ?? (init.json === undefined ? "GET" : "POST"),
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
    redirect: "manual",
  });
}

const dueIn = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

it("a script with a token creates, lists and completes goals and creates, lists and keeps habits", async () => {
  const timezone = zoneAwayFromMidnight(new Date());
  const account = await signUp(server, { timezone });
  const token = await makeToken(account, "write");

  const created = await call(token, "/api/goals", {
    json: { description: "Write the report", dueDate: dueIn(2) },
  });
  expect(created.status).toBe(201);
  const goal = (await created.json()) as { id: number; userId: number };
  expect(goal.userId).toBe(account.user.id);

  const listed = (await (await call(token, "/api/goals")).json()) as { id: number }[];
  expect(listed.map((g) => g.id)).toContain(goal.id);

  const done = await call(token, `/api/goals/${goal.id}/complete`, { method: "PATCH" });
  expect(done.status).toBe(200);
  expect(await done.json()).toMatchObject({ id: goal.id, status: "completed" });

  const habit = await call(token, "/api/habits", {
    json: { title: "Stretch", days: [0, 1, 2, 3, 4, 5, 6] },
  });
  expect(habit.status).toBe(201);
  const habits = (await (await call(token, "/api/habits")).json()) as { title: string }[];
  expect(habits.map((h) => h.title)).toEqual(["Stretch"]);

  // The page lists the token with its last use, and never the token itself again.
  const settings = await (await account.client.request("/settings/api-tokens")).text();
  expect(settings).toContain("Script");
  expect(settings).not.toMatch(TOKEN);
  expect(settings).not.toContain("never used");

  const { id: habitId } = (await habit.json()) as { id: number };
  const today = localDay(new Date(), timezone);
  const readOnly = await makeToken(account, "read", "Reader");
  const day = (with_: string) =>
    call(with_, `/api/habits/${habitId}/days/${today}`, { method: "PUT", json: { done: true } });
  expect((await day(readOnly)).status).toBe(403);
  const kept = await day(token);
  expect(kept.status).toBe(200);
  const [stretch] = (await (await call(token, "/api/habits")).json()) as { streak: number }[];
  expect(stretch!.streak).toBe(1);
});

it("revoked, expired, unknown and another user's tokens are refused; a read-only token cannot write", async () => {
  const owner = await signUp(server);
  const stranger = await signUp(server);
  const own = (await (
    await owner.client.request("/api/goals", {
      json: { description: "Owner's goal", dueDate: dueIn(3) },
    })
  ).json()) as { id: number };

  const readOnly = await makeToken(owner, "read", "Reader");
  expect((await call(readOnly, "/api/goals")).status).toBe(200);
  const write = await call(readOnly, "/api/goals", {
    json: { description: "Not allowed", dueDate: dueIn(1) },
  });
  expect(write.status).toBe(403);
  expect((await call(readOnly, `/api/goals/${own.id}/complete`, { method: "PATCH" })).status).toBe(
    403,
  );

  // Another user's token acts for that user only: the owner's goal is not theirs to see or complete.
  const strangers = await makeToken(stranger, "write");
  expect((await call(strangers, `/api/goals/${own.id}/complete`, { method: "PATCH" })).status).toBe(
    404,
  );
  expect((await call(strangers, `/api/goals?userId=${owner.user.id}`)).status).toBe(403);
  const theirList = (await (await call(strangers, "/api/goals")).json()) as { id: number }[];
  expect(theirList.map((g) => g.id)).not.toContain(own.id);

  const revoked = await makeToken(owner, "write", "Old");
  const id = server.db().prepare("select id from api_tokens where name = 'Old'").pluck().get();
  const revoke = await owner.client.request("/settings/api-tokens", {
    form: { intent: "token-revoke", tokenId: String(id) },
  });
  expect(revoke.status).toBe(302);
  expect((await call(revoked, "/api/goals")).status).toBe(401);

  const expired = await makeToken(owner, "write", "Expired");
  server
    .db()
    .prepare("update api_tokens set expires_at = ? where name = 'Expired'")
    .run(Date.now() - 1000);
  expect((await call(expired, "/api/goals")).status).toBe(401);

  const unknown = `sc_pat_${"A".repeat(43)}`;
  expect((await call(unknown, "/api/goals")).status).toBe(401);
  expect((await call("not-a-token", "/api/goals")).status).toBe(401);

  // None of the refusals changed anything.
  const goals = (await (await owner.client.request("/api/goals")).json()) as {
    completedAt: unknown;
  }[];
  expect(goals).toHaveLength(1);
  expect(goals[0]!.completedAt).toBeNull();
});

it("a token never reaches account, admin or conversation calls, even an admin's", async () => {
  const admin = await signUp(server);
  server.db().prepare(`update users set roles = '["admin"]' where id = ?`).run(admin.user.id);
  const token = await makeToken(admin, "write");
  const refused: [string, { method?: string; json?: unknown }][] = [
    ["/api/admin/users", {}],
    [`/api/users/${admin.user.id}`, {}],
    [`/api/users/${admin.user.id}`, { method: "PATCH", json: { timezone: "America/Chicago" } }],
    ["/api/chat", { json: { body: "done" } }],
    ["/api/send-now/morning", { json: {} }],
    ["/api/verify-phone", { json: { code: "123456" } }],
  ];
  for (const [path, init] of refused) {
    const response = await call(token, path, init);
    expect({ path, method: init.method, status: response.status }).toMatchObject({ status: 403 });
  }
  // Nor does it carry the admin's reach over other users' data.
  const other = await signUp(server);
  expect((await call(token, `/api/goals?userId=${other.user.id}`)).status).toBe(403);
  expect((await call(token, "/api/goals")).status).toBe(200);
});

it("a token in a URL is refused and revoked; a token from many addresses is flagged on the page", async () => {
  const account = await signUp(server);
  const leaked = await makeToken(account, "read", "Leaky");
  const inUrl = await fetch(new URL(`/api/goals?access_token=${leaked}`, server.url));
  expect(inUrl.status).toBe(400);
  expect((await call(leaked, "/api/goals")).status).toBe(401);
  const bare = await fetch(new URL("/api/goals?token=whatever", server.url));
  expect(bare.status).toBe(400);
  // Also on calls that take no caller at all: the token is revoked wherever it shows.
  const another = await makeToken(account, "read", "Leaky too");
  const onPublicCall = await fetch(new URL(`/api/openapi.json?token=${another}`, server.url));
  expect(onPublicCall.status).toBe(400);
  expect((await call(another, "/api/goals")).status).toBe(401);

  const spread = await makeToken(account, "read", "Spread");
  for (let i = 1; i <= 5; i++) {
    expect((await call(spread, "/api/goals", { from: `203.0.113.${i}` })).status).toBe(200);
  }
  const page = await (await account.client.request("/settings/api-tokens")).text();
  expect(page).toContain("sent in a URL, so revoked");
  expect(page).toMatch(/used from 5 addresses within 10 minutes/);
});

it("a Bearer call is not refused as cross-site, while a cookie's cross-site write still is", async () => {
  const account = await signUp(server);
  const token = await makeToken(account, "write");
  const crossSite = { Origin: "https://elsewhere.example" };
  const withToken = await call(token, "/api/goals", {
    json: { description: "From a web tool", dueDate: dueIn(1) },
    headers: crossSite,
  });
  expect(withToken.status).toBe(201);
  const withCookie = await account.client.request("/api/goals", {
    json: { description: "Forged", dueDate: dueIn(1) },
    headers: crossSite,
  });
  expect(withCookie.status).toBe(403);
});

it("token calls are counted in the metrics, by result", async () => {
  const account = await signUp(server);
  const token = await makeToken(account, "read");
  expect((await call(token, "/api/stats")).status).toBe(200);
  expect((await call(token, "/api/habits", { json: { title: "Run", days: [1] } })).status).toBe(
    403,
  );
  const metrics = await (
    await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`, {
      signal: AbortSignal.timeout(10_000),
    })
  ).text();
  expect(metrics).toMatch(/streakcoach_api_token_requests_total\{result="ok"\} [1-9]/);
  expect(metrics).toMatch(/streakcoach_api_token_requests_total\{result="scope"\} [1-9]/);
});

it("past its rate limit a token is answered 429 with Retry-After; the owner's other token is not", async () => {
  const { points } = RATE_LIMITS["api-token"];
  const account = await signUp(server);
  const busy = await makeToken(account, "read", "Runaway loop");
  const calm = await makeToken(account, "read", "Calm");
  const statuses: number[] = [];
  for (let i = 0; i < points + 1; i++) {
    const response = await call(busy, "/api/user");
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  expect(statuses.slice(0, points).every((status) => status === 200)).toBe(true);
  const refused = await call(busy, "/api/user");
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(statuses[points]).toBe(429);
  expect((await call(calm, "/api/user")).status).toBe(200);
});
