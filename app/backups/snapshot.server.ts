import { mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";

// A backup holds every password hash and phone number: only its owner may read it, and it holds no
// sessions (a session id is a login; after a restore everyone signs in again).

/** Mode of every backup file we write: read and write by the server's user only. */
export const BACKUP_FILE_MODE = 0o600;
/** Mode of a directory we create for backups. */
export const BACKUP_DIR_MODE = 0o700;

/**
 * Writes a consistent copy of `source` to `file` (SQLite's online backup, safe under writes), as one
 * self-contained file without sessions. The copy is made beside `file` and renamed, so `file` is
 * either the old backup or the whole new one.
 */
export async function writeSnapshot(source: Database.Database, file: string) {
  const partial = `${file}.partial`;
  await rm(partial, { force: true });
  // Created with its mode before SQLite writes a byte (SQLite keeps an existing file's mode).
  await writeFile(partial, "", { mode: BACKUP_FILE_MODE });
  try {
    const result = await source.backup(partial);
    const copy = new Database(partial);
    try {
      copy.pragma("journal_mode = DELETE");
      copy.prepare("delete from sessions").run();
      // Rebuilds the file from live rows only: no deleted session (nor any older deleted row of the
      // live database, copied page by page) survives in free pages.
      copy.exec("vacuum");
    } finally {
      copy.close();
    }
    await rename(partial, file);
    return result;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** A new directory only the server's user can enter, for a backup on its way in or out. */
export function privateTemporaryDirectory() {
  return mkdtemp(path.join(os.tmpdir(), "streakcoach-backup-"));
}
