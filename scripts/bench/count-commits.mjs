// Preloaded into the benchmark's server (node --import, through NODE_OPTIONS) by `npm run bench:litefs`:
// counts the write transactions the process commits, whatever code makes them, and appends
// `REAL_EPOCH_MS COUNT` to BENCH_COMMITS_FILE every 100 ms. A commit is an autocommit statement that
// writes, or the end of a transaction in which a statement wrote (better-sqlite3's transaction
// functions, or BEGIN … COMMIT run as statements); a read transaction or a rollback is not one.
// Never loaded by the app itself.
import { appendFileSync } from "node:fs";
import Database from "better-sqlite3";

const file = process.env.BENCH_COMMITS_FILE;
if (!file) throw new Error("count-commits: BENCH_COMMITS_FILE is not set");

let commits = 0;
let wrote = false;
const ended = (committed) => {
  if (wrote && committed) commits += 1;
  wrote = false;
};

const probe = new Database(":memory:");
const statementProto = Object.getPrototypeOf(probe.prepare("select 1"));
probe.close();
for (const method of ["run", "get", "all", "iterate"]) {
  const original = statementProto[method];
  statementProto[method] = function (...args) {
    const before = this.database.inTransaction;
    let result;
    try {
      result = original.apply(this, args);
    } finally {
      const after = this.database.inTransaction;
      if (!this.readonly) {
        if (!before && !after)
          commits += 1; // autocommit
        else wrote = true;
      }
      if (before && !after) ended(!/^\s*rollback\b/i.test(this.source));
    }
    return result;
  };
}
const originalTransaction = Database.prototype.transaction;
Database.prototype.transaction = function (fn) {
  const inTransaction = () => this.inTransaction;
  const transaction = originalTransaction.call(this, fn);
  const counting = (run) =>
    function (...args) {
      const outermost = !inTransaction();
      try {
        const result = run.apply(this, args);
        if (outermost) ended(true);
        return result;
      } catch (error) {
        if (outermost) ended(false);
        throw error;
      }
    };
  const wrapped = counting(transaction);
  for (const kind of ["default", "deferred", "immediate", "exclusive"])
    wrapped[kind] = counting(transaction[kind]);
  return wrapped;
};

const real = () => Math.round(performance.timeOrigin + performance.now());
setInterval(() => appendFileSync(file, `${real()} ${commits}\n`), 100).unref();
