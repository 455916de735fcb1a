import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

export function openDatabase(file: string) {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  beginTransactionsImmediately(sqlite);
  return sqlite;
}

/**
 * Every transaction begins IMMEDIATE, drizzle's too. A deferred one that reads and then writes fails
 * at once with "database is locked" when another connection (a script, a backup, a test) wrote after
 * its read began: busy_timeout cannot help it. Taking the write lock at BEGIN waits its turn instead.
 */
function beginTransactionsImmediately(sqlite: Database.Database) {
  const transaction = sqlite.transaction.bind(sqlite);
  sqlite.transaction = ((fn: Parameters<typeof transaction>[0]) => {
    const run = transaction(fn);
    return Object.assign((...args: unknown[]) => run.immediate(...args), {
      default: run.immediate,
      deferred: run.immediate,
      immediate: run.immediate,
      exclusive: run.exclusive,
    });
  }) as typeof sqlite.transaction;
}

/**
 * The same connection, but `prepare` hands back the already compiled statement for SQL it has seen.
 * drizzle prepares on every query and SQLite's compile is a large part of a short request; the SQL
 * texts drizzle builds are few, so a bounded cache keeps them all. A statement is stateless between
 * runs except its raw mode, which drizzle sets itself when it wants it, so that is reset on reuse.
 */
export function withStatementCache(sqlite: Database.Database, size = 500): Database.Database {
  const cache = new Map<string, Database.Statement>();
  const prepare = (source: string) => {
    const cached = cache.get(source);
    if (cached) {
      cache.delete(source);
      cache.set(source, cached);
      if (cached.reader) cached.raw(false);
      return cached;
    }
    const statement = sqlite.prepare(source);
    cache.set(source, statement);
    if (cache.size > size) cache.delete(cache.keys().next().value!);
    return statement;
  };
  return new Proxy(sqlite, {
    get: (target, key) => (key === "prepare" ? prepare : Reflect.get(target, key, target)),
  });
}
