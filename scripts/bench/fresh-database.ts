import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../../db/connection";
import { runMigrations } from "../../db/migrate";

/**
 * Points this process's app at a migrated database in a new temporary directory, with the cron
 * off; returns the directory. Call it before importing app modules: they read the environment once.
 */
export function openFreshBenchDatabase(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  process.env.DATABASE_PATH = path.join(dir, "bench.db");
  process.env.NODE_ENV = "test";
  process.env.CRON_ENABLED = "false";
  const migrating = openDatabase(process.env.DATABASE_PATH);
  runMigrations(migrating);
  migrating.close();
  return dir;
}
