import type Database from "better-sqlite3";

type Job = {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};
type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Group commit: the writes asked for in one turn of the event loop, or within a window after the first,
 * run in ONE write transaction (IMMEDIATE), each in its own SAVEPOINT, so a write that throws undoes only itself. Each promise
 * settles after the COMMIT, so a caller never answers for a write that is not durable yet. On LiteFS
 * every commit is a round of FUSE calls and an LTX file, and its cost, not the SQL, limits how many
 * writes a second one primary takes (docs/decisions/0010-group-commit.md).
 *
 * The window is `windowPerCommit` times what a COMMIT has cost lately, at most `maxWindowMs`: where
 * commits are cheap (a plain file) a batch closes at the end of the turn and adds no wait; where they
 * are dear (LiteFS) it waits for a few commits' worth of time to gather more writes into one.
 *
 * The work is synchronous (better-sqlite3), and runs later than the call: it reads what it needs inside
 * itself. Called inside a transaction already open on this connection, it runs at once, as part of it.
 * If COMMIT (or BEGIN) fails, or a job's error ends the whole transaction, every job of the batch is
 * refused with that error: none of their writes were kept.
 */
export function createGroupCommit(
  sqlite: Database.Database,
  {
    maxWindowMs = 0,
    windowPerCommit = 8,
    /** Milliseconds, for timing commits; tests give commits the cost they need. */
    clock = () => performance.now(),
  } = {},
) {
  const begin = sqlite.prepare("begin immediate");
  const commit = sqlite.prepare("commit");
  const rollback = sqlite.prepare("rollback");
  const savepoint = sqlite.prepare("savepoint group_commit_job");
  const release = sqlite.prepare("release group_commit_job");
  const rollbackToSavepoint = sqlite.prepare("rollback to group_commit_job");
  let queue: Job[] = [];
  // How long a COMMIT has taken lately (a moving average), in ms.
  let commitMs = 0;

  function runJob(job: Job): Outcome {
    savepoint.run();
    try {
      const value = job.work();
      if (value instanceof Promise) throw new TypeError("group commit work must be synchronous");
      release.run();
      return { ok: true, value };
    } catch (error) {
      // An I/O or disk-full error may have rolled the whole transaction back already.
      if (sqlite.inTransaction) {
        rollbackToSavepoint.run();
        release.run();
      }
      return { ok: false, error };
    }
  }

  function flush() {
    const jobs = queue;
    queue = [];
    const outcomes: Outcome[] = [];
    try {
      begin.run();
      for (const job of jobs) {
        const outcome = runJob(job);
        if (!sqlite.inTransaction)
          throw outcome.ok ? new Error("transaction ended") : outcome.error;
        outcomes.push(outcome);
      }
      const started = clock();
      commit.run();
      commitMs = commitMs * 0.8 + (clock() - started) * 0.2;
    } catch (error) {
      if (sqlite.inTransaction) rollback.run();
      for (const job of jobs) job.reject(error);
      return;
    }
    jobs.forEach((job, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  }

  return function inGroupCommit<T>(work: () => T): Promise<T> {
    if (sqlite.inTransaction) {
      try {
        return Promise.resolve(work());
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      // Everything queued by the requests read in this turn (one poll of the event loop), or within
      // the window, goes together.
      if (queue.length === 1) {
        const window = Math.min(maxWindowMs, windowPerCommit * commitMs);
        if (window >= 1) setTimeout(flush, window);
        else setImmediate(flush);
      }
    });
  };
}
