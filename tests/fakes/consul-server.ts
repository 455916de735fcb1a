import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerWithFault, type Fault } from "./faults";
import { listenOnLoopback, readAll } from "./loopback-server";

/**
 * A stand-in for Consul's HTTP API on 127.0.0.1: the part LiteFS v0.5.14's Consul lease uses through
 * github.com/hashicorp/consul/api v1.11.0 (consul/consul.go): PUT /v1/catalog/register, sessions
 * (create with TTL, Behavior and LockDelay; renew; destroy; info; list), and the KV store (GET, with
 * Consul's blocking `?index=&wait=`; PUT, plain or `?acquire=` / `?release=` a session; DELETE).
 * Anything else answers 400 or 404 and is kept in `unsupported`, so a LiteFS that starts calling more
 * of Consul fails loudly instead of being answered wrongly.
 *
 * Where it differs from Consul, on purpose:
 * - a session lives `ttlMultiplier` times its TTL after its last renewal (Consul's own multiplier is 2:
 *   "Consul may wait up to twice the TTL"); Consul's timer is the same, so 2 is the default;
 * - TTLs below Consul's 10 s minimum are accepted, so tests can fail over in seconds;
 * - a blocking read waits exactly `wait` (Consul adds up to wait/16 of jitter) and wakes only when the
 *   key it reads changes (Consul may wake on any change to the KV table);
 * - one datacenter, one always-known leader, no ACLs (a token is accepted and ignored).
 */

export type FakeConsulOptions = {
  /** How many TTLs a session outlives its last renewal: 2, as Consul. */
  ttlMultiplier?: number;
};

export type ConsulSession = {
  ID: string;
  Name: string;
  Node: string;
  Behavior: "release" | "delete";
  TTL: string;
  /** Nanoseconds, as Consul answers it. */
  LockDelay: number;
  NodeChecks: string[];
  CreateIndex: number;
  ModifyIndex: number;
};

type KvEntry = {
  Key: string;
  Value: Buffer;
  Flags: number;
  Session?: string;
  LockIndex: number;
  CreateIndex: number;
  ModifyIndex: number;
};

/** What happened to sessions and locks, in order, with the time it happened (Date.now()). */
export type ConsulEvent = {
  at: number;
  type:
    | "session-created"
    | "session-renewed"
    | "session-destroyed"
    | "session-expired"
    | "lock-acquired"
    | "lock-refused"
    | "lock-delayed"
    | "lock-released"
    | "lock-invalidated";
  session: string;
  key?: string;
  /** The value the key holds after the event (LiteFS's JSON: the primary's hostname and URL). */
  value?: string;
};

const FAKE_NODE = "fake-consul";
const MAX_LOCK_DELAY_MS = 60_000;
const DEFAULT_WAIT_MS = 5 * 60_000;
const MAX_WAIT_MS = 10 * 60_000;

/** A Go duration ("10s", "1m0s", "1500ms", "1.5s") in milliseconds, or null when it is not one. */
export function parseGoDuration(text: string): number | null {
  const units: Record<string, number> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    ms: 1,
    s: 1000,
    m: 60_000,
    h: 3_600_000,
  };
  if (text === "0") return 0;
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(text)) return null;
  let ms = 0;
  for (const [, amount, , unit] of text.matchAll(/(\d+(\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) {
    ms += Number(amount) * units[unit!]!;
  }
  return ms;
}

/** Consul's LockDelay: nanoseconds as a number, or a Go duration ("1000ms" from the Go client). */
function lockDelayMs(raw: unknown): number | null {
  if (raw === undefined) return 15_000; // Consul's default
  if (typeof raw === "number") return raw / 1e6;
  if (typeof raw === "string") return parseGoDuration(raw);
  return null;
}

export async function startFakeConsul({ ttlMultiplier = 2 }: FakeConsulOptions = {}) {
  let index = 1;
  /** The index of the last change to the KV store: what a read of a missing key answers. */
  let kvIndex = 1;
  const nodes = new Set([FAKE_NODE]);
  const sessions = new Map<string, ConsulSession & { expires: NodeJS.Timeout | null }>();
  const kv = new Map<string, KvEntry>();
  const lockDelayUntil = new Map<string, number>();
  const waiters = new Set<() => void>();
  const events: ConsulEvent[] = [];
  const requests: { method: string; path: string }[] = [];
  const unsupported: string[] = [];
  const faults: Fault[] = [];
  let outage = false;

  const record = (event: Omit<ConsulEvent, "at">) => events.push({ at: Date.now(), ...event });

  function changed(key: string) {
    kvIndex = ++index;
    const entry = kv.get(key);
    if (entry) entry.ModifyIndex = kvIndex;
    for (const wake of [...waiters]) wake();
  }

  function keepAlive(session: ConsulSession & { expires: NodeJS.Timeout | null }) {
    if (session.expires) clearTimeout(session.expires);
    const ttlMs = parseGoDuration(session.TTL);
    session.expires = ttlMs
      ? setTimeout(() => invalidate(session.ID, "session-expired"), ttlMs * ttlMultiplier)
      : null;
  }

  /** Consul's invalidation: the session's locks are released (or their keys deleted) under lock-delay. */
  function invalidate(id: string, type: "session-destroyed" | "session-expired") {
    const session = sessions.get(id);
    if (!session) return;
    if (session.expires) clearTimeout(session.expires);
    sessions.delete(id);
    record({ type, session: id });
    for (const entry of [...kv.values()]) {
      if (entry.Session !== id) continue;
      if (session.LockDelay > 0) {
        lockDelayUntil.set(entry.Key, Date.now() + session.LockDelay / 1e6);
      }
      if (session.Behavior === "delete") kv.delete(entry.Key);
      else delete entry.Session;
      record({ type: "lock-invalidated", session: id, key: entry.Key });
      changed(entry.Key);
    }
  }

  function createSession(body: Record<string, unknown>): ConsulSession | string {
    const node = typeof body.Node === "string" && body.Node ? body.Node : FAKE_NODE;
    if (!nodes.has(node)) return `Missing node registration`;
    const behavior = body.Behavior ?? "release";
    if (behavior !== "release" && behavior !== "delete") {
      return `Invalid Behavior setting '${String(behavior)}'`;
    }
    const ttl = typeof body.TTL === "string" ? body.TTL : "";
    if (ttl && parseGoDuration(ttl) === null) return `Invalid Session TTL '${ttl}'`;
    const delay = lockDelayMs(body.LockDelay);
    if (delay === null) return `Invalid LockDelay '${String(body.LockDelay)}'`;
    const created = ++index;
    const session = {
      ID: randomUUID(),
      Name: typeof body.Name === "string" ? body.Name : "",
      Node: node,
      Behavior: behavior,
      TTL: ttl,
      LockDelay: Math.min(delay, MAX_LOCK_DELAY_MS) * 1e6,
      NodeChecks: Array.isArray(body.NodeChecks) ? (body.NodeChecks as string[]) : ["serfHealth"],
      CreateIndex: created,
      ModifyIndex: created,
      expires: null,
    } as ConsulSession & { expires: NodeJS.Timeout | null };
    sessions.set(session.ID, session);
    keepAlive(session);
    record({ type: "session-created", session: session.ID });
    return session;
  }

  const publicSession = ({ expires: _expires, ...session }: ConsulSession & { expires: unknown }) =>
    session;

  /** A KV PUT: plain, or acquiring or releasing the key's lock for a session. "true" or "false". */
  function putKey(key: string, value: Buffer, params: URLSearchParams): boolean | string {
    const flags = Number(params.get("flags") ?? 0);
    const existing = kv.get(key);
    const write = (fields: Partial<KvEntry>) => {
      const entry = existing ?? {
        Key: key,
        Value: value,
        Flags: flags,
        LockIndex: 0,
        CreateIndex: index + 1,
        ModifyIndex: index + 1,
      };
      Object.assign(entry, { Value: value, Flags: flags }, fields);
      kv.set(key, entry);
      changed(key);
      return entry;
    };
    const acquire = params.get("acquire");
    const release = params.get("release");
    if (acquire !== null) {
      if (!sessions.has(acquire)) return `invalid session "${acquire}"`;
      const delayedUntil = lockDelayUntil.get(key) ?? 0;
      if (Date.now() < delayedUntil) {
        record({ type: "lock-delayed", session: acquire, key });
        return false;
      }
      if (existing?.Session && existing.Session !== acquire) {
        record({ type: "lock-refused", session: acquire, key });
        return false;
      }
      const lockIndex = (existing?.LockIndex ?? 0) + (existing?.Session === acquire ? 0 : 1);
      write({ Session: acquire, LockIndex: lockIndex });
      record({ type: "lock-acquired", session: acquire, key, value: value.toString("utf8") });
      return true;
    }
    if (release !== null) {
      if (!existing || existing.Session !== release) return false;
      delete existing.Session;
      write({});
      record({ type: "lock-released", session: release, key, value: value.toString("utf8") });
      return true;
    }
    write({});
    return true;
  }

  const kvJson = (entry: KvEntry) => ({
    Key: entry.Key,
    Value: entry.Value.length ? entry.Value.toString("base64") : null,
    Flags: entry.Flags,
    ...(entry.Session ? { Session: entry.Session } : {}),
    LockIndex: entry.LockIndex,
    CreateIndex: entry.CreateIndex,
    ModifyIndex: entry.ModifyIndex,
  });

  /** A KV GET, blocking while the key is at or below `index` (Consul's blocking query) for `wait`. */
  async function getKey(key: string, params: URLSearchParams, res: ServerResponse) {
    const indexOf = () => kv.get(key)?.ModifyIndex ?? kvIndex;
    const after = Number(params.get("index") ?? 0);
    if (after > 0 && indexOf() <= after) {
      const waitMs = Math.min(
        parseGoDuration(params.get("wait") ?? "") ?? DEFAULT_WAIT_MS,
        MAX_WAIT_MS,
      );
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
          res.off("close", done);
          resolve();
        };
        const check = () => {
          if (indexOf() > after) done();
        };
        const timer = setTimeout(done, waitMs);
        waiters.add(check);
        res.once("close", done);
      });
      if (res.destroyed) return;
    }
    const entry = kv.get(key);
    const headers = { "X-Consul-Index": String(indexOf()) };
    if (!entry) return answer(res, 404, "", headers);
    answer(res, 200, [kvJson(entry)], headers);
  }

  function answer(
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    const allHeaders = {
      "Content-Type": typeof body === "string" ? "text/plain; charset=utf-8" : "application/json",
      "X-Consul-KnownLeader": "true",
      "X-Consul-LastContact": "0",
      ...headers,
    };
    const fault = faults.shift();
    if (fault) return void answerWithFault(res, fault, status, allHeaders, text);
    res.writeHead(status, { ...allHeaders, "Content-Length": Buffer.byteLength(text) });
    res.end(text);
  }

  function refuse(res: ServerResponse, status: 400 | 404, what: string) {
    unsupported.push(what);
    answer(res, status, `unsupported by the fake Consul: ${what}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const method = req.method ?? "GET";
    const body = await readAll(req);
    requests.push({ method, path: url.pathname + url.search });
    if (outage) return answer(res, 500, "No cluster leader");

    const route = `${method} ${url.pathname}`;
    const kvKey = /^\/v1\/kv\/(.+)$/.exec(url.pathname)?.[1];
    const sessionId = /^\/v1\/session\/(?:renew|destroy|info)\/([^/]+)$/.exec(url.pathname)?.[1];

    if (kvKey !== undefined) {
      const key = decodeURIComponent(kvKey);
      const allowed = method === "GET" ? ["index", "wait"] : ["acquire", "release", "flags"];
      const other = [...url.searchParams.keys()].filter((name) => !allowed.includes(name));
      if (other.length) return refuse(res, 400, `${route}?${other.join("&")}`);
      if (method === "GET") return getKey(key, url.searchParams, res);
      if (method === "PUT") {
        const result = putKey(key, body, url.searchParams);
        if (typeof result === "string") return answer(res, 500, result);
        return answer(res, 200, result);
      }
      if (method === "DELETE") {
        if (kv.delete(key)) changed(key);
        return answer(res, 200, true);
      }
    }
    if (route === "PUT /v1/catalog/register") {
      const registration = JSON.parse(body.toString("utf8") || "{}") as { Node?: string };
      if (!registration.Node) return answer(res, 400, "Must provide node");
      nodes.add(registration.Node);
      index++;
      return answer(res, 200, true);
    }
    if (route === "PUT /v1/session/create") {
      const created = createSession(JSON.parse(body.toString("utf8") || "{}"));
      if (typeof created === "string") return answer(res, 500, created);
      return answer(res, 200, { ID: created.ID });
    }
    if (sessionId !== undefined && route.startsWith("PUT /v1/session/renew/")) {
      const session = sessions.get(sessionId);
      if (!session) return answer(res, 404, `Session id '${sessionId}' not found`);
      keepAlive(session);
      record({ type: "session-renewed", session: sessionId });
      return answer(res, 200, [publicSession(session)]);
    }
    if (sessionId !== undefined && route.startsWith("PUT /v1/session/destroy/")) {
      invalidate(sessionId, "session-destroyed");
      return answer(res, 200, true);
    }
    if (sessionId !== undefined && route.startsWith("GET /v1/session/info/")) {
      const session = sessions.get(sessionId);
      return answer(res, 200, session ? [publicSession(session)] : [], {
        "X-Consul-Index": String(index),
      });
    }
    if (route === "GET /v1/session/list") {
      return answer(res, 200, [...sessions.values()].map(publicSession), {
        "X-Consul-Index": String(index),
      });
    }
    if (route === "GET /v1/status/leader") return answer(res, 200, "127.0.0.1:8300");
    refuse(res, 404, route);
  }

  const server = await listenOnLoopback((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) answer(res, 500, String(error));
    });
  });

  return {
    url: server.url,
    events,
    requests,
    /** Calls this fake does not implement: a test expects none. */
    unsupported,
    /** The session holding `key`'s lock and the value it wrote, or null when nobody holds it. */
    holder(key: string) {
      const entry = kv.get(key);
      if (!entry?.Session) return null;
      return { session: entry.Session, value: entry.Value.toString("utf8") };
    },
    value(key: string) {
      return kv.get(key)?.Value.toString("utf8") ?? null;
    },
    sessions: () => [...sessions.values()].map(publicSession),
    /** Consul unreachable as a client sees it (no leader): every call answers 500 until turned off. */
    setOutage(on: boolean) {
      outage = on;
    },
    /** The next answers fail on the wire, one fault each (tests/fakes/faults.ts). */
    failNextAnswers(...next: Fault[]) {
      faults.push(...next);
    },
    async stop() {
      for (const session of sessions.values()) if (session.expires) clearTimeout(session.expires);
      await server.close();
    },
  };
}

export type FakeConsul = Awaited<ReturnType<typeof startFakeConsul>>;
