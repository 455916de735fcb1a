// Loop's files read into habits: the backup of the oldest and of the newest schema, the CSV export,
// and what is refused. The fixtures were built by tests/fixtures/loop/build-fixtures.ts from Loop's
// own migrations.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { strToU8, zipSync } from "fflate";
import { readLoopFile } from "./loop-file.server";
import {
  LOOP_FILE_MAX_BYTES,
  LOOP_FILE_TOO_BIG,
  LOOP_ZIP_TOO_BIG,
  NOT_A_LOOP_FILE,
} from "./loop-habits";

const fixture = (name: string) =>
  new Uint8Array(
    fs.readFileSync(path.join(import.meta.dirname, "../../../tests/fixtures/loop", name)),
  );

const named = (habits: ReturnType<typeof readLoopFile>["habits"], name: string) =>
  habits.find((h) => h.name === name)!;

describe("a Loop backup of the newest schema (25)", () => {
  const { kind, habits } = readLoopFile(fixture("loop-v25.db"));

  it("is a backup with every habit in Loop's order, its uuid, frequency and archived state", () => {
    expect(kind).toBe("backup");
    expect(habits.map((h) => h.name)).toEqual([
      "Meditate",
      "Gym",
      "Read",
      "Coffee",
      "Run",
      "Floss",
    ]);
    expect(named(habits, "Gym")).toMatchObject({
      uuid: "b".repeat(32),
      numerator: 3,
      denominator: 7,
      question: "Did you go?",
      reminder: "18:00",
      archived: false,
      measured: null,
    });
    expect(named(habits, "Floss")).toMatchObject({ archived: true, numerator: 2, denominator: 3 });
  });

  it("reads each mark: manual and automatic checks, no, skip, unknown with its note", () => {
    const meditate = named(habits, "Meditate").days;
    expect(meditate).toHaveLength(14);
    expect(meditate.slice(10)).toEqual([
      { day: "2026-06-11", mark: "skip", amount: null, note: "ill" },
      { day: "2026-06-12", mark: "no", amount: null, note: "" },
      { day: "2026-06-13", mark: "unknown", amount: null, note: "forgot the app" },
      { day: "2026-06-14", mark: "yes", amount: null, note: "long one" },
    ]);
    expect(named(habits, "Gym").days.map((d) => d.mark)).toEqual(["yes", "auto", "yes", "auto"]);
  });

  it("reads numerical habits' targets and amounts (stored times 1000)", () => {
    const read = named(habits, "Read");
    expect(read.measured).toEqual({ unit: "pages", target: 30, atMost: false });
    expect(read.days).toEqual([
      { day: "2026-06-10", mark: "yes", amount: 35, note: "great chapter" },
      { day: "2026-06-11", mark: "yes", amount: 12.5, note: "" },
      { day: "2026-06-12", mark: "skip", amount: null, note: "" },
    ]);
    expect(named(habits, "Coffee").measured).toEqual({ unit: "cups", target: 2, atMost: true });
    expect(named(habits, "Run")).toMatchObject({ numerator: 1, denominator: 7 });
    expect(named(habits, "Run").days.map((d) => d.amount)).toEqual([5.2, 10]);
  });
});

describe("a Loop backup of the oldest schema (9)", () => {
  const { habits } = readLoopFile(fixture("loop-v09.db"));

  it("reads habits without uuid, type or question, and every repetition as a check", () => {
    expect(habits.map((h) => h.name)).toEqual(["Meditate", "Gym", "Floss"]);
    const meditate = named(habits, "Meditate");
    expect(meditate).toMatchObject({
      uuid: null,
      measured: null,
      question: "Did you meditate?",
      reminder: "07:30",
    });
    expect(meditate.days).toHaveLength(10);
    expect(meditate.days.every((d) => d.mark === "yes")).toBe(true);
    expect(named(habits, "Floss")).toMatchObject({ archived: true, numerator: 2, denominator: 3 });
    expect(named(habits, "Gym").days.map((d) => d.day)).toEqual([
      "2026-06-01",
      "2026-06-03",
      "2026-06-05",
      "2026-06-08",
    ]);
  });
});

describe("Loop's CSV export", () => {
  const { kind, habits } = readLoopFile(fixture("loop-csv.zip"));

  it("reads Habits.csv and each habit's Checkmarks.csv by its position's folder", () => {
    expect(kind).toBe("csv");
    expect(habits.map((h) => h.name)).toEqual(["Meditate", "Gym, weights", "Read", "Floss"]);
    expect(named(habits, "Gym, weights")).toMatchObject({ numerator: 3, denominator: 7 });
    expect(named(habits, "Gym, weights").days.map((d) => d.mark)).toEqual([
      "yes",
      "auto",
      "yes",
      "auto",
    ]);
    expect(named(habits, "Meditate").days).toContainEqual({
      day: "2026-06-12",
      mark: "skip",
      amount: null,
      note: "sick, stayed in",
    });
    expect(named(habits, "Read").measured).toEqual({ unit: "pages", target: 30, atMost: false });
    expect(named(habits, "Read").days.map((d) => d.amount)).toEqual([35, 12.5]);
    expect(named(habits, "Floss").archived).toBe(true);
  });
});

describe("what is not a Loop file", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "loop-test-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("refuses a SQLite database that is not Loop's", () => {
    const file = path.join(dir, "other.db");
    const db = new Database(file);
    db.exec(
      "create table notes (id integer primary key, body text); insert into notes values (1, 'x')",
    );
    db.close();
    expect(() => readLoopFile(new Uint8Array(fs.readFileSync(file)))).toThrow(NOT_A_LOOP_FILE);
  });

  it("refuses a backup from a newer Loop than it knows", () => {
    const file = path.join(dir, "newer.db");
    fs.copyFileSync(
      path.join(import.meta.dirname, "../../../tests/fixtures/loop/loop-v25.db"),
      file,
    );
    const db = new Database(file);
    db.pragma("user_version = 26");
    db.close();
    expect(() => readLoopFile(new Uint8Array(fs.readFileSync(file)))).toThrow(/newer Loop/);
  });

  it("refuses random bytes, a truncated backup and a zip without Habits.csv", () => {
    const random = new Uint8Array(4096).map((_, i) => (i * 7919) % 251);
    expect(() => readLoopFile(random)).toThrow(NOT_A_LOOP_FILE);
    expect(() => readLoopFile(fixture("loop-v25.db").subarray(0, 200))).toThrow(NOT_A_LOOP_FILE);
    const zip = zipSync({ "notes.csv": strToU8("a,b\n1,2\n") });
    expect(() => readLoopFile(zip)).toThrow(NOT_A_LOOP_FILE);
  });

  it("refuses a file over the size limit before reading it", () => {
    const big = new Uint8Array(LOOP_FILE_MAX_BYTES + 1);
    big.set(fixture("loop-v25.db"));
    expect(() => readLoopFile(big)).toThrow(LOOP_FILE_TOO_BIG);
  });

  it("refuses a zip whose files would unpack past the limit, before inflating them", () => {
    const row = "2026-06-01,YES_MANUAL,\n";
    const checkmarks =
      "Date,Value,Notes\n" + row.repeat(Math.ceil(LOOP_FILE_MAX_BYTES / row.length));
    const zip = zipSync({
      "Habits.csv": strToU8("Position,Name\n001,Meditate\n"),
      "001 Meditate/Checkmarks.csv": strToU8(checkmarks),
    });
    expect(zip.byteLength).toBeLessThan(LOOP_FILE_MAX_BYTES / 100);
    expect(() => readLoopFile(zip)).toThrow(LOOP_ZIP_TOO_BIG);
  });
});
