/**
 * Restore the database (server stopped):
 *   npm run restore -- FILE          a file made by `npm run backup`
 *   npm run restore -- --latest      the newest scheduled backup in the object store
 *   npm run restore -- --at ISO      the newest one made at or before that instant
 *
 * Checks the backup's integrity and that its schema is exactly what our migrations create at the level
 * its migration journal names (no other table, index, trigger or view: anything else is refused and
 * the database is left as it was), then copies it over DATABASE_PATH with SQLite's backup API, which
 * writes through SQLite (WAL included), so no -wal/-shm files need deleting by hand. A backup from an
 * older level is migrated right after. Under LiteFS the
 * backup is downloaded and `litefs import` on the primary does the rest (docs/operations.md, "Backups and
 * restore").
 */
import { existsSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { openDatabase } from "../db/connection";
import { runMigrations } from "../db/migrate";
import { downloadBackup } from "../app/backups/backups.server";
import { checkBackupSchema } from "../app/backups/schema-check.server";
import { env } from "../app/utils/env/env.server";

const USAGE =
  "usage: npm run restore -- FILE | --latest | --at ISO-INSTANT   (stop the server first)";
const args = process.argv.slice(2);
const atIndex = args.indexOf("--at");
const fromStore = args.includes("--latest") || atIndex >= 0;
const at = atIndex >= 0 ? new Date(args[atIndex + 1] ?? "") : undefined;
if (at && Number.isNaN(at.getTime())) {
  console.error(USAGE);
  process.exit(2);
}
const file = fromStore ? undefined : args[0];
if (!fromStore && (!file || file.startsWith("-"))) {
  console.error(USAGE);
  process.exit(2);
}

let backupPath: string;
if (fromStore) {
  const downloaded = await downloadBackup({ at });
  if (!downloaded) {
    console.error(at ? `No backup at or before ${at.toISOString()}.` : "No backup in the store.");
    process.exit(1);
  }
  console.log(`Downloaded ${downloaded.key} to ${downloaded.file}.`);
  backupPath = downloaded.file;
} else {
  backupPath = path.resolve(file!);
}
if (env.LITEFS_DIR) {
  console.error(
    `LITEFS_DIR is set: restore with LiteFS on the primary instead:\n  litefs import -name ${env.DATABASE_FILENAME} ${backupPath}`,
  );
  process.exit(2);
}
if (!existsSync(backupPath)) {
  console.error(`No file at ${backupPath}.`);
  process.exit(1);
}
if (backupPath === path.resolve(env.DATABASE_PATH)) {
  console.error("The backup file is the database itself.");
  process.exit(2);
}

const backup = new Database(backupPath, { readonly: true, fileMustExist: true });
try {
  const check = backup.pragma("integrity_check", { simple: true });
  if (check !== "ok") {
    console.error(`${backupPath} fails PRAGMA integrity_check: ${String(check)}`);
    process.exit(1);
  }
  const schema = checkBackupSchema(backup);
  if (!schema.ok) {
    console.error(
      [
        `Refused: ${backupPath} is not a StreakCoach backup this version can restore:`,
        ...schema.problems.map((problem) => `  - ${problem}`),
        `${env.DATABASE_PATH} was not changed.`,
      ].join("\n"),
    );
    process.exit(1);
  }
  await backup.backup(env.DATABASE_PATH);
  if (schema.level < schema.latest) {
    const restored = openDatabase(env.DATABASE_PATH);
    runMigrations(restored);
    restored.close();
  }
  console.log(
    `Restored ${env.DATABASE_PATH} from ${backupPath} (migration level ${schema.level} of ${schema.latest}${schema.level < schema.latest ? ", migrated" : ""}). Start the server.`,
  );
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  backup.close();
}
