import { execFile } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { migrationsFolder } from "../../db/migrate";
import { createTestUser } from "../helpers/requests";
import { createGoal } from "~/goals/goals.server";
import { sqlite } from "~/utils/db/db.server";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");
const tsx = path.join(root, "node_modules", ".bin", "tsx");

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

  it("writes a backup only its owner can read, in a directory only its owner can enter, without sessions", async () => {
    const user = await createTestUser();
    const sessionId = `session-${Date.now()}-kept-out-of-backups`;
    sqlite
      .prepare("insert into sessions (id, user_id, data, expires_at) values (?, ?, '{}', ?)")
      .run(sessionId, user.id, Date.now() + 86_400_000);
    const dir = mkdtempSync(path.join(os.tmpdir(), "coach-backup-"));
    const file = path.join(dir, "new-dir", "app-backup.db");

    await script("backup", [file], process.env.DATABASE_PATH!);

    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    const copy = new Database(file, { readonly: true });
    try {
      expect(copy.prepare("select count(*) as n from sessions").get()).toEqual({ n: 0 });
      expect(copy.prepare("select id from users where id = ?").get(user.id)).toEqual({
        id: user.id,
      });
    } finally {
      copy.close();
    }
    // Not even in the file's free pages.
    expect(readFileSync(file).includes(sessionId)).toBe(false);
  });

  /** The restore target, with a row that must survive a refused restore. */
  function currentDatabase(dir: string) {
    const target = path.join(dir, "current.db");
    const db = new Database(target);
    db.exec("create table precious(x); insert into precious values ('still here')");
    db.close();
    return { target, bytes: () => readFileSync(target) };
  }

  it("refuses a SQLite file that is not one of our databases, and leaves the database as it was", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "coach-backup-"));
    const foreign = path.join(dir, "foreign.db");
    const db = new Database(foreign);
    db.exec("create table t(x)");
    db.close();
    const current = currentDatabase(dir);
    const before = current.bytes();

    const refused = script("restore", [foreign], current.target);
    await expect(refused).rejects.toMatchObject({ code: 1 });
    const { stderr } = (await refused.catch((error: unknown) => error)) as { stderr: string };
    expect(stderr).toContain(
      `Refused: ${foreign} is not a StreakCoach backup this version can restore:`,
    );
    expect(stderr).toContain("it has no migration journal (__drizzle_migrations)");
    expect(stderr).toContain(`${current.target} was not changed.`);
    expect(current.bytes().equals(before)).toBe(true);
  });

  it("refuses a real backup with a trigger the migrations do not create", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "coach-backup-"));
    const file = path.join(dir, "tampered.db");
    await script("backup", [file], process.env.DATABASE_PATH!);
    const tampered = new Database(file);
    tampered.exec(`create trigger every_session_admin after insert on sessions begin
      update users set roles = '["admin"]' where id = new.user_id; end`);
    tampered.close();
    const current = currentDatabase(dir);
    const before = current.bytes();

    const refused = script("restore", [file], current.target);
    await expect(refused).rejects.toMatchObject({ code: 1 });
    const { stderr } = (await refused.catch((error: unknown) => error)) as { stderr: string };
    expect(stderr).toContain("  - unexpected trigger every_session_admin on sessions");
    expect(current.bytes().equals(before)).toBe(true);
  });

  it("restores a database made by an older version (its schema at that level) and migrates it", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "coach-backup-"));
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
    ) as { entries: { tag: string }[] };
    const latest = journal.entries.length;
    journal.entries = journal.entries.slice(0, latest - 2);
    const olderMigrations = path.join(dir, "migrations");
    mkdirSync(path.join(olderMigrations, "meta"), { recursive: true });
    writeFileSync(path.join(olderMigrations, "meta", "_journal.json"), JSON.stringify(journal));
    for (const { tag } of journal.entries) {
      copyFileSync(
        path.join(migrationsFolder, `${tag}.sql`),
        path.join(olderMigrations, `${tag}.sql`),
      );
    }
    const older = path.join(dir, "older.db");
    const db = new Database(older);
    migrate(drizzle(db), { migrationsFolder: olderMigrations });
    db.close();

    const restoredPath = path.join(dir, "restored.db");
    const { stdout } = await script("restore", [older], restoredPath);
    expect(stdout).toContain(`(migration level ${latest - 2} of ${latest}, migrated)`);
    const restored = new Database(restoredPath, { readonly: true });
    expect(restored.prepare("select count(*) as n from __drizzle_migrations").get()).toEqual({
      n: latest,
    });
    restored.close();
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
