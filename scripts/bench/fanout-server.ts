import { spawn, type ChildProcess } from "node:child_process";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import Database from "better-sqlite3";
import type { TickReport } from "../../app/scheduler/tick.server";
import { percentile, startBenchServer } from "./server";

/**
 * The fan-out inside the production server, for `npm run bench:fanout -- --inbound RPS`: the build
 * served by remix-serve (as `npm start` does, with production's NODE_OPTIONS) on the seeded database,
 * its own node-cron firing the tick, while signed inbound replies arrive at a constant rate. The
 * server's clock is moved (scripts/bench/shifted-clock.mjs, preloaded through NODE_OPTIONS) so that
 * the seeded morning instant comes LEAD_MS after start-up, whatever the hour; the app has no hook.
 */

const LEAD_MS = 15_000;
const TICK_TIMEOUT_MS = LEAD_MS + 60_000 + 5 * 60_000;
const CLOCK = path.resolve("scripts/bench/shifted-clock.mjs");
const PROFILE = path.resolve("scripts/bench/cpu-profile.mjs");
const INBOUND = "scripts/bench/inbound-replies.ts";

export type ServerRunOptions = {
  databasePath: string;
  dueAt: Date;
  port: number;
  inboundRate: number;
  /** SMS_MAX_PER_SECOND and SMS_MAX_CONCURRENCY of the server. */
  maxPerSecond: number;
  maxConcurrency: number;
  /** The seeded phones in the order the tick texts them: the inbound replies come in that order. */
  phonesInSendOrder: string[];
  dir: string;
  /** Where the server's CPU profile goes (--cpu-prof), if anywhere. */
  profileDir?: string;
  twilio: { url: string; accountSid: string; authToken: string; from: string };
  /** How the server is started (default: remix-serve on databasePath as a plain file). */
  launch?: Launcher;
  /** More environment for the server. */
  env?: Record<string, string>;
  /** More modules the server preloads (node --import). */
  preloads?: string[];
  /** Start-up to the tick (default LEAD_MS); the "before" figures cover beforeMs (default 5 s) of it. */
  leadMs?: number;
  beforeMs?: number;
  /** The replies stop after this many seconds (default: when the tick has ended). */
  inboundSeconds?: number;
  /** Where the replies are posted, if not to PORT (they are signed for PORT's URL all the same). */
  inboundUrl?: string;
};

export type InboundFigures = {
  requests: number;
  /** The length of the window the requests were due in. */
  seconds: number;
  medianMs: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
};

export type ServerRunResult = {
  report: TickReport;
  /** The tick's start and end on this process's clock (ms since the epoch). */
  startedAt: number;
  finishedAt: number;
  seconds: number;
  cpuSeconds: number;
  /** In the beforeMs before the tick, when the server only answers the inbound replies. */
  cpuSecondsBefore: number;
  peakRssMb: number;
  rssBeforeTickMb: number;
  /** Every reply's answer: when it was due (ms since the epoch), its latency, its status (0: none). */
  answers: Answer[];
  inboundDuring: InboundFigures | null;
  inboundBefore: InboundFigures | null;
  /** The outbound gate's series on the server's /metrics after the tick. */
  gate: string[];
};

/** The server under test, however it was started: its process, its log and how to end it. */
export type LaunchedServer = {
  pid: number;
  stdout: NodeJS.ReadableStream;
  /** Ends it and everything it started; safe to call twice. */
  stop: () => Promise<void>;
  /** The same at once, for process exit (no awaiting). */
  kill: () => void;
};

/**
 * Starts the server with the benchmark's environment (clock, cron, Twilio, gate, metrics). The default
 * runs `remix-serve` on options.databasePath as a plain file; bench:litefs passes one that runs it as
 * a LiteFS node's exec. APP_URL must be http://127.0.0.1:PORT (the replies are signed over it).
 */
export type Launcher = (env: Record<string, string>) => Promise<LaunchedServer>;

export async function runInServer(options: ServerRunOptions): Promise<ServerRunResult> {
  await buildIfStale();
  const NODE_OPTIONS =
    /^\s*NODE_OPTIONS\s*=\s*"([^"]*)"/m.exec(readFileSync("fly.toml", "utf8"))?.[1] ?? "";
  const leadMs = options.leadMs ?? LEAD_MS;
  const offset = options.dueAt.getTime() - (Date.now() + leadMs);
  const launch = options.launch ?? plainServer(options);
  const server = await launch({
    NODE_OPTIONS: [
      NODE_OPTIONS,
      `--import=${CLOCK}`,
      ...(options.preloads ?? []).map((file) => `--import=${file}`),
      options.profileDir ? `--import=${PROFILE}` : "",
    ].join(" "),
    BENCH_CPU_PROFILE_DIR: options.profileDir ?? "",
    BENCH_CLOCK_OFFSET_MS: String(offset),
    CRON_ENABLED: "true",
    SMS_TRANSPORT: "twilio",
    TWILIO_API_URL: options.twilio.url,
    TWILIO_ACCOUNT_SID: options.twilio.accountSid,
    TWILIO_AUTH_TOKEN: options.twilio.authToken,
    TWILIO_FROM_NUMBER: options.twilio.from,
    TWILIO_MESSAGING_SERVICE_SID: "",
    SMS_MAX_PER_SECOND: String(options.maxPerSecond),
    SMS_MAX_CONCURRENCY: String(options.maxConcurrency),
    METRICS_PORT: String(options.port + 1),
    LOG_LEVEL: "info",
    ...options.env,
  });
  // Whatever way the run ends (an error, a timeout, Ctrl-C): nothing it started keeps running.
  const children = new Set<ChildProcess>();
  const stopAll = () => {
    server.kill();
    for (const child of children) child.kill("SIGKILL");
  };
  process.once("exit", stopAll);
  try {
    console.log(
      `server: build/index.js (pid ${server.pid}, NODE_OPTIONS "${NODE_OPTIONS}"), ` +
        `its cron fires the tick in ${((options.dueAt.getTime() - offset - Date.now()) / 1000).toFixed(0)} s`,
    );
    const samples = sampleProcess(server.pid);
    let timer: NodeJS.Timeout | undefined;
    const tickLogged = Promise.race([
      waitForTickLog(server.stdout),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error("no scheduler tick logged")),
          leadMs + TICK_TIMEOUT_MS - LEAD_MS,
        );
      }),
    ]);
    tickLogged.catch(() => {});
    const inbound = options.inboundRate > 0 ? await startInbound(options, children) : null;
    const report = await tickLogged.finally(() => clearTimeout(timer));
    const gate = await gateFigures(options.port + 1);
    const answers = inbound ? await inbound.stop() : [];
    samples.stop();

    const tick = readTickTimes(options.databasePath);
    const startedAt = tick.startedAt - offset;
    const finishedAt = tick.finishedAt - offset;
    const beforeMs = options.beforeMs ?? 5_000;
    const within = (from: number, to: number) =>
      answers.filter((a) => a.due >= from && a.due <= to);
    return {
      report,
      startedAt,
      finishedAt,
      seconds: (finishedAt - startedAt) / 1000,
      cpuSeconds: samples.cpuSecondsBetween(startedAt, finishedAt),
      cpuSecondsBefore: samples.cpuSecondsBetween(startedAt - beforeMs, startedAt),
      peakRssMb: samples.peakRssMb(),
      rssBeforeTickMb: samples.rssAtMb(startedAt),
      answers,
      inboundDuring: inbound
        ? figures(within(startedAt, finishedAt), finishedAt - startedAt)
        : null,
      inboundBefore: inbound ? figures(within(startedAt - beforeMs, startedAt), beforeMs) : null,
      gate,
    };
  } finally {
    process.off("exit", stopAll);
    for (const child of children) child.kill("SIGKILL");
    await server.stop();
  }
}

/** remix-serve on a plain database file, as `npm start` runs it off LiteFS. */
export function plainServer(options: ServerRunOptions): Launcher {
  return async (env) => {
    const { server } = await startBenchServer(
      options.port,
      { ...env, DATABASE_PATH: options.databasePath, LITEFS_DIR: "" },
      { stdout: "pipe" },
    );
    return {
      pid: server.pid!,
      stdout: server.stdout!,
      kill: () => server.kill("SIGKILL"),
      async stop() {
        // remix-serve's SIGTERM only closes the listener (the cron's timers keep the process up): with
        // a profile to write, SIGTERM makes cpu-profile.mjs write it and exit; SIGKILL otherwise, or then.
        if (options.profileDir && server.exitCode === null) {
          const exited = new Promise((resolve) => server.once("exit", resolve));
          server.kill("SIGTERM");
          await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
          console.log(`server CPU profile written to ${options.profileDir}`);
        }
        server.kill("SIGKILL");
      },
    };
  };
}

/**
 * remix-serve serves build/: built again when a source file under app/ is newer (in a child process
 * awaited, not spawnSync: tsx's esbuild service in this process must keep being answered).
 */
async function buildIfStale() {
  const built = (() => {
    try {
      return statSync("build/index.js").mtimeMs;
    } catch {
      return 0;
    }
  })();
  const newest = (dir: string): number =>
    Math.max(
      0,
      ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
        const file = path.join(dir, entry.name);
        return entry.isDirectory() ? newest(file) : statSync(file).mtimeMs;
      }),
    );
  if (built > newest("app")) return;
  console.log("building the production bundle (npx remix build), app/ is newer than build/");
  const build = spawn("npx", ["remix", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  const code = await new Promise((resolve) => build.on("exit", resolve));
  if (code !== 0) throw new Error("remix build failed");
}

/** The tick's report, as the cron logs it (pino JSON on stdout). */
function waitForTickLog(stdout: NodeJS.ReadableStream) {
  return new Promise<TickReport>((resolve) => {
    createInterface({ input: stdout }).on("line", (line) => {
      if (!line.includes('"scheduler tick"')) return;
      const parsed = JSON.parse(line) as { tick?: TickReport };
      if (parsed.tick) resolve(parsed.tick);
    });
  });
}

function readTickTimes(databasePath: string) {
  const db = new Database(databasePath, { readonly: true });
  try {
    const row = db
      .prepare<[], { started_at: number; finished_at: number }>(
        "select started_at, finished_at from scheduler_ticks where finished_at is not null order by id limit 1",
      )
      .get();
    if (!row) throw new Error("the server finished no tick");
    return { startedAt: row.started_at, finishedAt: row.finished_at };
  } finally {
    db.close();
  }
}

export type Answer = { due: number; ms: number; status: number };

async function startInbound(options: ServerRunOptions, children: Set<ChildProcess>) {
  const phonesFile = path.join(options.dir, "phones.txt");
  writeFileSync(phonesFile, options.phonesInSendOrder.join("\n"));
  const webhook = `http://127.0.0.1:${options.port}/webhooks/twilio/messages`;
  const child = spawn(
    process.execPath,
    [
      ...[
        "--import",
        "tsx",
        INBOUND,
        "--url",
        options.inboundUrl ?? webhook,
        "--signed-url",
        webhook,
      ],
      ...["--rate", String(options.inboundRate), "--account", options.twilio.accountSid],
      ...["--token", options.twilio.authToken, "--to", options.twilio.from],
      ...["--phones-file", phonesFile],
      ...(options.inboundSeconds ? ["--seconds", String(options.inboundSeconds)] : []),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  children.add(child);
  const answers: Answer[] = [];
  let started: () => void;
  const ended = new Promise<void>((resolve) => child.on("close", () => resolve()));
  const running = new Promise<void>((resolve, reject) => {
    started = resolve;
    void ended.then(() => reject(new Error("the inbound replies process ended before it began")));
  });
  createInterface({ input: child.stdout! }).on("line", (line) => {
    if (line === "inbound-start") started();
    else if (line.startsWith("answer ")) {
      const [, due, ms, status] = line.split(" ");
      answers.push({ due: Number(due), ms: Number(ms), status: Number(status) });
    }
  });
  await running;
  console.log(
    `inbound: ${options.inboundRate} signed replies a second (open loop) to ${options.inboundUrl ?? webhook}, ` +
      `from the seeded phones in the order they are texted`,
  );
  return {
    async stop() {
      child.kill("SIGTERM");
      await ended;
      return answers;
    },
  };
}

async function gateFigures(metricsPort: number) {
  try {
    const text = await (
      await fetch(`http://127.0.0.1:${metricsPort}/metrics`, { signal: AbortSignal.timeout(5_000) })
    ).text();
    return text.split("\n").filter((line) => line.startsWith("streakcoach_sms_gate"));
  } catch (error) {
    return [`metrics not read: ${String(error)}`];
  }
}

export function figures(answers: Answer[], windowMs: number): InboundFigures {
  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  return {
    requests: answers.length,
    seconds: windowMs / 1000,
    medianMs: latencies.length ? percentile(latencies, 50) : 0,
    p99Ms: latencies.length ? percentile(latencies, 99) : 0,
    maxMs: latencies.at(-1) ?? 0,
    non2xx: answers.filter((a) => a.status !== 0 && (a.status < 200 || a.status >= 300)).length,
    errors: answers.filter((a) => a.status === 0).length,
  };
}

/** The server's CPU time and memory from /proc every 50 ms, with the real time of each sample. */
function sampleProcess(pid: number) {
  const ticksPerSecond = 100; // USER_HZ on Linux
  const points: { at: number; cpu: number; rssKb: number; hwmKb: number }[] = [];
  const sample = () => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      points.push({
        at: Date.now(),
        cpu: (Number(fields[11]) + Number(fields[12])) / ticksPerSecond,
        rssKb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0),
        hwmKb: Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0),
      });
    } catch {
      // ended
    }
  };
  sample();
  const timer = setInterval(sample, 50);
  const at = (time: number) => points.findLast((p) => p.at <= time) ?? points[0]!;
  const after = (time: number) => points.find((p) => p.at >= time) ?? points.at(-1)!;
  return {
    stop() {
      sample();
      clearInterval(timer);
    },
    cpuSecondsBetween: (from: number, to: number) => after(to).cpu - at(from).cpu,
    peakRssMb: () => Math.max(...points.map((p) => p.hwmKb)) / 1024,
    rssAtMb: (time: number) => at(time).rssKb / 1024,
  };
}
