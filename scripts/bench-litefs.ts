import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { templates } from "../app/sms/templates";
import { createNode, findLiteFs, unmount, type LiteFsNode } from "../tests/litefs/cluster";
import { runInServer, type Launcher, type ServerRunResult } from "./bench/fanout-server";
import { findInstant, phoneOf, seedUsers, ZONES } from "./bench/fanout-seed";
import { startLeanTwilio } from "./bench/fanout-twilio";

// Usage: npm run bench:litefs -- [--users N] [--rate RPS] [--rounds N] [--keep]
//
// Write throughput through LiteFS's FUSE mount against a plain file, side by side in one run: each leg
// seeds N users (all due the same morning minute, as bench:fanout does), starts the production build
// with its cron on and its clock moved (scripts/bench/shifted-clock.mjs) so the morning tick fires
// LEAD_MS after start-up, and sends signed inbound replies at RPS a second (open loop,
// scripts/bench/inbound-replies.ts) from before the tick until it ends. The plain leg runs remix-serve on
// a file in a temp dir; the LiteFS leg runs it as a LiteFS node's exec (tests/litefs/cluster.ts: the
// shipped litefs.yml, a static lease, this node the primary), the replies going through LiteFS's proxy.
// Legs alternate (plain, LiteFS, LiteFS, plain, …) so that load from others on the machine falls on both.
//
// Write transactions are counted twice: in the server (scripts/bench/count-commits.mjs, preloaded: every
// commit the process makes) and, on LiteFS, by LiteFS itself (the TXID in the database's -pos file,
// one per transaction it replicates). Prints one line per leg and a table at the end.

const options = parseArgs(process.argv.slice(2));
const ACCOUNT_SID = `AC${"c".repeat(32)}`;
const AUTH_TOKEN = "bench-litefs-auth-token";
const FROM = "+15005550006";
const LEAD_MS = 30_000;
/** Inbound replies alone, before the tick: the window the "inbound only" figures cover. */
const BEFORE_MS = 10_000;
const PLAIN_PORT = 3600; // its metrics on 3601
const LITEFS_PORTS = { proxy: 3620, app: 3622, http: 3623 }; // the app's metrics on 3621
const COUNT_COMMITS = path.resolve("scripts/bench/count-commits.mjs");
const MORNING = templates.morningQuestion();
const T = findInstant();

type Kind = "plain" | "litefs";
type Window = {
  replies: number;
  p50: number;
  p99: number;
  errors: number;
  tx: number;
  txid: number | null;
  seconds: number;
};
type Leg = {
  kind: Kind;
  inbound: Window;
  during: Window;
  sent: number;
  fanoutRate: number;
  duplicates: number;
};

/** Everything started, undone in reverse whatever way the run ends. */
const cleanups: (() => unknown)[] = [];
const killers = new Set<() => void>();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const kill of killers) kill();
    for (const cleanup of cleanups.reverse()) void cleanup(); // the synchronous ones finish here
    process.exit(130);
  });
}
try {
  await main();
} finally {
  for (const kill of killers) kill();
  for (const cleanup of cleanups.reverse()) await cleanup();
}

async function main() {
  const litefs = findLiteFs();
  if ("reason" in litefs) throw new Error(`LiteFS cannot run here: ${litefs.reason}`);
  console.log(
    `${litefs.version}; ${options.users} users due at ${T.toISOString()}; ${options.rate} replies/s; ` +
      `${options.rounds} round(s) of both legs; ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const legs: Leg[] = [];
  for (let round = 0; round < options.rounds; round++) {
    const order: Kind[] = round % 2 === 0 ? ["plain", "litefs"] : ["litefs", "plain"];
    for (const kind of order) legs.push(await runLeg(kind, litefs.binary));
  }
  printTable(legs);
}

async function runLeg(kind: Kind, binary: string): Promise<Leg> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `coach-bench-litefs-${kind}-`));
  const removeDir = () =>
    options.keep ? console.log(`kept ${dir}`) : rmSync(dir, { recursive: true, force: true });
  cleanups.push(removeDir);
  const fake = await startLeanTwilio({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  const stopFake = () => fake.stop();
  cleanups.push(stopFake);
  const commitsFile = path.join(dir, "commits.txt");
  const txids: [number, number][] = [];
  try {
    let databasePath = path.join(dir, "app.db");
    let launch: Launcher | undefined;
    if (kind === "litefs") {
      const seeded = await seededNode(dir, binary);
      databasePath = seeded.node.databasePath;
      launch = launchNode(seeded, txids);
    } else {
      seedUsers(databasePath, options.users, T);
    }
    const run = await runInServer({
      databasePath,
      dueAt: T,
      port: kind === "litefs" ? LITEFS_PORTS.proxy : PLAIN_PORT,
      inboundRate: options.rate,
      maxPerSecond: 10_000,
      maxConcurrency: 100,
      phonesInSendOrder: phonesInSendOrder(),
      dir,
      twilio: { url: fake.url, accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM },
      launch,
      env: { BENCH_COMMITS_FILE: commitsFile },
      preloads: [COUNT_COMMITS],
      leadMs: LEAD_MS,
      beforeMs: BEFORE_MS,
    });
    const leg = summarize(kind, run, readSeries(commitsFile), txids, fake.byPhone);
    console.log(describe(leg));
    return leg;
  } finally {
    await stopFake();
    cleanups.splice(cleanups.indexOf(stopFake), 1);
    removeDir();
    cleanups.splice(cleanups.indexOf(removeDir), 1);
  }
}

/** A LiteFS node (the primary) whose database holds the seeded users; stopped again after seeding. */
async function seededNode(dir: string, binary: string) {
  let stdout: PassThrough | null = null;
  const node = createNode(1, dir, {
    binary,
    env: {},
    ports: LITEFS_PORTS,
    onStdout: (chunk) => stdout?.write(chunk),
  });
  const kill = () => killNode(node);
  killers.add(kill);
  cleanups.push(() => {
    killers.delete(kill);
    return node.stop();
  });
  // The first start runs litefs.yml's exec: migrations on the candidate, then the app (cron off).
  await node.start();
  seedUsers(node.databasePath, options.users, T);
  await node.stop();
  return {
    node,
    /** A fresh stream for LiteFS's stdout from the next start on. */
    nextStdout: () => (stdout = new PassThrough()),
  };
}

/** Starts the seeded node again with the benchmark's environment; samples LiteFS's TXID meanwhile. */
function launchNode(
  { node, nextStdout }: Awaited<ReturnType<typeof seededNode>>,
  txids: [number, number][],
): Launcher {
  return async (env) => {
    Object.assign(node.env, env);
    const stdout = nextStdout();
    await node.start();
    const sampler = setInterval(() => {
      try {
        const txid = parseInt(readFileSync(`${node.databasePath}-pos`, "utf8").split("/")[0]!, 16);
        txids.push([Date.now(), txid]);
      } catch {
        // between mounts
      }
    }, 100);
    return {
      pid: appPid(node.pid()!),
      stdout,
      kill: () => killNode(node),
      async stop() {
        clearInterval(sampler);
        await node.stop();
      },
    };
  };
}

/** SIGKILL to LiteFS's process group (the app with it) and the FUSE directory unmounted, at once. */
function killNode(node: LiteFsNode) {
  const pid = node.pid();
  if (pid) {
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // gone
    }
  }
  try {
    unmount(node.fuseDir);
  } catch {
    spawnSync("fusermount3", ["-u", "-z", node.fuseDir]);
  }
}

/** The app LiteFS's exec started: remix-serve, a child of the `litefs mount` process. */
function appPid(litefsPid: number) {
  for (const entry of readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      const status = readFileSync(`/proc/${entry}/status`, "utf8");
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (
        /^PPid:\s+(\d+)/m.exec(status)?.[1] === String(litefsPid) &&
        cmdline.includes("build/index.js")
      )
        return Number(entry);
    } catch {
      // ended
    }
  }
  throw new Error(`no remix-serve under litefs (pid ${litefsPid})`);
}

/** The seeded phones in the order the tick texts them (zone by zone), as bench:fanout sends replies. */
function phonesInSendOrder() {
  return ZONES.flatMap((_, zone) => {
    const phones: string[] = [];
    for (let i = zone; i < options.users; i += ZONES.length) phones.push(phoneOf(i));
    return phones;
  });
}

function readSeries(file: string): [number, number][] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split(" ").map(Number) as [number, number]);
}

/** The series' value at an instant: its last sample at or before it. */
function at(series: [number, number][], time: number) {
  let value = series[0]?.[1] ?? 0;
  for (const [when, v] of series) {
    if (when > time) break;
    value = v;
  }
  return value;
}

function summarize(
  kind: Kind,
  run: ServerRunResult,
  commits: [number, number][],
  txids: [number, number][],
  byPhone: Map<string, { body: string }[]>,
): Leg {
  const window = (from: number, to: number, f: ServerRunResult["inboundBefore"]): Window => ({
    replies: f?.requests ?? 0,
    p50: f?.medianMs ?? 0,
    p99: f?.p99Ms ?? 0,
    errors: (f?.non2xx ?? 0) + (f?.errors ?? 0),
    tx: at(commits, to) - at(commits, from),
    txid: txids.length ? at(txids, to) - at(txids, from) : null,
    seconds: (to - from) / 1000,
  });
  let sent = 0;
  let duplicates = 0;
  for (const texts of byPhone.values()) {
    const mornings = texts.filter((t) => t.body === MORNING).length;
    if (mornings > 0) sent += 1;
    duplicates += Math.max(0, mornings - 1);
  }
  return {
    kind,
    inbound: window(run.startedAt - BEFORE_MS, run.startedAt, run.inboundBefore),
    during: window(run.startedAt, run.finishedAt, run.inboundDuring),
    sent,
    fanoutRate: run.report.sent / run.seconds,
    duplicates,
  };
}

function perSecond(w: Window) {
  return w.tx / w.seconds;
}

function describe(leg: Leg) {
  const w = (name: string, x: Window) =>
    `${name}: ${x.replies} replies, p50 ${x.p50.toFixed(1)} ms, p99 ${x.p99.toFixed(1)} ms, ` +
    `${x.errors} failed; ${x.tx} write tx in ${x.seconds.toFixed(1)} s = ${perSecond(x).toFixed(0)} tx/s` +
    (x.txid !== null ? ` (LiteFS TXID +${x.txid})` : "") +
    `, ${(x.tx / Math.max(1, x.replies)).toFixed(2)} tx per reply`;
  return (
    `[${leg.kind}] ${w("inbound only", leg.inbound)}\n` +
    `[${leg.kind}] ${w("during the fan-out", leg.during)}\n` +
    `[${leg.kind}] fan-out: ${leg.sent} of ${options.users} texted, ${leg.duplicates} duplicates, ` +
    `${leg.fanoutRate.toFixed(0)} msg/s`
  );
}

function printTable(legs: Leg[]) {
  const rows = legs.map(
    (l) =>
      `| ${l.kind.padEnd(6)} | ${perSecond(l.inbound).toFixed(0).padStart(5)} | ` +
      `${l.inbound.p50.toFixed(1).padStart(6)} | ${l.inbound.p99.toFixed(1).padStart(7)} | ` +
      `${perSecond(l.during).toFixed(0).padStart(5)} | ${l.during.p50.toFixed(1).padStart(6)} | ` +
      `${l.during.p99.toFixed(1).padStart(7)} | ${l.fanoutRate.toFixed(0).padStart(6)} |`,
  );
  console.log(
    [
      "",
      `${options.rate} replies/s offered; write tx/s counted in the server; p50/p99 from when each reply was due`,
      "| leg    | inbound only: tx/s | p50 ms | p99 ms | during fan-out: tx/s | p50 ms | p99 ms | fan-out msg/s |",
      "|--------|-------|--------|---------|-------|--------|---------|--------|",
      ...rows,
    ].join("\n"),
  );
  const mean = (kind: Kind, pick: (l: Leg) => number) => {
    const values = legs.filter((l) => l.kind === kind).map(pick);
    return values.reduce((a, b) => a + b, 0) / values.length;
  };
  const ratio = (pick: (l: Leg) => number) =>
    (mean("litefs", pick) / Math.max(1e-9, mean("plain", pick))).toFixed(2);
  console.log(
    `LiteFS / plain (means over legs): inbound tx/s ${ratio((l) => perSecond(l.inbound))}, ` +
      `inbound p99 ${ratio((l) => l.inbound.p99)}, fan-out msg/s ${ratio((l) => l.fanoutRate)}`,
  );
  if (legs.some((l) => l.duplicates > 0 || l.sent < options.users)) {
    console.log("WARNING: a leg texted someone twice or missed someone");
    process.exitCode = 1;
  }
}

function parseArgs(argv: string[]) {
  const value = (name: string, fallback: number) => {
    const index = argv.indexOf(name);
    const parsed = index >= 0 ? Number(argv[index + 1]) : fallback;
    if (!Number.isInteger(parsed) || parsed < 1)
      throw new Error(`${name} must be a positive integer`);
    return parsed;
  };
  return {
    users: value("--users", 20_000),
    rate: value("--rate", 300),
    rounds: value("--rounds", 1),
    keep: argv.includes("--keep"),
  };
}
