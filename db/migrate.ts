import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { openDatabase } from "./connection";
import { numberUnnumberedGoals } from "./day-numbers";

export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "migrations",
);

export function runMigrations(sqlite: Database.Database) {
  // WAL is a property of the file; it is set where migrations run: the primary (LiteFS candidate) only.
  sqlite.pragma("journal_mode = WAL");
  migrate(drizzle(sqlite), { migrationsFolder });
  numberUnnumberedGoals(sqlite);
}

/**
 * Whether LiteFS made this node a replica: it writes the primary's name to `.primary` beside the
 * database then, and removes it on the primary.
 */
export function isLiteFsReplica(databasePath: string) {
  return existsSync(path.join(path.dirname(databasePath), ".primary"));
}

/** SQLite's answer to a write on a file LiteFS serves read-only (a replica, or a node between roles). */
export function isReadOnlyError(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_READONLY");
}

export type MigrationOutcome = "applied" | "left-to-primary";

/**
 * Runs the migrations on a LiteFS candidate. Two candidates with promote: true: the one that starts
 * second takes the lease by hand-off, possibly while the first is migrating here, and for a moment
 * this node is neither primary nor yet a replica of the other. A read-only answer therefore waits for
 * the node to settle: a replica leaves the migrations to its primary, a primary again runs them.
 * Failing at once would stop LiteFS's exec, and this node would never start its server.
 */
export async function migrateOnCandidate(options: {
  migrate: () => void;
  isReplica: () => boolean;
  settleWithinMs: number;
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
}): Promise<MigrationOutcome> {
  const { migrate, isReplica, settleWithinMs, pollMs = 200 } = options;
  const sleep = options.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let waited = 0;
  for (;;) {
    try {
      migrate();
      return "applied";
    } catch (error) {
      if (isReplica()) return "left-to-primary";
      if (!isReadOnlyError(error) || waited >= settleWithinMs) throw error;
    }
    await sleep(pollMs);
    waited += pollMs;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { env } = await import("../app/utils/env/env.server");
  const outcome = await migrateOnCandidate({
    migrate: () => {
      const sqlite = openDatabase(env.DATABASE_PATH);
      try {
        runMigrations(sqlite);
      } finally {
        sqlite.close();
      }
    },
    isReplica: () => isLiteFsReplica(env.DATABASE_PATH),
    settleWithinMs: 30_000,
  });
  console.log(
    outcome === "applied"
      ? `migrations applied to ${env.DATABASE_PATH}`
      : `migrations not applied to ${env.DATABASE_PATH}: this node is a LiteFS replica now, the primary applies them`,
  );
}
