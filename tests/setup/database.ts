import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

// Each test file gets its own database file, created from the migrations before any app module loads.
const dir = mkdtempSync(path.join(os.tmpdir(), "coach-test-"));
process.env.DATABASE_PATH = path.join(dir, "test.db");
process.env.SESSION_SECRET ??= "test-session-secret-0123456789";
process.env.NODE_ENV = "test";
process.env.CRON_ENABLED = "false";
process.env.AUTH_RATE_LIMIT_PER_IP ??= "1000";

const { openDatabase } = await import("../../db/connection");
const { runMigrations } = await import("../../db/migrate");
const sqlite = openDatabase(process.env.DATABASE_PATH);
runMigrations(sqlite);
sqlite.close();

// Registered first, so it runs after every other afterAll of the file.
afterAll(() => rmSync(dir, { recursive: true, force: true }));
