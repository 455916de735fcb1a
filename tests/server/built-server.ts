import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";

// The production build as an attacker meets it: `remix-serve build/index.js` with NODE_ENV=production
// and fly.toml's heap (--max-old-space-size=128), on its own fresh database and ports. The tests in
// tests/server/ talk to it over HTTP only and read its database, its logs and its memory from outside.

const root = path.resolve(import.meta.dirname, "..", "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

/** fly.toml's [env] entries that shape the process (heap, allocator), as production runs it. */
export function productionProcessEnv(): Record<string, string> {
  const toml = readFileSync(path.join(root, "fly.toml"), "utf8");
  const section = /^\[env\]\n([\s\S]*?)(?=^\[)/m.exec(toml)?.[1] ?? "";
  const entries = [...section.matchAll(/^\s*(NODE_OPTIONS|MALLOC_\w+)\s*=\s*"([^"]*)"/gm)];
  return Object.fromEntries(entries.map((match) => [match[1]!, match[2]!]));
}

/** The heap fly.toml gives the server, in MB. */
export const PRODUCTION_HEAP_MB = Number(
  /--max-old-space-size=(\d+)/.exec(productionProcessEnv().NODE_OPTIONS ?? "")?.[1],
);

export type BuiltServer = {
  url: string;
  port: number;
  metricsPort: number;
  pid: number;
  dataDir: string;
  databasePath: string;
  /** Every line the server wrote to stdout and stderr so far. */
  output: () => string[];
  /** Resident memory now, and the most it ever held (the kernel's high-water mark), in bytes. */
  rss: () => { current: number; peak: number };
  /** A read-write handle on the server's database (WAL: safe beside the server). */
  db: () => Database.Database;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop: (
    signal?: NodeJS.Signals,
  ) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  child: ChildProcess;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function readStatusBytes(pid: number, field: "VmRSS" | "VmHWM") {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export async function startBuiltServer(
  options: { env?: Record<string, string>; databasePath?: string } = {},
): Promise<BuiltServer> {
  if (!existsSync(path.join(root, "build", "index.js"))) {
    throw new Error("build/index.js is missing: run `npm run build` before tests/server.");
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), "streakcoach-server-"));
  const databasePath = options.databasePath ?? path.join(dataDir, "app.db");
  const port = await freePort();
  const metricsPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? dataDir,
    NODE_ENV: "production",
    ...productionProcessEnv(),
    DATABASE_PATH: databasePath,
    SESSION_SECRET: "server-tests-secret-0123456789abcdef0123456789",
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    APP_URL: url,
    AUTH_RATE_LIMIT_PER_IP: "10000",
    CRON_ENABLED: "false",
    SMS_TRANSPORT: "local",
    LOG_LEVEL: "info",
    ...options.env,
  };
  const migrate = spawnSync(bin("tsx"), ["db/migrate.ts"], {
    cwd: root,
    env: { ...env, NODE_OPTIONS: "" } as NodeJS.ProcessEnv,
    encoding: "utf8",
  });
  if (migrate.status !== 0) throw new Error(`migrations failed: ${migrate.stderr}`);

  const child = spawn(bin("remix-serve"), ["./build/index.js"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    const text = String(chunk).split("\n").filter(Boolean);
    lines.push(...text);
    // An unexpected server error is shown as it happens, so a failing test's cause is in the CI log.
    for (const line of text) {
      if (/"level":"(error|fatal)"/.test(line)) process.stderr.write(`[server ${port}] ${line}\n`);
    }
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal })),
  );

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited before it answered:\n${lines.join("\n")}`);
    }
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the server did not answer /healthz in 30 s:\n${lines.join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  let handle: Database.Database | null = null;
  const pid = child.pid!;
  return {
    url,
    port,
    metricsPort,
    pid,
    dataDir,
    databasePath,
    child,
    exited,
    output: () => [...lines],
    rss: () => ({ current: readStatusBytes(pid, "VmRSS"), peak: readStatusBytes(pid, "VmHWM") }),
    db: () => {
      handle ??= new Database(databasePath);
      handle.pragma("busy_timeout = 5000");
      return handle;
    },
    stop: async (signal = "SIGKILL") => {
      handle?.close();
      handle = null;
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const result = await exited;
      if (!options.databasePath) rmSync(dataDir, { recursive: true, force: true });
      return result;
    },
  };
}

/** A client of one server that keeps its cookies, as a browser without JavaScript would. */
export class HttpClient {
  private cookies = new Map<string, string>();
  /** `from`: the client's address as Fly's proxy reports it (for a server started with FLY_APP_NAME). */
  constructor(
    private readonly server: Pick<BuiltServer, "url">,
    private readonly from?: string,
  ) {}

  get cookie() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async request(
    pathname: string,
    init: {
      method?: string;
      json?: unknown;
      form?: Record<string, string> | URLSearchParams;
      body?: BodyInit;
      headers?: Record<string, string>;
      signal?: AbortSignal;
    } = {},
  ) {
    const headers = new Headers(init.headers);
    if (this.from) headers.set("Fly-Client-IP", this.from);
    if (this.cookies.size) headers.set("Cookie", this.cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    } else if (init.form) {
      body = init.form instanceof URLSearchParams ? init.form : new URLSearchParams(init.form);
    }
    const response = await fetch(new URL(pathname, this.server.url), {
      method: init.method ?? (body ? "POST" : "GET"),
      headers,
      body,
      redirect: "manual",
      signal: init.signal ?? AbortSignal.timeout(60_000),
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(";");
      const index = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
    return response;
  }
}

let accounts = 0;
/** A unique valid US number for this process (area code 201, 555 exchange). */
export function testPhone() {
  accounts += 1;
  return `+1201555${String(1000 + ((process.pid * 37 + accounts) % 9000)).padStart(4, "0")}`;
}

/**
 * Signs up through POST /api/users and returns a client holding the new session. Only the required
 * fields are sent: the API applies the sign-up defaults (New York, 08:00 and 19:00, reminders and
 * weekly summaries on).
 */
export async function signUp(
  server: Pick<BuiltServer, "url">,
  overrides: Record<string, unknown> = {},
  from?: string,
) {
  const client = new HttpClient(server, from);
  const email = `user${process.pid}-${++accounts}-${Date.now()}@example.com`;
  const phone = testPhone();
  const response = await client.request("/api/users", {
    json: {
      email,
      password: "correct horse battery",
      phone,
      terms: true,
      ...overrides,
    },
  });
  if (response.status !== 201) {
    throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  }
  const user = (await response.json()) as { id: number; email: string; phone: string };
  return { client, user, email, phone, password: "correct horse battery" };
}

/** Runs the scheduler's tick once, as of `at`, on the server's database (the local SMS transport). */
export function runTick(server: BuiltServer, at: Date) {
  const tick = spawnSync(
    bin("tsx"),
    [path.join(root, "scripts", "tick.ts"), "--at", at.toISOString()],
    {
      cwd: root,
      encoding: "utf8",
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        NODE_ENV: "production",
        ...productionProcessEnv(),
        DATABASE_PATH: server.databasePath,
        SESSION_SECRET: "server-tests-secret-0123456789abcdef0123456789",
        APP_URL: server.url,
        CRON_ENABLED: "false",
        SMS_TRANSPORT: "local",
        NODE_OPTIONS: "",
      },
    },
  );
  if (tick.status !== 0) throw new Error(`the tick failed: ${tick.stderr}`);
}
