// An uploaded Loop Habit Tracker file, whichever of Loop's two it is, told apart by its first bytes
// (never by its name): a SQLite backup is written to a private temporary file to be opened
// read-only, a CSV export zip is read in memory. Anything else is refused.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isSqliteFile, readLoopBackup } from "./loop-backup.server";
import { isZipFile, readLoopCsvZip } from "./loop-csv";
import {
  LOOP_FILE_MAX_BYTES,
  LOOP_FILE_TOO_BIG,
  LoopFileError,
  NOT_A_LOOP_FILE,
} from "./loop-habits";
import type { LoopHabit } from "./loop-habits";

export type LoopFileKind = "backup" | "csv";

export function readLoopFile(bytes: Uint8Array): { kind: LoopFileKind; habits: LoopHabit[] } {
  if (bytes.byteLength > LOOP_FILE_MAX_BYTES) throw new LoopFileError(LOOP_FILE_TOO_BIG);
  if (isZipFile(bytes)) return { kind: "csv", habits: readLoopCsvZip(bytes) };
  if (!isSqliteFile(bytes)) throw new LoopFileError(NOT_A_LOOP_FILE);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "loop-import-"));
  try {
    const file = path.join(dir, "backup.db");
    fs.writeFileSync(file, bytes, { mode: 0o600 });
    return { kind: "backup", habits: readLoopBackup(file) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
