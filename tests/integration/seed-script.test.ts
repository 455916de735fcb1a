import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const dir = mkdtempSync(path.join(os.tmpdir(), "coach-seed-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function seed(databasePath: string) {
  return run(tsx, ["scripts/seed.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "development", DATABASE_PATH: databasePath },
  });
}

// `npm run seed` on a database that does not exist yet: the demo an operator or a newcomer starts from.
describe("npm run seed", { timeout: 60_000 }, () => {
  it("migrates a new database and fills the demo account with goals, habits and messages, once", async () => {
    const databasePath = path.join(dir, "demo.db");
    const { stdout } = await seed(databasePath);
    expect(stdout).toMatch(/password \S+ {3}\(shown once\)/);
    expect(stdout).toContain("3 habits");

    const db = new Database(databasePath, { readonly: true });
    const count = (sql: string) => (db.prepare(sql).pluck().get() as number) ?? 0;
    expect(count("select count(*) from users where email = 'demo@example.com'")).toBe(1);
    expect(count("select count(*) from habits where active = 1")).toBe(3);
    expect(count("select count(*) from goals where habit_id is not null")).toBeGreaterThan(40);
    expect(count("select count(*) from goals where completed_at is not null")).toBeGreaterThan(30);
    expect(count("select count(*) from messages")).toBeGreaterThan(10);
    db.close();

    const again = await seed(databasePath);
    expect(again.stdout).toContain("already exists");
  });
});
