import { rmSync } from "node:fs";
import { afterAll } from "vitest";
import { openDatabase } from "../../db/connection";
import { runMigrations } from "../../db/migrate";

// Each test file gets its own database file, created from the migrations before any app module loads.
// The env module (db/migrate imports it) reads process.env once, so the block below, which vitest runs
// before the imports, sets it; it reaches node's modules through process.getBuiltinModule for that.
const { dir, databasePath } = vi.hoisted(() => {
  const { mkdtempSync } = process.getBuiltinModule("node:fs");
  const { tmpdir } = process.getBuiltinModule("node:os");
  const { join } = process.getBuiltinModule("node:path");
  const dir = mkdtempSync(join(tmpdir(), "coach-test-"));
  process.env.DATABASE_PATH = join(dir, "test.db");
  process.env.SESSION_SECRET ??= "test-session-secret-0123456789";
  process.env.NODE_ENV = "test";
  process.env.CRON_ENABLED = "false";
  process.env.AUTH_RATE_LIMIT_PER_IP ??= "1000";
  return { dir, databasePath: process.env.DATABASE_PATH };
});

const sqlite = openDatabase(databasePath);
runMigrations(sqlite);
sqlite.close();

// Registered first, so it runs after every other afterAll of the file.
afterAll(() => rmSync(dir, { recursive: true, force: true }));
