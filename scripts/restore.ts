/**
 * Restore a backup made by `npm run backup`: `npm run restore -- FILE` (plain SQLite, server stopped).
 *
 * Checks the backup's integrity, then copies it over DATABASE_PATH with SQLite's backup API, which
 * writes through SQLite (WAL included), so no -wal/-shm files need deleting by hand. Under LiteFS use
 * `litefs import` on the primary instead (README.md, "Backups and restore").
 */
import { existsSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { env } from "../app/utils/env.server";

const file = process.argv[2];
if (!file || file.startsWith("-")) {
  console.error("usage: npm run restore -- FILE   (stop the server first)");
  process.exit(2);
}
if (env.LITEFS_DIR) {
  console.error(
    `LITEFS_DIR is set: restore with LiteFS on the primary instead:\n  litefs import -name ${env.DATABASE_FILENAME} ${file}`,
  );
  process.exit(2);
}

const backupPath = path.resolve(file);
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
  await backup.backup(env.DATABASE_PATH);
  console.log(
    `Restored ${env.DATABASE_PATH} from ${backupPath}. Start the server (npm start migrates it if needed).`,
  );
} catch (error) {
  console.error(`Restore failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  backup.close();
}
