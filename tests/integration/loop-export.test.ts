// The export back to Loop Habit Tracker: a backup of Loop's newest schema (the same tables and
// columns as a file Loop's own migrations build) and its CSV export; either one, imported into a
// fresh account, brings back the habits and their days.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { listHabits } from "~/habits/habits.server";
import { loopBackupOf, loopCsvOf } from "~/habits/loop/loop-export.server";
import { readLoopFile } from "~/habits/loop/loop-file.server";
import { importLoopHabits } from "~/habits/loop/loop-import.server";
import { getUserById } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";
import { createTestUser } from "../helpers/requests";

const now = new Date("2026-06-15T16:00:00Z");
const fixtures = path.join(import.meta.dirname, "../fixtures/loop");
const loopFile = (name: string) =>
  readLoopFile(new Uint8Array(fs.readFileSync(path.join(fixtures, name)))).habits;

/** An export's bytes, read to the end of its stream. */
const bytesOf = async ({ body }: { body: ReadableStream<Uint8Array> }) =>
  new Uint8Array(await new Response(body).arrayBuffer());

async function owner() {
  return getUserById((await createTestUser()).id)!;
}

function schemaOf(bytes: Uint8Array) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "loop-schema-"));
  const file = path.join(dir, "x.db");
  fs.writeFileSync(file, bytes);
  const db = new Database(file, { readonly: true });
  const tables = db
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
    )
    .pluck()
    .all() as string[];
  const shape = {
    version: db.pragma("user_version", { simple: true }),
    tables: Object.fromEntries(
      tables.map((t) => [
        t.toLowerCase(),
        db.prepare('select name, type, "notnull", pk from pragma_table_info(?)').all(t),
      ]),
    ),
    indexes: db
      .prepare("select name from sqlite_master where type = 'index' order by name")
      .pluck()
      .all(),
  };
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  return shape;
}

/** Each habit with its days, as a person would compare them. */
const historyOf = (userId: number) =>
  listHabits(userId).map((h) => ({
    title: h.title,
    active: h.active,
    dueTime: h.dueTime,
    schedule: h.schedules.at(-1),
    unit: h.unit,
    target: h.target,
    targetPer: h.targetPer,
    atMost: h.atMost,
    days: sqlite
      .prepare(
        `select habit_day, completed_at is not null as done, skipped_at is not null as skipped, value, note
         from goals where habit_id = ? order by habit_day`,
      )
      .all(h.id),
  }));

describe("the Loop export", () => {
  it("has exactly the tables and columns of Loop's newest schema", async () => {
    const user = await owner();
    const bytes = await bytesOf(loopBackupOf(user, now));
    expect(schemaOf(bytes)).toEqual(schemaOf(fs.readFileSync(path.join(fixtures, "loop-v25.db"))));
  });

  it("comes back whole through a fresh account, from the backup and from the CSV zip", async () => {
    const first = await owner();
    importLoopHabits(first, loopFile("loop-v25.db"), now);
    const withoutTime = (history: ReturnType<typeof historyOf>) =>
      history.map((h) => ({ ...h, dueTime: null }));
    const fromBackup = await owner();
    importLoopHabits(fromBackup, readLoopFile(await bytesOf(loopBackupOf(first, now))).habits, now);
    expect(historyOf(fromBackup.id)).toEqual(historyOf(first.id));
    // Loop's CSV export has no reminders: the habits' times stay behind.
    const fromCsv = await owner();
    const result = importLoopHabits(
      fromCsv,
      readLoopFile(await bytesOf(loopCsvOf(first, now))).habits,
      now,
    );
    expect(result.habitsAdded).toBe(6);
    expect(historyOf(fromCsv.id)).toEqual(withoutTime(historyOf(first.id)));
  });

  it("keeps the habit's Loop uuid in the backup, so Loop finds its habits again", async () => {
    const user = await owner();
    importLoopHabits(user, loopFile("loop-v25.db"), now);
    const { habits } = readLoopFile(await bytesOf(loopBackupOf(user, now)));
    expect(habits.find((h) => h.name === "Gym")!.uuid).toBe("b".repeat(32));
  });
});
