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

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { env } = await import("../app/utils/env.server");
  const sqlite = openDatabase(env.DATABASE_PATH);
  runMigrations(sqlite);
  sqlite.close();
  console.log(`migrations applied to ${env.DATABASE_PATH}`);
}
