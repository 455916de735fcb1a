// A second, private server for the scheduler's end-to-end test: the production build on its own
// temporary database, texting through a fake Twilio REST API that runs in the test's own process, so
// the test can see every text that left, whoever sent it (the web server or `npm run tick`).
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { test } from "@playwright/test";
import Database from "better-sqlite3";
import { startFakeTwilio, type FakeTwilio } from "../../fakes/twilio-server";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..", "..");
const bin = (name: string) => path.join(root, "node_modules", ".bin", name);

export type Stack = {
  baseURL: string;
  twilio: FakeTwilio;
  databasePath: string;
  /** The server's environment, which `npm run tick` gets too. */
  env: NodeJS.ProcessEnv;
  /** What the server printed so far (for failure messages). */
  serverLog: () => string;
  stop: () => Promise<void>;
};

/** Application settings that must not leak in from the shell running the tests. */
const CLEARED = [
  "LITEFS_DIR",
  "DATABASE_FILENAME",
  "TWILIO_MESSAGING_SERVICE_SID",
  "SMS_MAX_PER_SECOND",
  "LLM_API_URL",
  "LLM_API_KEY",
  "LLM_MODEL",
  "LLM_TIMEOUT_MS",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PRICE_BASIC",
  "STRIPE_PRICE_PREMIUM",
  "STRIPE_API_URL",
  "DEV_PHONE_ENABLED",
];

/**
 * Starts the fake Twilio (used with transport "twilio"), migrates a fresh database in a temporary directory and starts
 * `remix-serve ./build/index.js` on `port`; resolves once /healthz answers. On any failure everything
 * started so far is stopped again before the error is thrown.
 */
export async function startStack(
  port: number,
  { transport = "twilio" }: { transport?: "twilio" | "local" } = {},
): Promise<Stack> {
  const accountSid = `AC${"0".repeat(31)}1`;
  const authToken = "scheduler-e2e-auth-token";
  const twilio = await startFakeTwilio({ accountSid, authToken });
  const dataDir = mkdtempSync(path.join(tmpdir(), "streakcoach-scheduler-e2e-"));
  const databasePath = path.join(dataDir, "app.db");
  const baseURL = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...Object.fromEntries(CLEARED.map((key) => [key, ""])),
    NODE_ENV: "production",
    PORT: String(port),
    METRICS_PORT: "0",
    APP_URL: baseURL,
    DATABASE_PATH: databasePath,
    SESSION_SECRET: "scheduler-e2e-session-secret-0123456789abcdef",
    ...(transport === "twilio"
      ? {
          SMS_TRANSPORT: "twilio",
          TWILIO_ACCOUNT_SID: accountSid,
          TWILIO_AUTH_TOKEN: authToken,
          TWILIO_FROM_NUMBER: "+15005550006",
          TWILIO_API_URL: twilio.url,
          // The fake answers at once; the specs are not about the carrier's pace.
          SMS_MAX_PER_SECOND: "10000",
          SMS_MAX_CONCURRENCY: "100",
        }
      : // The development phone: texts are read and answered in the browser at /dev/phone.
        { SMS_TRANSPORT: "local", DEV_PHONE_ENABLED: "true" }),
    // The test drives the scheduler itself, one `npm run tick -- --at` at a time.
    CRON_ENABLED: "false",
    AUTH_RATE_LIMIT_PER_IP: "10000",
  };

  let server: ChildProcess | undefined;
  let log = "";
  const stop = async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = once(server, "exit");
      server.kill("SIGTERM");
      const timer = setTimeout(() => server?.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await twilio.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    // Asynchronous on purpose: the fake Twilio lives in this process and must keep answering.
    await run(bin("tsx"), ["db/migrate.ts"], { cwd: root, env });
    server = spawn(bin("remix-serve"), ["./build/index.js"], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const keep = (chunk: Buffer) => {
      log = (log + chunk.toString("utf8")).slice(-20_000);
    };
    server.stdout?.on("data", keep);
    server.stderr?.on("data", keep);
    await waitForHealth(baseURL, server, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, twilio, databasePath, env, serverLog: () => log, stop };
}

/** Polls /healthz until it answers 200 (the one wait in this test that is not on a result). */
async function waitForHealth(baseURL: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server exited (${server.exitCode ?? server.signalCode}):\n${log()}`);
    }
    try {
      const response = await fetch(`${baseURL}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${baseURL}/healthz:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A private stack for each worker of the calling spec, on `basePort` plus the worker's index:
 * started before the file's tests and stopped after them. Returns the running stack's getter.
 */
export function stackPerWorker(basePort: number, options?: Parameters<typeof startStack>[1]) {
  let stack: Stack | undefined;
  test.beforeAll(async ({}, workerInfo) => {
    workerInfo.setTimeout(120_000);
    stack = await startStack(basePort + workerInfo.parallelIndex, options);
  });
  test.afterAll(async ({}, workerInfo) => {
    workerInfo.setTimeout(30_000);
    await stack?.stop();
    stack = undefined;
  });
  return () => {
    if (!stack) throw new Error("The stack of this worker is not running");
    return stack;
  };
}

export type TickCounts = {
  claimed: number;
  sent: number;
  skipped: number;
  expired: number;
  failed: number;
  retrying: number;
  reconciled: number;
};

/**
 * Runs `npm run tick -- --at <instant>` with the server's environment (same database, same fake
 * Twilio) and reads the line it prints.
 */
export async function runTick(stack: Stack, at: Date) {
  const { stdout } = await run("npm", ["run", "--silent", "tick", "--", "--at", at.toISOString()], {
    cwd: root,
    env: stack.env,
    timeout: 60_000,
  });
  const line = stdout.trim().split("\n").at(-1) ?? "";
  const match =
    /^tick (\S+): (primary|replica, nothing sent); claimed (\d+), sent (\d+), skipped (\d+), expired (\d+), failed (\d+), retrying (\d+), reconciled (\d+)$/.exec(
      line,
    );
  if (!match) throw new Error(`unexpected output of npm run tick:\n${stdout}`);
  const [claimed, sent, skipped, expired, failed, retrying, reconciled] = match
    .slice(3)
    .map(Number) as [number, number, number, number, number, number, number];
  return {
    line,
    at: match[1]!,
    primary: match[2] === "primary",
    counts: { claimed, sent, skipped, expired, failed, retrying, reconciled } as TickCounts,
  };
}

/** Runs `work` on a short-lived connection to the stack's database (WAL: the server keeps going). */
export function withDatabase<T>(stack: Stack, work: (db: Database.Database) => T): T {
  const db = new Database(stack.databasePath, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}

/** The zone's offset from UTC in minutes at an instant (-300 for New York in winter). */
function offsetMinutes(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)!.value);
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return Math.round((wall - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/**
 * The instant a wall-clock time ('HH:MM') of a local day ('YYYY-MM-DD') falls on in a zone, computed
 * with Intl rather than the app's own helpers. Only for times that exist once (not 02:00-03:00 on a
 * day the clocks change), which is all this test uses.
 */
export function wallClock(day: string, time: string, timeZone: string): Date {
  const asUtc = Date.parse(`${day}T${time}:00Z`);
  let instant = asUtc - offsetMinutes(new Date(asUtc), timeZone) * 60_000;
  instant = asUtc - offsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}

/** The local calendar day ('YYYY-MM-DD') an instant falls on in a zone. */
export function localDayOf(instant: Date, timeZone: string) {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);
}

export function addDays(day: string, days: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function addSeconds(instant: Date, seconds: number) {
  return new Date(instant.getTime() + seconds * 1000);
}
