import { startFakeConsul, type FakeConsul } from "../fakes/consul-server";

// The fake Consul (tests/fakes/consul-server.ts) on its own, called as LiteFS's Consul client calls it
// (github.com/hashicorp/consul/api v1.11.0): the wire format, sessions, locks, lock-delay, TTLs and
// blocking reads that the LiteFS failover tests (tests/litefs) rely on.

const KEY = "litefs/streakcoach";
const PRIMARY = JSON.stringify({ hostname: "node-1", advertiseURL: "http://127.0.0.1:20201" });
const OTHER = JSON.stringify({ hostname: "node-2", advertiseURL: "http://127.0.0.1:20202" });

let consul: FakeConsul;
beforeEach(async () => {
  consul = await startFakeConsul();
});
afterEach(() => consul.stop());

const put = (path: string, body?: string) =>
  fetch(`${consul.url}${path}`, {
    method: "PUT",
    body,
    headers: { "Content-Type": "application/octet-stream" },
  });

/** Session create as consul/api's CreateNoChecks sends it for LiteFS. */
async function createSession(fields: Record<string, unknown> = {}) {
  const response = await put(
    "/v1/session/create",
    JSON.stringify({
      NodeChecks: [],
      Name: "litefs",
      Behavior: "delete",
      LockDelay: "1000ms",
      TTL: "10s",
      ...fields,
    }),
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { ID: string }).ID;
}

const acquire = async (session: string, value: string) =>
  (await (await put(`/v1/kv/${KEY}?acquire=${session}`, value)).text()) === "true";

async function read(query = "") {
  const response = await fetch(`${consul.url}/v1/kv/${KEY}${query}`);
  const index = Number(response.headers.get("X-Consul-Index"));
  if (response.status === 404) return { status: 404, index, value: null, session: null };
  const [entry] = (await response.json()) as { Value: string | null; Session?: string }[];
  const value = entry!.Value === null ? "" : Buffer.from(entry!.Value, "base64").toString("utf8");
  return { status: response.status, index, value, session: entry!.Session ?? null };
}

async function eventually(what: string, check: () => Promise<boolean> | boolean) {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never happened: ${what}`);
}

it("lets one session hold the key, refuses another, and answers reads with the index headers the Go client parses", async () => {
  const missing = await fetch(`${consul.url}/v1/kv/${KEY}`);
  expect(missing.status).toBe(404);
  expect(missing.headers.get("X-Consul-Index")).toMatch(/^\d+$/);
  expect(missing.headers.get("X-Consul-LastContact")).toBe("0");
  expect(missing.headers.get("X-Consul-KnownLeader")).toBe("true");

  const first = await createSession();
  const second = await createSession();
  expect(first).not.toBe(second);
  expect(await acquire(first, PRIMARY)).toBe(true);
  expect(await acquire(second, OTHER)).toBe(false);
  // The holder may write again under its own lock.
  expect(await acquire(first, PRIMARY)).toBe(true);

  expect(await read()).toMatchObject({ status: 200, value: PRIMARY, session: first });
  expect(consul.holder(KEY)).toEqual({ session: first, value: PRIMARY });
  // A plain PUT (LiteFS's cluster ID) needs no session.
  expect(await (await put(`/v1/kv/${KEY}/clusterid`, "LFSC1234")).text()).toBe("true");
  expect(consul.value(`${KEY}/clusterid`)).toBe("LFSC1234");
  expect(consul.unsupported).toEqual([]);
});

it("releases as LiteFS's clean shutdown does: the value is emptied and another session acquires at once", async () => {
  const first = await createSession();
  const second = await createSession();
  expect(await acquire(first, PRIMARY)).toBe(true);
  // Only the holder can release it.
  expect(await (await put(`/v1/kv/${KEY}?release=${second}`)).text()).toBe("false");
  // The Go client's Release sends no body: the value becomes empty, so LiteFS sees no primary.
  expect(await (await put(`/v1/kv/${KEY}?release=${first}`)).text()).toBe("true");
  expect(await read()).toMatchObject({ status: 200, value: "", session: null });
  expect((await put(`/v1/session/destroy/${first}`)).status).toBe(200);
  // A release is not an invalidation: no lock-delay.
  expect(await acquire(second, OTHER)).toBe(true);
  expect(consul.holder(KEY)?.value).toBe(OTHER);
});

it("deletes a destroyed session's key (Behavior delete) and holds the key under lock-delay", async () => {
  const holder = await createSession({ LockDelay: "60000ms" });
  const next = await createSession();
  expect(await acquire(holder, PRIMARY)).toBe(true);
  expect((await put(`/v1/session/destroy/${holder}`)).status).toBe(200);

  expect((await read()).status).toBe(404);
  expect(await acquire(next, OTHER)).toBe(false);
  expect(consul.events.map((event) => event.type)).toContain("lock-delayed");
  expect(consul.holder(KEY)).toBeNull();
});

it("lets the key be acquired again once a short lock-delay has passed", async () => {
  const holder = await createSession({ LockDelay: "200ms", Behavior: "release" });
  const next = await createSession();
  expect(await acquire(holder, PRIMARY)).toBe(true);
  await put(`/v1/session/destroy/${holder}`);
  // Behavior release keeps the key and its value, without a holder.
  expect(await read()).toMatchObject({ status: 200, value: PRIMARY, session: null });
  await eventually("the lock-delay to end", () => acquire(next, OTHER));
  expect(consul.holder(KEY)).toEqual({ session: next, value: OTHER });
});

it("expires a session that is not renewed, releasing its lock, and keeps one that is", async () => {
  const renewed = await createSession({ TTL: "1s" });
  const forgotten = await createSession({ TTL: "200ms" });
  expect(await acquire(forgotten, PRIMARY)).toBe(true);

  await eventually("the unrenewed session to expire", async () => {
    expect((await put(`/v1/session/renew/${renewed}`)).status).toBe(200);
    return (await read()).status === 404;
  });
  const renewal = await put(`/v1/session/renew/${forgotten}`);
  expect(renewal.status).toBe(404);
  expect(consul.events.filter((e) => e.type === "session-expired").map((e) => e.session)).toEqual([
    forgotten,
  ]);

  // Renewal answers the session as consul/api's Renew decodes it: a list of one entry.
  const [entry] = (await (await put(`/v1/session/renew/${renewed}`)).json()) as {
    ID: string;
    TTL: string;
    Behavior: string;
    LockDelay: number;
  }[];
  expect(entry).toMatchObject({ ID: renewed, TTL: "1s", Behavior: "delete", LockDelay: 1e9 });
});

it("answers a blocking read when the key changes, and after `wait` when it does not", async () => {
  const session = await createSession();
  expect(await acquire(session, PRIMARY)).toBe(true);
  const { index } = await read();

  const unchanged = await read(`?index=${index}&wait=100ms`);
  expect(unchanged).toMatchObject({ index, value: PRIMARY });

  const blocked = read(`?index=${index}&wait=60s`);
  const settled = await Promise.race([
    blocked.then(() => "answered"),
    new Promise((resolve) => setTimeout(() => resolve("waiting"), 200)),
  ]);
  expect(settled).toBe("waiting");
  expect(await (await put(`/v1/kv/${KEY}?release=${session}`)).text()).toBe("true");
  const answered = await blocked;
  expect(answered.index).toBeGreaterThan(index);
  expect(answered.value).toBe("");
});

it("needs a registered node for a session's Node, as Consul does (LiteFS registers one when its URL has a path)", async () => {
  const refused = await put(
    "/v1/session/create",
    JSON.stringify({ Node: "streakcoach/litefs", TTL: "10s" }),
  );
  expect(refused.status).toBe(500);
  const registered = await put(
    "/v1/catalog/register",
    JSON.stringify({ Node: "streakcoach/litefs", Address: "localhost" }),
  );
  expect(registered.status).toBe(200);
  const session = await createSession({ Node: "streakcoach/litefs" });
  expect(consul.sessions().map((s) => [s.ID, s.Node])).toEqual([[session, "streakcoach/litefs"]]);
});

it("fails loudly on calls it does not implement, and answers 500 everywhere during an outage", async () => {
  expect((await fetch(`${consul.url}/v1/agent/self`)).status).toBe(404);
  expect((await fetch(`${consul.url}/v1/kv/${KEY}?recurse`)).status).toBe(400);
  expect(consul.unsupported).toEqual(["GET /v1/agent/self", `GET /v1/kv/${KEY}?recurse`]);

  consul.setOutage(true);
  const down = await put("/v1/session/create", "{}");
  expect(down.status).toBe(500);
  expect(await down.text()).toBe("No cluster leader");
  consul.setOutage(false);
  expect(await createSession()).toMatch(/^[0-9a-f-]{36}$/);
});

it("fails an answer on the wire when told to (a reset mid-body)", async () => {
  consul.failNextAnswers({ fault: "reset-mid-body" });
  await expect(createSession()).rejects.toThrow();
  expect(await createSession()).toMatch(/^[0-9a-f-]{36}$/);
});
