import type Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { openDatabase, withStatementCache } from "../../../db/connection";
import { createGroupCommit } from "../../../db/group-commit";
import * as schema from "../../../db/schema";
import { env } from "../env/env.server";

const globalForDb = globalThis as unknown as { __sqlite?: Database.Database };

// One connection per process, kept across dev rebuilds.
export const sqlite = (globalForDb.__sqlite ??= openDatabase(env.DATABASE_PATH));
export const db = drizzle(withStatementCache(sqlite), { schema });
export type Db = typeof db;
export { schema };

/**
 * A drizzle prepared query, built on first use and kept. Building a query costs far more than running
 * it (over 100 µs for a row of a wide table), so the queries every inbound text runs are prepared
 * once. Placeholders in a where clause take driver values (a timestamp as epoch milliseconds).
 */
export function preparedQuery<T>(build: () => T): () => T {
  let query: T | undefined;
  return () => (query ??= build());
}

/**
 * The longest a group commit gathers writes; it waits 8 times what a commit has cost lately, up to
 * this. On LiteFS each commit costs about 2.4 ms of its CPU: at 300 replies a second, a 10 ms window
 * makes it about 0.12 commits a reply instead of 0.4, which is what lets one primary hold that rate
 * through LiteFS's proxy; on a plain file, where a commit takes microseconds, nothing waits
 * (docs/decisions/0010-group-commit.md).
 */
export const GROUP_COMMIT_MAX_WINDOW_MS = 10;

/**
 * Runs a synchronous write in the next group commit: one transaction for every write asked for in this
 * turn of the event loop or the window after it, each in its own savepoint; resolves once committed
 * (db/group-commit.ts). For the write-heavy paths (an inbound text): on LiteFS the commits, not the
 * SQL, are what is scarce.
 */
export const inGroupCommit = createGroupCommit(sqlite, { maxWindowMs: GROUP_COMMIT_MAX_WINDOW_MS });

const beginRead = sqlite.prepare("begin deferred");
const endRead = sqlite.prepare("commit");

/**
 * Reads that belong together, in one read transaction: one consistent view, and SQLite's read lock
 * taken once instead of once per statement (on a machine with slow system calls, the larger cost).
 * Not `sqlite.transaction`, which begins IMMEDIATE (db/connection.ts): a read must neither wait for
 * the write lock nor take it, and a LiteFS replica has none to give. Inside a transaction, just reads.
 */
export function inOneRead<T>(read: () => T): T {
  if (sqlite.inTransaction) return read();
  beginRead.run();
  try {
    return read();
  } finally {
    if (sqlite.inTransaction) endRead.run();
  }
}

/** A UNIQUE constraint failure on the given column ("table.column"). */
export function isUniqueViolation(error: unknown, column: string) {
  return (
    error instanceof Error &&
    (error as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE" &&
    error.message.includes(column)
  );
}
