// Reads a Loop Habit Tracker backup (the app's SQLite database, copied) of any schema version Loop
// has shipped: the version is PRAGMA user_version and the columns are looked up, not assumed. The
// file is someone's upload: opened read-only, its schema's functions and triggers not trusted.
import Database from "better-sqlite3";
import {
  habitOfRows,
  LOOP_MAX_ENTRIES,
  LOOP_MAX_HABITS,
  LOOP_SCHEMA_VERSION,
  LoopFileError,
  loopTooNew,
  NOT_A_LOOP_FILE,
} from "./loop-habits";
import type { LoopEntryRow, LoopHabit, LoopHabitRow } from "./loop-habits";

const SQLITE_MAGIC = "SQLite format 3\0";

export const isSqliteFile = (head: Uint8Array) =>
  Buffer.from(head.subarray(0, 16)).toString("latin1") === SQLITE_MAGIC;

const HABIT_COLUMNS = [
  "id",
  "name",
  "question",
  "description",
  "position",
  "freq_num",
  "freq_den",
  "archived",
  "type",
  "target_type",
  "target_value",
  "unit",
  "uuid",
  "reminder_hour",
  "reminder_min",
];

/** The table's columns as written in the file (Loop's oldest files spell them "Id"), by lower case. */
function columnsOf(db: Database.Database, table: string) {
  const rows = db.prepare(`select name from pragma_table_info(?)`).pluck().all(table) as string[];
  return new Map(rows.map((name) => [name.toLowerCase(), name]));
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

function selectList(columns: Map<string, string>, wanted: string[]) {
  return wanted
    .filter((c) => columns.has(c))
    .map((c) => `${quoted(columns.get(c)!)} as ${c}`)
    .join(", ");
}

function assertLoopSchema(db: Database.Database) {
  const tables = db
    .prepare(
      `select name from sqlite_master where type = 'table' and lower(name) in ('habits', 'repetitions')`,
    )
    .pluck()
    .all() as string[];
  if (tables.length !== 2) throw new LoopFileError(NOT_A_LOOP_FILE);
  const version = db.pragma("user_version", { simple: true }) as number;
  if (version > LOOP_SCHEMA_VERSION) throw new LoopFileError(loopTooNew(version));
  const habits = columnsOf(db, "Habits");
  const entries = columnsOf(db, "Repetitions");
  for (const c of ["id", "name", "freq_num", "freq_den"])
    if (!habits.has(c)) throw new LoopFileError(NOT_A_LOOP_FILE);
  for (const c of ["habit", "timestamp"])
    if (!entries.has(c)) throw new LoopFileError(NOT_A_LOOP_FILE);
  return { habits, entries };
}

function readHabits(db: Database.Database): LoopHabit[] {
  const columns = assertLoopSchema(db);
  const habitCount = db.prepare("select count(*) from Habits").pluck().get() as number;
  const entryCount = db.prepare("select count(*) from Repetitions").pluck().get() as number;
  if (habitCount > LOOP_MAX_HABITS || entryCount > LOOP_MAX_ENTRIES)
    throw new LoopFileError(`This backup holds more habits or days than an account can take.`);
  const habitRows = db
    .prepare(`select ${selectList(columns.habits, HABIT_COLUMNS)} from Habits`)
    .all() as LoopHabitRow[];
  const entriesOf = db.prepare<[unknown], LoopEntryRow>(
    `select ${selectList(columns.entries, ["timestamp", "value", "notes"])} from Repetitions
     where ${quoted(columns.entries.get("habit")!)} = ? order by ${quoted(columns.entries.get("timestamp")!)}`,
  );
  return habitRows
    .map((row) => habitOfRows(row, entriesOf.all(row.id)))
    .filter((h): h is LoopHabit => h !== null)
    .sort((a, b) => a.position - b.position);
}

/** The habits of the Loop backup at `path`; a LoopFileError when it is not one. */
export function readLoopBackup(path: string): LoopHabit[] {
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch {
    throw new LoopFileError(NOT_A_LOOP_FILE);
  }
  try {
    db.pragma("trusted_schema = off");
    db.pragma("query_only = on");
    return readHabits(db);
  } catch (error) {
    if (error instanceof LoopFileError) throw error;
    if (error instanceof Database.SqliteError) throw new LoopFileError(NOT_A_LOOP_FILE);
    throw error;
  } finally {
    db.close();
  }
}
