// The account's habits as Loop Habit Tracker's two files, for a person going back to Loop: its
// SQLite backup (the newest schema, which Loop's "Import data" opens) and its CSV export. Both are
// written a habit at a time, its days read only then, and sent as a stream: five years of 100
// habits is 180,000 days, which as objects and bytes at once would not fit beside the rest.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createReadableStreamFromReadable } from "@remix-run/node";
import Database from "better-sqlite3";
import { todayFor } from "~/goals/goals.server";
import { listHabits } from "~/habits/habits.server";
import { preparedQuery, sqlite } from "~/utils/db/db.server";
import { byteStream } from "~/utils/requests/streamed-download.server";
import type { LocalDay } from "~/utils/time/local-time";
import { loopCsvZip } from "./loop-csv-export";
import { loopHabitOf, type HabitDayRow } from "./loop-from-habits";
import { encodeValue, LOOP_SCHEMA_VERSION, timestampOfDay, type LoopHabit } from "./loop-habits";

type Owner = { id: number; timezone: string };

/** Loop's reminder days, a bit per weekday: all seven. */
const EVERY_WEEKDAY = 127;

// Loop's tables as its migrations 09 to 25 leave them (checked against a file built by them).
const LOOP_SCHEMA = `
create table android_metadata (locale text);
insert into android_metadata values ('en_US');
create table Habits (id integer primary key autoincrement, archived integer, color integer,
  description text, freq_den integer, freq_num integer, highlight integer, name text,
  position integer, reminder_hour integer, reminder_min integer,
  reminder_days integer not null default 127, type integer not null default 0,
  target_type integer not null default 0, target_value real not null default 0,
  unit text not null default '', question text, uuid text);
create table Events (id integer primary key autoincrement, timestamp integer, message text,
  server_id integer);
create table Repetitions (id integer primary key autoincrement,
  habit integer not null references habits(id), timestamp integer not null,
  value integer not null, notes text);
create unique index idx_repetitions_habit_timestamp on Repetitions(habit, timestamp);
pragma user_version = ${LOOP_SCHEMA_VERSION};
`;

type DayRow = Omit<HabitDayRow, "done" | "skipped"> & { done: number; skipped: number };

const daysOfHabit = preparedQuery(() =>
  sqlite.prepare<[number], DayRow>(
    `select habit_day as day, completed_at is not null as done, skipped_at is not null as skipped,
     value, note
   from goals where habit_id = ?`,
  ),
);

const dayRowsOf = (habitId: number): HabitDayRow[] =>
  daysOfHabit()
    .all(habitId)
    .map((r) => ({ ...r, done: r.done === 1, skipped: r.skipped === 1 }));

/** The user's habits in Loop's shape, each with its days read only when it is reached. */
function* loopHabitsOfUser(user: Owner, today: LocalDay): Generator<LoopHabit> {
  const habits = listHabits(user.id);
  for (const [position, habit] of habits.entries())
    yield loopHabitOf(habit, position, dayRowsOf(habit.id), today);
}

function writeBackup(db: Database.Database, habits: Iterable<LoopHabit>) {
  db.exec(LOOP_SCHEMA);
  const habit = db.prepare(
    `insert into Habits (archived, color, description, freq_den, freq_num, highlight, name, position,
       reminder_hour, reminder_min, reminder_days, type, target_type, target_value, unit, question, uuid)
     values (?, 8, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const entry = db.prepare(
    "insert into Repetitions (habit, timestamp, value, notes) values (?, ?, ?, ?)",
  );
  db.transaction(() => {
    for (const h of habits) {
      const m = h.measured;
      const [hour, minute] = h.reminder ? h.reminder.split(":").map(Number) : [null, null];
      const { lastInsertRowid } = habit.run(
        h.archived ? 1 : 0,
        h.description,
        h.denominator,
        h.numerator,
        h.name,
        h.position,
        hour,
        minute,
        h.reminder ? EVERY_WEEKDAY : 0,
        m ? 1 : 0,
        m?.atMost ? 1 : 0,
        m?.target ?? 0,
        m?.unit ?? "",
        h.question,
        h.uuid,
      );
      for (const d of h.days)
        entry.run(lastInsertRowid, timestampOfDay(d.day), encodeValue(d, m !== null), d.note);
    }
  })();
}

/**
 * The file's bytes as a stream, read from a descriptor opened now: the file can be removed at once
 * (its space freed when the stream ends or is cancelled, closing the descriptor).
 */
function streamOfFile(file: string) {
  return createReadableStreamFromReadable(fs.createReadStream("", { fd: fs.openSync(file, "r") }));
}

/** A Loop backup of the user's habits: a SQLite file of Loop's newest schema, as a stream. */
export function loopBackupOf(user: Owner, now = new Date()) {
  const today = todayFor(user, now);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "loop-export-"));
  try {
    const file = path.join(dir, "backup.db");
    const db = new Database(file);
    try {
      writeBackup(db, loopHabitsOfUser(user, today));
    } finally {
      db.close();
    }
    return { today, body: streamOfFile(file) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Loop's CSV export zip of the user's habits, as a stream written as it is read. */
export function loopCsvOf(user: Owner, now = new Date()) {
  const today = todayFor(user, now);
  return { today, body: byteStream(loopCsvZip(loopHabitsOfUser(user, today), today)) };
}
