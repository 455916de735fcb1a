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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { env } = await import("../app/utils/env.server");
  try {
    const sqlite = openDatabase(env.DATABASE_PATH);
    runMigrations(sqlite);
    sqlite.close();
  } catch (error) {
    // Two candidates with promote: true: the one that starts second takes the lease by hand-off,
    // possibly while the first is migrating here. Its migrations run there; failing here would stop
    // LiteFS's exec, and this node would never start its server.
    if (!isLiteFsReplica(env.DATABASE_PATH)) throw error;
    console.log(
      `migrations not applied to ${env.DATABASE_PATH}: this node is a LiteFS replica now, the primary applies them`,
    );
    process.exit(0);
  }
  console.log(`migrations applied to ${env.DATABASE_PATH}`);
}
