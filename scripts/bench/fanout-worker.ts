import { closeSync, openSync, writeSync } from "node:fs";
import { monitorEventLoopDelay } from "node:perf_hooks";
import Database from "better-sqlite3";

/**
 * One scheduler tick in its own process, for `npm run bench:fanout` (scripts/bench/fanout.ts starts it
 * with the environment already pointing at the benchmark's database and fake Twilio).
 *
 * Usage: node --import tsx scripts/bench/fanout-worker.ts --at ISO --commits FILE
 *
 * The sends are paced by the outbound gate under SMS_MAX_PER_SECOND and SMS_MAX_CONCURRENCY (env).
 *
 * Prints `tick-start` when the tick begins and `tick-result {json}` when it ends. Every write
 * transaction the process commits is counted and the running count written to FILE at once (a file
 * survives SIGKILL), so a run that is killed half way still reports how many transactions it made.
 */

const arg = (name: string) => {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? process.argv[index + 1] : undefined;
  if (!value) throw new Error(`fanout-worker: missing ${name}`);
  return value;
};
const at = new Date(arg("--at"));
const commitsFd = openSync(arg("--commits"), "w");

// Count commits: a transaction function returning at the outermost level, or a writing statement run
// outside a transaction (autocommit). Patched before any app module opens the database.
let commits = 0;
let active = false;
/** Milliseconds spent inside write transactions (claims and results), for the report. */
let transactionMs = 0;
let longestTransactionMs = 0;
const commit = () => {
  if (!active) return;
  commits += 1;
  writeSync(commitsFd, `${String(commits).padStart(12, " ")}\n`, 0);
};
const probe = new Database(":memory:");
type AnyFn = (this: unknown, ...args: unknown[]) => unknown;
const statementProto = Object.getPrototypeOf(probe.prepare("select 1")) as Record<string, AnyFn>;
probe.close();
for (const method of ["run", "get", "all", "iterate"]) {
  const original = statementProto[method]!;
  statementProto[method] = function (this: Database.Statement, ...args: unknown[]) {
    const autocommit = !this.readonly && !this.database.inTransaction;
    const result = original.apply(this, args);
    if (autocommit) commit();
    return result;
  } as AnyFn;
}
const databaseProto = Database.prototype as unknown as Record<string, AnyFn>;
const originalTransaction = databaseProto.transaction!;
databaseProto.transaction = function (this: Database.Database, fn: unknown) {
  const transaction = originalTransaction.call(this, fn) as AnyFn & Record<string, AnyFn>;
  const inTransaction = () => this.inTransaction;
  const counting = (run: AnyFn) =>
    function (this: unknown, ...args: unknown[]) {
      const outermost = !inTransaction();
      const started = performance.now();
      const result = run.apply(this, args);
      if (outermost) {
        const ms = performance.now() - started;
        transactionMs += ms;
        longestTransactionMs = Math.max(longestTransactionMs, ms);
        commit();
      }
      return result;
    } as AnyFn & Record<string, AnyFn>;
  const counted = counting(transaction);
  for (const variant of ["deferred", "immediate", "exclusive"])
    counted[variant] = counting(transaction[variant]!);
  return counted;
} as AnyFn;

const { runTick } = await import("~/scheduler/tick.server");

if (process.argv.includes("--trace-memory")) {
  const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
  const show = (when: string) => {
    const m = process.memoryUsage();
    console.log(
      `${when}: rss ${mb(m.rss)} MB, heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} MB, external ${mb(m.external)} MB`,
    );
  };
  show("loaded");
  setInterval(() => show("memory"), 1000).unref();
}

console.log("tick-start");
// How long the tick holds the event loop at a time: what a request to the same process would wait.
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
active = true;
const started = performance.now();
const cpuBefore = process.cpuUsage();
const report = await runTick(at);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuBefore);
loopDelay.disable();
active = false;
closeSync(commitsFd);
console.log(
  `tick-result ${JSON.stringify({
    report,
    seconds,
    commits,
    transactionSeconds: transactionMs / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    loopDelayMs: {
      p99: loopDelay.percentile(99) / 1e6,
      max: loopDelay.max / 1e6,
      longestTransaction: longestTransactionMs,
    },
  })}`,
);
process.exit(0);
