import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { build } from "esbuild";
import { templates } from "../../app/replies/templates";
import type { TickReport } from "../../app/scheduler/tick.server";
import { startFakeTwilio } from "../../tests/fakes/twilio-server";
import packageJson from "../../package.json";
import { startLeanTwilio } from "./fanout-twilio";
import { runInServer, type InboundFigures } from "./fanout-server";
import { checkDatabase, findInstant, localHour, phoneOf, seedUsers, ZONES } from "./fanout-seed";

// Usage: npm run bench:fanout -- [--users N] [--crash] [--seed S] [--inbound RPS]
//          [--twilio-latency MS] [--twilio-concurrency N] [--max-per-second N] [--max-concurrency N] [--port P]
//          [--tsx] [--tests-fake] [--cpu-prof] [--trace-memory] [--keep]
//
// N users over the six main US time zones, every morning question due in the same UTC
// minute; one scheduler tick (the real runTick) in a child process against a file database, texting a
// fake Twilio REST API on 127.0.0.1 through the twilio package. --crash kills that child with SIGKILL
// part way through sending and runs the tick again in a new process, which reconciles the dead
// process's claims against the fake's message log. Ends with one line:
// fanout: N due, S sent, D duplicates, M missing, T transactions, X.X s, R msg/s, P MB peak RSS, 429s Q
//
// --inbound RPS runs the tick inside the production server instead (build/index.js under remix-serve,
// its own cron firing the tick; scripts/bench/fanout-server.ts) while signed inbound replies from the
// seeded phones reach /webhooks/twilio/messages at RPS a second (open loop), and adds their p99 during
// the fan-out to the closing line: `…, 429s Q, inbound p99 L ms`. --max-per-second and --max-concurrency
// set the outbound gate's limits (SMS_MAX_PER_SECOND, default 10000 so the rate is not what is
// measured; SMS_MAX_CONCURRENCY, default 100: Twilio's requests in flight per account).
//
// --tsx runs the tick process under tsx instead of the esbuild bundle; --tests-fake uses
// tests/fakes/twilio-server.ts instead of the leaner scripts/bench/fanout-twilio.ts; --cpu-prof
// writes the tick process's CPU profile to $TMPDIR/coach-fanout-profiles; --trace-memory prints
// its memory each second; --keep keeps the database; --seed picks the crash point. Exits 1 on
// duplicate, missing or unexpected texts.

const options = parseArgs(process.argv.slice(2));
const ACCOUNT_SID = `AC${"b".repeat(32)}`;
const AUTH_TOKEN = "bench-auth-token";
const FROM = "+15005550006";
/** The gate's default limits here: the rate is not what is measured (env allows at most 10000). */
const MAX_PER_SECOND = 10_000;
const MAX_CONCURRENCY = 100;
const WORKER_TIMEOUT_MS = 5 * 60_000;
const MORNING = templates.morningQuestion();
const WORKER_SOURCE = "scripts/bench/fanout-worker.ts";
/** The server's port with --inbound (bench:web uses 3400; its metrics are served on the next one). */
const PORT = options.port;

const random = mulberry32(options.seed);
const T = findInstant();
const tickAt = new Date(T.getTime() + 30_000);
const children = new Set<ChildProcess>();
const cleanups: (() => unknown)[] = [];

type Setup = { fake: Fake; dir: string; databasePath: string; workerBundle: string | null };

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const child of children) child.kill("SIGKILL");
    for (const cleanup of cleanups.reverse()) void cleanup(); // the synchronous ones finish here
    process.exit(130);
  });
}
try {
  await main();
} finally {
  for (const child of children) child.kill("SIGKILL");
  for (const cleanup of cleanups.reverse()) await cleanup();
}

async function main() {
  const workerBundle = options.tsx || options.inbound !== null ? null : await bundleWorker();
  if (workerBundle) cleanups.push(() => rmSync(workerBundle, { force: true }));
  const fake = await startFake(options.testsFake);
  cleanups.push(() => fake.stop());
  const dir = mkdtempSync(path.join(os.tmpdir(), "coach-fanout-"));
  cleanups.push(() =>
    options.keep ? console.log(`kept ${dir}`) : rmSync(dir, { recursive: true, force: true }),
  );
  const setup: Setup = { fake, dir, databasePath: path.join(dir, "app.db"), workerBundle };

  console.log(
    `due instant ${T.toISOString()} (${ZONES.map((z) => `${z.value} ${localHour(T, z.value)}:00`).join(", ")}); ` +
      `tick at ${tickAt.toISOString()}`,
  );
  const started = performance.now();
  const phones = seedUsers(setup.databasePath, options.users, T);
  console.log(
    `seeded ${options.users} users in ${((performance.now() - started) / 1000).toFixed(1)} s into ${setup.databasePath}`,
  );
  console.log(
    `fake Twilio (${options.testsFake ? "tests/fakes/twilio-server.ts" : "scripts/bench/fanout-twilio.ts"}) ` +
      `at ${fake.url}; ` +
      (options.inbound !== null
        ? `tick in the production server`
        : `tick process ${options.tsx ? "under tsx" : "bundled with esbuild"}`) +
      `; SMS_MAX_PER_SECOND ${options.maxPerSecond ?? MAX_PER_SECOND}, ` +
      `SMS_MAX_CONCURRENCY ${options.maxConcurrency ?? MAX_CONCURRENCY}`,
  );

  const runs: RunResult[] = [];
  let inbound: InboundFigures | null = null;
  if (options.inbound !== null) {
    const run = await runServer(setup);
    runs.push(run.result);
    inbound = run.inbound;
  } else if (options.crash) {
    const fraction = 0.2 + random() * 0.6;
    const killAfter = Math.max(1, Math.floor(options.users * fraction));
    console.log(
      `crash mode: SIGKILL after ${killAfter} texts (${(fraction * 100).toFixed(0)}%), seed ${options.seed}`,
    );
    runs.push(await runWorker(setup, 1, killAfter));
    if (!runs[0]!.killed)
      throw new Error("the worker finished before the kill point: nothing was crashed");
    runs.push(await runWorker(setup, 2));
  } else {
    runs.push(await runWorker(setup, 1));
  }

  // What the fake received, per phone.
  const received = new Map<string, number>();
  let unexpected = 0;
  let replies = 0;
  for (const m of fake.messages()) {
    if (!phones.has(m.to)) unexpected += 1;
    else if (m.body === MORNING) received.set(m.to, (received.get(m.to) ?? 0) + 1);
    else if (options.inbound !== null)
      replies += 1; // the answers to the inbound replies
    else unexpected += 1;
  }
  const due = options.users;
  const sent = received.size;
  let duplicates = 0;
  for (const count of received.values()) duplicates += count - 1;
  const missing = due - sent;
  const transactions = runs.reduce((sum, r) => sum + r.transactions, 0);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  const peakMb = Math.max(...runs.map((r) => r.peakRssMb));

  const ledger = checkDatabase(setup.databasePath);
  console.log(
    `fake: ${fake.accepted()} texts accepted (${replies} answers to inbound replies), ` +
      `${unexpected} unexpected (other body or unknown phone), ` +
      `${fake.listRequests()} list requests; send concurrency: at most ` +
      `${fake.maxConnections() ?? "? (not counted by this fake)"} connections open at once`,
  );
  console.log(
    `database: ledger ${JSON.stringify(ledger.statuses)}, ${ledger.morningMessages} morning thread messages, ` +
      `${ledger.sentWithSid} sent rows with a provider sid, ${ledger.ticks} tick rows`,
  );
  if (options.inbound !== null) {
    console.log(
      `replies: ${ledger.inboundTexts} inbound texts stored, ${ledger.answers} answers, ` +
        `${ledger.usersAnsweredWrong} users whose texts and answers differ in number`,
    );
    if (ledger.usersAnsweredWrong > 0 || ledger.inboundTexts !== ledger.answers)
      process.exitCode = 1;
  }
  if ((ledger.statuses.sent ?? 0) !== sent)
    console.log(`WARNING: the ledger says ${ledger.statuses.sent ?? 0} sent, the fake ${sent}`);
  if (unexpected > 0) console.log(`WARNING: ${unexpected} unexpected texts at the fake`);
  console.log(
    `${(sent / Math.max(1, transactions)).toFixed(0)} texts per write transaction ` +
      `(target: at least 100)`,
  );
  if (duplicates > 0 || missing > 0 || unexpected > 0) process.exitCode = 1;
  console.log(
    `fanout: ${due} due, ${sent} sent, ${duplicates} duplicates, ${missing} missing, ${transactions} transactions, ` +
      `${seconds.toFixed(1)} s, ${Math.round(sent / seconds)} msg/s, ${Math.round(peakMb)} MB peak RSS, ` +
      `429s ${fake.rateLimited()}` +
      (inbound ? `, inbound p99 ${Math.round(inbound.p99Ms)} ms` : ""),
  );
  if (inbound && options.twilioLatency > 0 && Number.isFinite(options.twilioConcurrency))
    printShareOfWhatRepliesLeave(sent / seconds, inbound);
}

/**
 * With Twilio's limit on requests in flight, replies at R a second that each hold a slot for the
 * latency L leave the fan-out (limit - R x L) slots, so (limit - R x L) / L texts a second; the
 * fan-out should keep at least 90% of that, and replies' p99 stay under 500 ms.
 */
function printShareOfWhatRepliesLeave(fanoutRate: number, inbound: InboundFigures) {
  const latency = options.twilioLatency / 1000;
  const replyRate = inbound.requests / inbound.seconds;
  const slotsLeft = options.twilioConcurrency - replyRate * latency;
  const ceiling = slotsLeft / latency;
  const share = fanoutRate / ceiling;
  console.log(
    `share: replies ${replyRate.toFixed(0)}/s hold ${(replyRate * latency).toFixed(0)} of ` +
      `${options.twilioConcurrency} slots, leaving ${ceiling.toFixed(0)} texts/s; the fan-out sent ` +
      `${fanoutRate.toFixed(0)}/s, ${(share * 100).toFixed(0)}% (target at least 90%); replies p99 ` +
      `${inbound.p99Ms.toFixed(0)} ms (target under 500 ms)`,
  );
}

/** The tick inside the production server, with inbound replies (--inbound). */
async function runServer({ fake, dir, databasePath }: Setup) {
  const perZone = ZONES.map((_, zone) => {
    const phones: string[] = [];
    for (let i = zone; i < options.users; i += ZONES.length) phones.push(phoneOf(i));
    return phones;
  });
  const run = await runInServer({
    databasePath,
    dueAt: T,
    port: PORT,
    inboundRate: options.inbound ?? 0,
    maxPerSecond: options.maxPerSecond ?? MAX_PER_SECOND,
    maxConcurrency: options.maxConcurrency ?? MAX_CONCURRENCY,
    phonesInSendOrder: perZone.flat(),
    dir,
    profileDir: options.cpuProf ? profileDirectory() : undefined,
    twilio: { url: fake.url, accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM },
  });
  const report = run.report;
  console.log(
    `run 1 (in the server): ${run.seconds.toFixed(1)} s; claimed ${report.claimed}, sent ${report.sent}, ` +
      `skipped ${report.skipped}, expired ${report.expired}, failed ${report.failed}, retrying ${report.retried}; ` +
      `report.transactions ${report.transactions}; RSS ${run.rssBeforeTickMb.toFixed(0)} MB before the tick, ` +
      `peak ${run.peakRssMb.toFixed(0)} MB; CPU: server process ${run.cpuSeconds.toFixed(1)} s during the tick ` +
      `(${((run.cpuSeconds * 1000) / Math.max(1, report.sent)).toFixed(3)} ms per text, inbound included), ` +
      `${run.cpuSecondsBefore.toFixed(1)} s in the 5 s before it`,
  );
  console.log(`outbound gate after the tick: ${run.gate.join("; ")}`);
  for (const [when, f] of [
    ["5 s before the fan-out", run.inboundBefore],
    ["during the fan-out", run.inboundDuring],
  ] as const) {
    if (!f) continue;
    console.log(
      `inbound ${when}: ${f.requests} replies, median ${f.medianMs.toFixed(1)} ms, ` +
        `p99 ${f.p99Ms.toFixed(1)} ms, max ${f.maxMs.toFixed(0)} ms, non-2xx ${f.non2xx}, errors ${f.errors}`,
    );
  }
  return {
    result: {
      killed: false,
      seconds: run.seconds,
      transactions: report.transactions,
      peakRssMb: run.peakRssMb,
    },
    inbound: run.inboundDuring,
  };
}

type WorkerResult = {
  report: TickReport;
  seconds: number;
  commits: number;
  transactionSeconds: number;
  cpuSeconds: number;
  maxRssMb: number;
  loopDelayMs: { p99: number; max: number; longestTransaction: number };
};

type RunResult = {
  killed: boolean;
  seconds: number;
  transactions: number;
  peakRssMb: number;
};

/**
 * Runs one tick in a new process. With `killAfter`, SIGKILLs it the moment the fake has accepted that
 * many texts in all (counted at the fake, so the last ones may still be on their way back).
 */
async function runWorker(
  { fake, dir, databasePath, workerBundle }: Setup,
  run: number,
  killAfter?: number,
): Promise<RunResult> {
  const commitsFile = path.join(dir, `commits-${run}.txt`);
  const profileDir = profileDirectory();
  if (options.cpuProf) console.log(`CPU profile of run ${run} goes to ${profileDir}`);
  const child = spawn(
    process.execPath,
    [
      ...(options.cpuProf ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : []),
      ...(options.tsx ? ["--import", "tsx", WORKER_SOURCE] : [workerBundle!]),
      "--at",
      tickAt.toISOString(),
      "--commits",
      commitsFile,
      ...(options.traceMemory ? ["--trace-memory"] : []),
    ],
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        SESSION_SECRET: "bench-session-secret-0123456789abcdef",
        DATABASE_PATH: databasePath,
        LITEFS_DIR: "",
        CRON_ENABLED: "false",
        APP_URL: "http://127.0.0.1:9",
        SMS_TRANSPORT: "twilio",
        TWILIO_API_URL: fake.url,
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        TWILIO_FROM_NUMBER: FROM,
        TWILIO_MESSAGING_SERVICE_SID: "",
        SMS_MAX_PER_SECOND: String(options.maxPerSecond ?? MAX_PER_SECOND),
        SMS_MAX_CONCURRENCY: String(options.maxConcurrency ?? MAX_CONCURRENCY),
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  children.add(child);
  let peakKb = 0;
  const pollRss = () => {
    try {
      const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
      if (hwm) peakKb = Math.max(peakKb, Number(hwm[1]));
    } catch {
      // ended
    }
  };
  const poller = setInterval(pollRss, 50);
  const seen: { tickStarted?: number; result?: WorkerResult } = {};
  const parentCpu = process.cpuUsage();
  createInterface({ input: child.stdout! }).on("line", (line) => {
    if (line === "tick-start") seen.tickStarted = performance.now();
    else if (line.startsWith("tick-result ")) seen.result = JSON.parse(line.slice(12));
    else console.log(`[worker ${run}] ${line}`);
  });

  let killed = false;
  if (killAfter !== undefined) {
    // Checked on every text the fake accepts, before it answers: the kill lands between a send and
    // its recorded result, with Twilio having accepted texts whose answer the process never reads.
    fake.onAccepted((count) => {
      if (killed || count < killAfter) return;
      pollRss();
      killed = child.kill("SIGKILL");
    });
  }
  const timeout = setTimeout(() => child.kill("SIGKILL"), WORKER_TIMEOUT_MS);
  // "close" comes after the process ended and its output was read to the end.
  const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve) => child.on("close", (code, signal) => resolve({ code, signal })),
  );
  const ended = performance.now();
  const fakeCpu = process.cpuUsage(parentCpu);
  const fakeCpuSeconds = (fakeCpu.user + fakeCpu.system) / 1e6;
  clearTimeout(timeout);
  clearInterval(poller);
  fake.onAccepted(null);
  children.delete(child);

  const commits = Number(readFileSync(commitsFile, "utf8").trim() || 0);
  if (killed) {
    const seconds = seen.tickStarted ? (ended - seen.tickStarted) / 1000 : 0;
    console.log(
      `run ${run}: killed after ${seconds.toFixed(1)} s of tick with ${fake.accepted()} texts at the fake; ` +
        `${commits} write transactions committed; peak RSS ${(peakKb / 1024).toFixed(0)} MB`,
    );
    return { killed, seconds, transactions: commits, peakRssMb: peakKb / 1024 };
  }
  const done = seen.result;
  if (exit.code !== 0 || !done)
    throw new Error(`worker ${run} exited with ${exit.signal ?? exit.code} and no result`);
  const report = done.report;
  console.log(
    `run ${run}: ${done.seconds.toFixed(1)} s; claimed ${report.claimed}, sent ${report.sent}, reconciled ${report.reconciled}, ` +
      `skipped ${report.skipped}, expired ${report.expired}, failed ${report.failed}, retrying ${report.retried}; ` +
      `report.transactions ${report.transactions} (commits counted in the process: ${done.commits}); ` +
      `peak RSS ${Math.max(peakKb / 1024, done.maxRssMb).toFixed(0)} MB; ` +
      `CPU: tick process ${done.cpuSeconds.toFixed(1)} s ` +
      `(${((done.cpuSeconds * 1000) / Math.max(1, report.sent)).toFixed(3)} ms per text; ` +
      `${done.transactionSeconds.toFixed(1)} s in write transactions), fake Twilio (this process) ${fakeCpuSeconds.toFixed(1)} s; ` +
      `event loop delay p99 ${done.loopDelayMs.p99.toFixed(0)} ms, max ${done.loopDelayMs.max.toFixed(0)} ms ` +
      `(longest write transaction ${done.loopDelayMs.longestTransaction.toFixed(0)} ms)`,
  );
  if (report.transactions !== done.commits)
    console.log(
      `WARNING: the report counts ${report.transactions} transactions, the process committed ${done.commits}`,
    );
  return {
    killed,
    seconds: done.seconds,
    transactions: report.transactions,
    peakRssMb: Math.max(peakKb / 1024, done.maxRssMb),
  };
}

type Fake = {
  url: string;
  accepted(): number;
  listRequests(): number;
  maxConnections(): number | null;
  rateLimited(): number;
  messages(): Iterable<{ to: string; body: string }>;
  onAccepted(callback: ((count: number) => void) | null): void;
  stop(): Promise<void>;
};

/** The lean fake of scripts/bench, or with --tests-fake the one the tests use (slower per request). */
async function startFake(testsFake: boolean): Promise<Fake> {
  const credentials = { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN };
  if (!testsFake) {
    const lean = await startLeanTwilio({
      ...credentials,
      latencyMs: options.twilioLatency,
      maxInFlight: options.twilioConcurrency,
    });
    return {
      url: lean.url,
      accepted: () => lean.stats.accepted,
      listRequests: () => lean.stats.listRequests,
      maxConnections: () => lean.stats.maxConnections,
      rateLimited: () => lean.stats.rateLimited,
      messages: () => [...lean.byPhone.values()].flat(),
      onAccepted: lean.onAccepted,
      stop: lean.stop,
    };
  }
  const full = await startFakeTwilio(credentials);
  const push = full.messages.push;
  let callback: ((count: number) => void) | null = null;
  full.messages.push = function (...items) {
    const length = push.apply(this, items);
    callback?.(length);
    return length;
  };
  return {
    url: full.url,
    accepted: () => full.messages.length,
    listRequests: () => full.requests.filter((r) => r.method === "GET").length,
    maxConnections: () => null,
    rateLimited: () => 0,
    messages: () => full.messages,
    onAccepted: (next) => (callback = next),
    stop: full.stop,
  };
}

/**
 * The worker and the app code it imports compiled into one ES module, the way the production build
 * runs the scheduler (inside remix-serve's bundle): measured with tsx instead (--tsx), the process also
 * carries tsx's module-loader thread, about 35 MB of RSS that production does not have.
 */
async function bundleWorker() {
  // Inside node_modules so that the packages left out of the bundle resolve from it.
  const outfile = path.resolve(`node_modules/.cache/bench-fanout/worker-${process.pid}.mjs`);
  await build({
    entryPoints: [WORKER_SOURCE],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile,
    external: Object.keys({ ...packageJson.dependencies, ...packageJson.devDependencies }),
    logLevel: "warning",
  });
  return outfile;
}

function profileDirectory() {
  const dir = path.join(os.tmpdir(), "coach-fanout-profiles");
  mkdirSync(dir, { recursive: true });
  return dir;
}

function parseArgs(argv: string[]) {
  const value = (name: string) => {
    const index = argv.indexOf(name);
    return index >= 0 ? argv[index + 1] : undefined;
  };
  const users = Number(value("--users") ?? 100_000);
  if (!Number.isInteger(users) || users < 1) throw new Error("--users must be a positive integer");
  const inbound = value("--inbound") === undefined ? null : Number(value("--inbound"));
  if (inbound !== null && !(Number.isInteger(inbound) && inbound >= 0))
    throw new Error("--inbound must be a whole number of requests a second");
  if (inbound !== null && (argv.includes("--crash") || argv.includes("--tsx")))
    throw new Error("--inbound runs the tick in the server: --crash and --tsx do not apply");
  const maxPerSecond =
    value("--max-per-second") === undefined ? null : Number(value("--max-per-second"));
  if (maxPerSecond !== null && !(Number.isInteger(maxPerSecond) && maxPerSecond >= 1))
    throw new Error("--max-per-second must be a positive whole number");
  const maxConcurrency =
    value("--max-concurrency") === undefined ? null : Number(value("--max-concurrency"));
  if (maxConcurrency !== null && !(Number.isInteger(maxConcurrency) && maxConcurrency >= 1))
    throw new Error("--max-concurrency must be a positive whole number");
  return {
    inbound,
    maxPerSecond,
    maxConcurrency,
    port: Number(value("--port") ?? 3500),
    users,
    crash: argv.includes("--crash"),
    seed: Number(value("--seed") ?? Math.floor(Math.random() * 2 ** 31)),
    cpuProf: argv.includes("--cpu-prof"),
    keep: argv.includes("--keep"),
    traceMemory: argv.includes("--trace-memory"),
    tsx: argv.includes("--tsx"),
    testsFake: argv.includes("--tests-fake"),
    twilioLatency: Number(value("--twilio-latency") ?? 0),
    twilioConcurrency: Number(value("--twilio-concurrency") ?? Infinity),
  };
}

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
