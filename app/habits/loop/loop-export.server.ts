// The account's habits as Loop Habit Tracker's two files, for a person going back to Loop: its
// SQLite backup (the newest schema, which Loop's "Import data" opens) and its CSV export.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { todayFor } from "~/goals/goals.server";
import { listHabits } from "~/habits/habits.server";
import { sqlite } from "~/utils/db/db.server";
import { loopCsvZip } from "./loop-csv-export";
import { loopHabitsOf, type HabitDayRow } from "./loop-from-habits";
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

const dayRowsOf = (userId: number) =>
  sqlite
    .prepare<[number], Omit<HabitDayRow, "done" | "skipped"> & { done: number; skipped: number }>(
      `select g.habit_id as habitId, g.habit_day as day, g.completed_at is not null as done,
         g.skipped_at is not null as skipped, g.value, g.note
       from goals g join habits h on h.id = g.habit_id where h.user_id = ?`,
    )
    .all(userId)
    .map((r) => ({ ...r, done: r.done === 1, skipped: r.skipped === 1 }));

function loopHabitsOfUser(user: Owner, now: Date) {
  const today = todayFor(user, now);
  return { today, habits: loopHabitsOf(listHabits(user.id), dayRowsOf(user.id), today) };
}

function writeBackup(db: Database.Database, habits: LoopHabit[]) {
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

/** A Loop backup of the user's habits: the bytes of a SQLite file of Loop's newest schema. */
export function loopBackupOf(user: Owner, now = new Date()) {
  const { today, habits } = loopHabitsOfUser(user, now);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "loop-export-"));
  try {
    const file = path.join(dir, "backup.db");
    const db = new Database(file);
    try {
      writeBackup(db, habits);
    } finally {
      db.close();
    }
    return { today, bytes: fs.readFileSync(file) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Loop's CSV export zip of the user's habits. */
export function loopCsvOf(user: Owner, now = new Date()) {
  const { today, habits } = loopHabitsOfUser(user, now);
  return { today, bytes: Buffer.from(loopCsvZip(habits, today)) };
}
