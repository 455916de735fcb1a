import { openDatabase } from "../../db/connection";
import { runMigrations } from "../../db/migrate";

// Each test file gets its own database file, created from the migrations before any app module loads.
// The env module (db/migrate imports it) reads process.env once, so the block below, which vitest runs
// before the imports, sets it; it reaches node's modules through process.getBuiltinModule for that.
const databasePath = vi.hoisted(() => {
  const { mkdtempSync } = process.getBuiltinModule("node:fs");
  const { tmpdir } = process.getBuiltinModule("node:os");
  const { join } = process.getBuiltinModule("node:path");
  const path = join(mkdtempSync(join(tmpdir(), "coach-test-")), "test.db");
  process.env.DATABASE_PATH = path;
  process.env.SESSION_SECRET ??= "test-session-secret-0123456789";
  process.env.NODE_ENV = "test";
  process.env.CRON_ENABLED = "false";
  process.env.AUTH_RATE_LIMIT_PER_IP ??= "1000";
  return path;
});

const sqlite = openDatabase(databasePath);
runMigrations(sqlite);
sqlite.close();
