import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");

const { createTestUser } = await import("../helpers/requests");
const { createGoal } = await import("~/goals/goals.server");
const { sqlite } = await import("~/utils/db.server");

/** Runs an operator script the way `npm run …` does, on the given database. */
function script(name: string, args: string[], databasePath: string) {
  return run(tsx, [`scripts/${name}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_PATH: databasePath, CRON_ENABLED: "false" },
  });
}

// Each case starts the operator scripts as processes (tsx), which takes seconds on a busy machine.
describe("npm run backup and npm run restore", { timeout: 60_000 }, () => {
  it("a backup taken while the app holds the database restores every row", async () => {
    const user = await createTestUser({ email: "backed-up@example.com" });
    createGoal(user.id, { description: "Survive a restore", dueDate: new Date() });
    const dir = mkdtempSync(path.join(os.tmpdir(), "coach-backup-"));
    const file = path.join(dir, "nested", "app-backup.db");

    const backup = await script("backup", [file], process.env.DATABASE_PATH!);
    expect(backup.stdout).toMatch(/^Backed up .* to .*app-backup\.db: /);

    // The live database moves on: the account is deleted after the backup.
    sqlite.prepare("delete from users where id = ?").run(user.id);

    const restoredPath = path.join(dir, "restored.db");
    const restore = await script("restore", [file], restoredPath);
    expect(restore.stdout).toContain(`Restored ${restoredPath}`);
    const restored = new Database(restoredPath, { readonly: true });
    try {
      expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
      const row = restored
        .prepare<[string], { id: number }>("select id from users where email = ?")
        .get("backed-up@example.com");
      expect(row?.id).toBe(user.id);
      const goals = restored
        .prepare<[number], { description: string }>(
          "select description from goals where user_id = ?",
        )
        .all(user.id);
      expect(goals.map((g) => g.description)).toEqual(["Survive a restore"]);
    } finally {
      restored.close();
    }
  });

  it("refuses a file that is not a healthy SQLite database", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "coach-backup-"));
    const bogus = path.join(dir, "not-a-db.db");
    writeFileSync(bogus, "definitely not sqlite");
    await expect(script("restore", [bogus], path.join(dir, "target.db"))).rejects.toMatchObject({
      code: 1,
    });
  });
});
