import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { HttpClient, signUp, startBuiltServer, type BuiltServer } from "./built-server";

// Operating the production build: what it prints, what its metrics count, how it stops.

const EXIT_GUARD_MS = 30_000;

/** The server's exit, or a rejection when it is still running after the guard. */
function exitOf(server: BuiltServer) {
  return Promise.race([
    server.exited,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("the server did not exit")), EXIT_GUARD_MS).unref(),
    ),
  ]);
}

type Line = Record<string, unknown>;

async function waitForLine(server: BuiltServer, matches: (line: Line) => boolean) {
  for (let tries = 0; tries < 100; tries++) {
    const found = server
      .output()
      .flatMap((text) => {
        try {
          return [JSON.parse(text) as Line];
        } catch {
          return [];
        }
      })
      .find(matches);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no such line in:\n${server.output().join("\n")}`);
}

describe("the server's output", () => {
  it("is JSON lines from start to shutdown, naming routes and never a token, an email or a number", async () => {
    const server = await startBuiltServer();
    try {
      const token = randomBytes(24).toString("base64url");
      const email = "x@y.com";
      const number = "+12015550123";
      const { client } = await signUp(server);
      const anonymous = new HttpClient(server);
      const visits: Array<[HttpClient, string, { method?: string; json?: unknown }?]> = [
        [anonymous, `/share/${token}`],
        [anonymous, `/share/${token}?_data=${encodeURIComponent("routes/share+/$token")}`],
        [anonymous, `/share/${token}/media/1`],
        [anonymous, `/forgot-password?email=${encodeURIComponent(email)}`],
        [anonymous, `/admin?q=${encodeURIComponent(number)}`],
        [client, `/admin?q=${encodeURIComponent(number)}`],
        [anonymous, `/no/such/page/${token}?email=${encodeURIComponent(email)}`],
        [anonymous, `/?_data=${token}`],
        [anonymous, `/api/user?email=${encodeURIComponent(email)}`],
        [client, "/api/user"],
        [client, `/api/habits/${token}`],
        [anonymous, "/api/login", { json: { email, password: number } }],
        [anonymous, "/favicon.svg"],
        [
          anonymous,
          `/build/${readdirSync(path.resolve(import.meta.dirname, "..", "..", "public", "build")).find((name) => name.endsWith(".js"))}`,
        ],
      ];
      const answered: Array<{ path: string; id: string; status: number }> = [];
      for (const [who, pathname, init] of visits) {
        const id = randomUUID();
        const response = await who.request(pathname, { ...init, headers: { "X-Request-Id": id } });
        await response.arrayBuffer();
        answered.push({ path: pathname, id, status: response.status });
      }

      // A Host header no URL can be made of: the request never reaches Remix, and is the client's fault.
      const badHost = await new Promise<string>((resolve) => {
        let answer = "";
        const socket = connect(server.port, "127.0.0.1", () =>
          socket.write(`GET /share/${token} HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n`),
        );
        socket.on("data", (chunk) => (answer += String(chunk))).on("close", () => resolve(answer));
      });
      expect(badHost).toMatch(/^HTTP\/1\.1 400 /);

      const share = answered[0]!;
      expect(await waitForLine(server, (line) => line.reqId === share.id)).toMatchObject({
        msg: "request",
        route: "routes/share+/$token",
        status: share.status,
        ms: expect.any(Number),
      });
      for (const { path: pathname, id, status } of answered) {
        if (pathname.startsWith("/build/") || pathname === "/favicon.svg") continue;
        const line = await waitForLine(server, (l) => l.reqId === id && l.msg === "request");
        expect(line, pathname).toMatchObject({
          route: expect.any(String),
          status,
          ms: expect.any(Number),
        });
      }
      expect(server.output().some((line) => line.includes('"listening"'))).toBe(true);

      server.child.kill("SIGTERM");
      expect(await exitOf(server)).toEqual({ code: 0, signal: null });

      const output = server.output();
      for (const line of output) {
        expect(() => JSON.parse(line), line).not.toThrow();
        for (const secret of [token, email, number, "2015550123"]) {
          expect(line).not.toContain(secret);
        }
      }
      expect(output.at(-1)).toContain('"shut down"');
    } finally {
      await server.stop();
    }
  });
});

describe("the request metric", () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer();
  });
  afterAll(() => server.stop());

  it("keeps a bounded number of series whatever methods and paths clients invent", async () => {
    const methods = ["PROPFIND", "MKCOL", "LOCK", "UNLOCK", "PURGE", "SEARCH", "REPORT", "COPY"];
    const requests = Array.from({ length: 400 }, (_, i) => {
      const method =
        i % 3 === 0
          ? `X${randomBytes(4).toString("hex").toUpperCase()}`
          : methods[i % methods.length]!;
      const pathname =
        i % 2 === 0 ? `/${randomUUID()}/${i}` : `/?_data=${encodeURIComponent(`routes/${i}`)}`;
      return { method, pathname };
    });
    const client = new HttpClient(server);
    for (let i = 0; i < requests.length; i += 20) {
      await Promise.all(
        requests.slice(i, i + 20).map(({ method, pathname }) =>
          client
            .request(pathname, { method })
            .then((response) => response.arrayBuffer())
            .catch(() => {}),
        ),
      );
    }
    await client.request("/", { method: "PROPFIND" }).then((response) => response.arrayBuffer());

    const metrics = await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`, {
      signal: AbortSignal.timeout(10_000),
    }).then((response) => response.text());
    const series = metrics
      .split("\n")
      .filter((line) => line.startsWith("streakcoach_http_request_duration_seconds_count{"));
    expect(series.length).toBeGreaterThan(0);
    expect(series.length).toBeLessThanOrEqual(12);
    for (const line of series) {
      expect(line).toMatch(/method="(GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS|other)"/);
    }
    expect(series.some((line) => line.includes('method="other"'))).toBe(true);
    expect(series.some((line) => line.includes('route="other"'))).toBe(true);
  });
});

describe("shutting down", () => {
  for (const [signal, env] of [
    ["SIGTERM", {}],
    ["SIGINT", { CRON_ENABLED: "true" }],
  ] as const) {
    it(`exits 0 on ${signal}${"CRON_ENABLED" in env ? " with the cron on" : ""}, freeing its ports for the next server`, async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), "streakcoach-ops-"));
      const databasePath = path.join(dataDir, "app.db");
      const first = await startBuiltServer({ databasePath, env });
      let second: BuiltServer | undefined;
      try {
        const { client } = await signUp(first);
        await client.request("/dashboard").then((response) => response.arrayBuffer());

        first.child.kill(signal);
        expect(await exitOf(first)).toEqual({ code: 0, signal: null });

        second = await startBuiltServer({
          databasePath,
          env: { ...env, METRICS_PORT: String(first.metricsPort) },
        });
        const metrics = await fetch(`http://127.0.0.1:${first.metricsPort}/metrics`, {
          signal: AbortSignal.timeout(10_000),
        });
        expect(metrics.status).toBe(200);
        await metrics.arrayBuffer();
        await waitForLine(second, (line) => line.msg === "metrics listening");
        expect(second.output().join("\n")).not.toContain("metrics not served");
        const login = await new HttpClient(second).request("/api/user");
        expect(login.status).toBe(401);

        second.child.kill(signal);
        expect(await exitOf(second)).toEqual({ code: 0, signal: null });
      } finally {
        await first.stop();
        await second?.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});
