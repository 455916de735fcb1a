import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { openDatabase } from "../../db/connection";
import { templates } from "../../app/replies/templates";
import { createNode, findLiteFs, unmount, type LiteFsNode } from "../../tests/litefs/cluster";
import { plainServer, runInServer } from "./fanout-server";
import type { Launcher, ServerRunOptions, ServerRunResult } from "./fanout-server";
import { percentile } from "./server";
import { findInstant, phoneOf, seedUsers, ZONES } from "./fanout-seed";
import { startLeanTwilio } from "./fanout-twilio";

// Usage: npm run bench:litefs -- [--users N] [--rate RPS] [--seconds S] [--rounds N] [--direct]
//          [--passthrough] [--keep]
//
// Write throughput through LiteFS's FUSE mount against a plain file, side by side in one run. Each leg
// seeds N users (all due the same morning minute, as bench:fanout does) and times one connection
// committing one row at a time for 3 s in a database of its own beside the app's (what the storage
// allows); then it starts the production build with its cron on and its clock moved
// (scripts/bench/shifted-clock.mjs) so that the morning tick fires LEAD_MS after start-up, sends
// signed inbound replies at RPS a second for S seconds from start-up (open loop,
// scripts/bench/inbound-replies.ts, timed from when each was due), and lets the fan-out run alone at
// the tick. The plain leg runs remix-serve on a file in a temp dir; the LiteFS leg runs it as a LiteFS
// node's exec (tests/litefs/cluster.ts: the shipped litefs.yml, a static lease, this node the primary,
// on ports 3620-3623), the replies going through LiteFS's proxy. Legs alternate (plain, LiteFS, LiteFS,
// plain, …) so that load from others on the machine falls on both; compare them as ratios.
//
// Write transactions are counted twice: in the server (scripts/bench/count-commits.mjs, preloaded: every
// commit the process makes) and, on LiteFS, by LiteFS itself (the TXID in the database's -pos file,
// one per transaction it replicates). Prints lines per leg and a table at the end; exits 1 when a reply
// failed or the fan-out texted someone twice or not at all. Whatever way it ends, it kills what it
// started, unmounts the FUSE directory and removes its temp dirs (unless --keep). --direct posts the
// LiteFS leg's replies to the app itself rather than through LiteFS's proxy: what the proxy costs;
// --passthrough adds /webhooks/* to the proxy's passthrough list (no TXID work, the same hop).

const options = parseArgs(process.argv.slice(2));
const ACCOUNT_SID = `AC${"c".repeat(32)}`;
const AUTH_TOKEN = "bench-litefs-auth-token";
const FROM = "+15005550006";
/** Start-up to the tick: the replies (sent for options.seconds from start-up) are over by then. */
const LEAD_MS = 45_000;
/** How long probeCommits writes. */
const PROBE_MS = 3_000;
const PLAIN_PORT = 3600; // its metrics on 3601
const LITEFS_PORTS = { proxy: 3620, app: 3622, http: 3623 }; // the app's metrics on 3621
const COUNT_COMMITS = path.resolve("scripts/bench/count-commits.mjs");
const MORNING = templates.morningQuestion();
const T = findInstant();

type Kind = "plain" | "litefs";
/** The replies: sent at RATE for SECONDS, measured from the first one due to the last one answered. */
type Inbound = {
  replies: number;
  p50: number;
  p99: number;
  failed: number;
  seconds: number;
  tx: number;
  txid: number | null;
  /** CPU seconds in the same span: the app's, and LiteFS's (its proxy and its FUSE server). */
  appCpu: number;
  litefsCpu: number | null;
};
type Fanout = {
  sent: number;
  duplicates: number;
  seconds: number;
  tx: number;
  txid: number | null;
};
type Leg = { kind: Kind; inbound: Inbound; fanout: Fanout; rawCommitsPerSecond: number };

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
  const cpu: Cpu = { app: [], litefs: [] };
  try {
    let databasePath = path.join(dir, "app.db");
    let launch: (options: ServerRunOptions) => Launcher = plainServer;
    let litefsPid: () => number | undefined = () => undefined;
    let rawCommitsPerSecond = 0;
    if (kind === "litefs") {
      const seeded = await seededNode(dir, binary);
      databasePath = seeded.node.databasePath;
      launch = () => launchNode(seeded, txids);
      litefsPid = () => seeded.node.pid();
      rawCommitsPerSecond = seeded.rawCommitsPerSecond;
    } else {
      seedUsers(databasePath, options.users, T);
      rawCommitsPerSecond = probeCommits(dir);
    }
    const runOptions: ServerRunOptions = {
      databasePath,
      dueAt: T,
      port: kind === "litefs" ? LITEFS_PORTS.proxy : PLAIN_PORT,
      inboundRate: options.rate,
      maxPerSecond: 10_000,
      maxConcurrency: 100,
      phonesInSendOrder: phonesInSendOrder(),
      dir,
      twilio: { url: fake.url, accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM },
      env: { BENCH_COMMITS_FILE: commitsFile },
      preloads: [COUNT_COMMITS],
      leadMs: LEAD_MS,
      inboundSeconds: options.seconds,
      // --direct: to the app itself, past LiteFS's proxy (which Fly.io's traffic never skips).
      ...(kind === "litefs" && options.direct
        ? { inboundUrl: `http://127.0.0.1:${LITEFS_PORTS.app}/webhooks/twilio/messages` }
        : {}),
    };
    const run = await runInServer({
      ...runOptions,
      launch: sampleCpu(launch(runOptions), cpu, litefsPid),
    });
    const leg = {
      ...summarize(kind, run, readSeries(commitsFile), txids, cpu, fake.byPhone),
      rawCommitsPerSecond,
    };
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
    ...(options.passthrough ? { extraPassthrough: ["/webhooks/*"] } : {}),
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
  const rawCommitsPerSecond = probeCommits(node.fuseDir);
  await node.stop();
  return {
    node,
    rawCommitsPerSecond,
    /** A fresh stream for LiteFS's stdout from the next start on. */
    nextStdout: () => (stdout = new PassThrough()),
  };
}

/**
 * The commits a second one connection makes in a database of its own in `dir` (the FUSE mount, or the
 * plain leg's folder), one row each, with the app's settings (WAL, synchronous NORMAL): what the
 * storage allows whatever the app does per commit.
 */
function probeCommits(dir: string) {
  const probe = openDatabase(path.join(dir, "probe.db"));
  try {
    probe.pragma("journal_mode = WAL");
    probe.exec("create table probe (id integer primary key, at integer not null)");
    const insert = probe.prepare("insert into probe (at) values (?)");
    const started = performance.now();
    let commits = 0;
    while (performance.now() - started < PROBE_MS) {
      insert.run(Date.now());
      commits += 1;
    }
    return commits / ((performance.now() - started) / 1000);
  } finally {
    probe.close();
  }
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

type Cpu = { app: [number, number][]; litefs: [number, number][] };

/** The app's and LiteFS's CPU seconds so far, every 100 ms while the server runs. */
function sampleCpu(launch: Launcher, cpu: Cpu, litefsPid: () => number | undefined): Launcher {
  return async (env) => {
    const server = await launch(env);
    const timer = setInterval(() => {
      const now = Date.now();
      cpu.app.push([now, cpuSeconds(server.pid)]);
      const litefs = litefsPid();
      if (litefs) cpu.litefs.push([now, cpuSeconds(litefs)]);
    }, 100);
    return {
      ...server,
      async stop() {
        clearInterval(timer);
        await server.stop();
      },
    };
  };
}

function cpuSeconds(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ
  } catch {
    return 0;
  }
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
  cpu: Cpu,
  byPhone: Map<string, { body: string }[]>,
): Omit<Leg, "rawCommitsPerSecond"> {
  const count = (series: [number, number][], from: number, to: number) =>
    at(series, to) - at(series, from);
  const latencies = run.answers.map((a) => a.ms).sort((x, y) => x - y);
  const from = Math.min(...run.answers.map((a) => a.due));
  const to = Math.max(...run.answers.map((a) => a.due + a.ms));
  if (to > run.startedAt)
    console.log(`WARNING: [${kind}] replies were still answered after the tick began`);
  let sent = 0;
  let duplicates = 0;
  for (const texts of byPhone.values()) {
    const mornings = texts.filter((t) => t.body === MORNING).length;
    if (mornings > 0) sent += 1;
    duplicates += Math.max(0, mornings - 1);
  }
  return {
    kind,
    inbound: {
      replies: run.answers.length,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      failed: run.answers.filter((a) => a.status < 200 || a.status >= 300).length,
      seconds: (to - from) / 1000,
      tx: count(commits, from, to),
      txid: txids.length ? count(txids, from, to) : null,
      appCpu: count(cpu.app, from, to),
      litefsCpu: cpu.litefs.length ? count(cpu.litefs, from, to) : null,
    },
    fanout: {
      sent,
      duplicates,
      seconds: run.seconds,
      tx: count(commits, run.startedAt, run.finishedAt),
      txid: txids.length ? count(txids, run.startedAt, run.finishedAt) : null,
    },
  };
}

// Declarations, not constants: main() runs (top-level await) before the file's later lines.
function txPerSecond(x: { tx: number; seconds: number }) {
  return x.tx / x.seconds;
}
function repliesPerSecond(x: Inbound) {
  return x.replies / x.seconds;
}
function fanoutRate(x: Fanout) {
  return x.sent / x.seconds;
}

function describe({ kind, inbound: i, fanout: f, rawCommitsPerSecond }: Leg) {
  const txid = (n: number | null) => (n === null ? "" : ` (LiteFS TXID +${n})`);
  return (
    `[${kind}] one connection committing one row at a time: ${rawCommitsPerSecond.toFixed(0)} tx/s\n` +
    `[${kind}] replies: ${i.replies} at ${options.rate}/s for ${options.seconds} s, all answered in ` +
    `${i.seconds.toFixed(1)} s (${repliesPerSecond(i).toFixed(0)}/s), p50 ${i.p50.toFixed(1)} ms, ` +
    `p99 ${i.p99.toFixed(1)} ms from when each was due, ${i.failed} failed; ${i.tx} write tx${txid(i.txid)} ` +
    `= ${txPerSecond(i).toFixed(0)} tx/s, ${(i.tx / Math.max(1, i.replies)).toFixed(2)} tx per reply; CPU ` +
    `per reply: app ${((i.appCpu * 1000) / i.replies).toFixed(2)} ms` +
    (i.litefsCpu === null ? "" : `, LiteFS ${((i.litefsCpu * 1000) / i.replies).toFixed(2)} ms`) +
    "\n" +
    `[${kind}] fan-out: ${f.sent} of ${options.users} texted, ${f.duplicates} duplicates, in ` +
    `${f.seconds.toFixed(1)} s = ${fanoutRate(f).toFixed(0)} msg/s; ${f.tx} write tx${txid(f.txid)} ` +
    `= ${txPerSecond(f).toFixed(0)} tx/s`
  );
}

function printTable(legs: Leg[]) {
  const cell = (n: number, digits = 0) => n.toFixed(digits).padStart(8);
  console.log(
    [
      "",
      `${options.rate} replies/s offered for ${options.seconds} s; p50/p99 from when each reply was due`,
      "| leg    | raw tx/s | replies/s | write tx/s | tx/reply | p50 ms | p99 ms | fan-out msg/s | fan-out tx/s |",
      "|--------|---------:|----------:|-----------:|---------:|-------:|-------:|--------------:|-------------:|",
      ...legs.map(
        ({ kind, inbound: i, fanout: f, rawCommitsPerSecond }) =>
          `| ${kind.padEnd(6)} | ${cell(rawCommitsPerSecond)} | ${cell(repliesPerSecond(i))} | ${cell(txPerSecond(i))} | ` +
          `${cell(i.tx / Math.max(1, i.replies), 2)} | ${cell(i.p50, 1)} | ${cell(i.p99, 1)} | ` +
          `${cell(fanoutRate(f))} | ${cell(txPerSecond(f))} |`,
      ),
    ].join("\n"),
  );
  const mean = (kind: Kind, pick: (l: Leg) => number) => {
    const values = legs.filter((l) => l.kind === kind).map(pick);
    return values.reduce((a, b) => a + b, 0) / values.length;
  };
  const ratio = (pick: (l: Leg) => number) =>
    (mean("litefs", pick) / Math.max(1e-9, mean("plain", pick))).toFixed(2);
  console.log(
    `LiteFS / plain (means over legs): raw tx/s ${ratio((l) => l.rawCommitsPerSecond)}, replies/s ${ratio((l) => repliesPerSecond(l.inbound))}, ` +
      `write tx/s ${ratio((l) => txPerSecond(l.inbound))}, reply p50 ${ratio((l) => l.inbound.p50)}, ` +
      `p99 ${ratio((l) => l.inbound.p99)}, fan-out msg/s ${ratio((l) => fanoutRate(l.fanout))}`,
  );
  if (legs.some((l) => l.fanout.duplicates > 0 || l.fanout.sent < options.users)) {
    console.log("WARNING: a leg texted someone twice or missed someone");
    process.exitCode = 1;
  }
  if (legs.some((l) => l.inbound.failed > 0)) {
    console.log("WARNING: some replies failed");
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
    seconds: value("--seconds", 10),
    keep: argv.includes("--keep"),
    direct: argv.includes("--direct"),
    passthrough: argv.includes("--passthrough"),
  };
}
