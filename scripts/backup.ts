/**
 * Online backup of the database: `npm run backup -- FILE`.
 *
 * Uses SQLite's online backup API (better-sqlite3 `db.backup`), so it is safe while the server runs
 * and writes: the copy is one consistent snapshot. Reads DATABASE_PATH like the app does (under
 * LiteFS: LITEFS_DIR/DATABASE_FILENAME), and works on any node, replicas included. The file is
 * readable by its owner only (mode 0600, in a 0700 directory when this creates it) and holds no
 * sessions.
 * Restore: see docs/operations.md, "Backups and restore".
 */
import { existsSync, statSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { openDatabase } from "../db/connection";
import { BACKUP_DIR_MODE, writeSnapshot } from "../app/backups/snapshot.server";
import { env } from "../app/utils/env/env.server";

const target = process.argv[2];
if (!target || target.startsWith("-")) {
  console.error("usage: npm run backup -- FILE   (for example: npm run backup -- backups/app.db)");
  process.exit(2);
}

const source = env.DATABASE_PATH;
if (!existsSync(source)) {
  console.error(
    `No database at ${source} (set DATABASE_PATH, or LITEFS_DIR and DATABASE_FILENAME).`,
  );
  process.exit(1);
}

const destination = path.resolve(target);
if (destination === path.resolve(source)) {
  console.error("The backup file must not be the database itself.");
  process.exit(2);
}
await mkdir(path.dirname(destination), { recursive: true, mode: BACKUP_DIR_MODE });

const sqlite = openDatabase(source);
try {
  const started = Date.now();
  // A self-contained single file (no -wal/-shm beside it), ready to copy or `litefs import`.
  const result = await writeSnapshot(sqlite, destination);
  const bytes = statSync(destination).size;
  console.log(
    `Backed up ${source} to ${destination}: ${formatBytes(bytes)}, ${result.totalPages} pages in ${Date.now() - started} ms.`,
  );
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  sqlite.close();
}

function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
