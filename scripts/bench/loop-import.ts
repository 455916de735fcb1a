// Usage: npm run bench:loop
//
// How long a large Loop Habit Tracker history takes to come across, on a fresh temporary database:
// 20 habits of 5 years of days each (36,500 days, about 25,000 of them check-ins, skips and
// values), imported, exported as Loop's backup and its CSV zip, the backup read back and imported
// into a second account, then the same file again (nothing to add). Figures in milliseconds, the
// median of the runs; compare a change with the tree before it, run alternately (docs/performance.md).
import fs from "node:fs";
import { openFreshBenchDatabase } from "./fresh-database";

const dir = openFreshBenchDatabase("bench-loop-");
process.env.SESSION_SECRET ??= "bench-session-secret-0123456789";

const { createUser, getUserById } = await import("../../app/users/users.server");
const { importLoopHabits } = await import("../../app/habits/loop/loop-import.server");
const { loopBackupOf, loopCsvOf } = await import("../../app/habits/loop/loop-export.server");
const { readLoopFile } = await import("../../app/habits/loop/loop-file.server");
type LoopHabit = import("../../app/habits/loop/loop-habits").LoopHabit;

const RUNS = 3;
const now = new Date("2026-06-15T16:00:00Z");
let seed = 7;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};

function history(): LoopHabit[] {
  const days = Array.from({ length: 5 * 365 }, (_, i) =>
    new Date(now.getTime() - (i + 1) * 86_400_000).toISOString().slice(0, 10),
  ).reverse();
  return Array.from({ length: 20 }, (_, h) => {
    const measured = h % 4 === 0;
    return {
      uuid: `${h}`.padStart(32, "0"),
      name: `Habit ${h}`,
      question: "",
      description: "",
      position: h,
      numerator: h % 3 === 0 ? 3 : 1,
      denominator: h % 3 === 0 ? 7 : 1,
      measured: measured ? { unit: "pages", target: 30, atMost: false } : null,
      archived: false,
      reminder: null,
      days: days.map((day) => {
        const r = random();
        const mark = r < 0.65 ? "yes" : r < 0.7 ? "skip" : r < 0.9 ? "no" : "auto";
        const amount = measured && mark === "yes" ? Math.round(r * 60) : null;
        return { day, mark, amount, note: r < 0.02 ? "a note" : "" } as const;
      }),
    };
  });
}

let counter = 0;
async function account() {
  counter += 1;
  const user = await createUser(
    {
      email: `bench${counter}@example.com`,
      password: "correct horse battery",
      phone: `+1201555${String(1000 + counter)}`,
      timezone: "America/New_York",
      preferredCheckInTimeMorning: "08:00",
      preferredCheckInTimeEvening: "19:00",
      sendCheckInReminders: true,
      receiveWeeklySummary: true,
      terms: true,
    },
    { ip: "127.0.0.1", userAgent: "bench" },
  );
  return getUserById(user.id)!;
}

function timed<T>(run: () => T): [T, number] {
  const start = performance.now();
  const result = run();
  return [result, performance.now() - start];
}

/** The export's bytes, read to the end: the exports are streams, written as they are read. */
async function timedExport(run: () => { body: ReadableStream<Uint8Array> }) {
  const start = performance.now();
  const bytes = new Uint8Array(await new Response(run().body).arrayBuffer());
  return [bytes, performance.now() - start] as const;
}

const figures: Record<string, number[]> = {};
const note = (name: string, ms: number) => (figures[name] ??= []).push(ms);
const habits = history();
for (let run = 0; run < RUNS; run++) {
  const first = await account();
  const [imported, importMs] = timed(() => importLoopHabits(first, habits, now));
  note(`import (${imported.daysAdded} days)`, importMs);
  const [backup, backupMs] = await timedExport(() => loopBackupOf(first, now));
  note(`export backup (${(backup.byteLength / 1024).toFixed(0)} KB)`, backupMs);
  const [csv, csvMs] = await timedExport(() => loopCsvOf(first, now));
  note(`export CSV zip (${(csv.byteLength / 1024).toFixed(0)} KB)`, csvMs);
  const [read, readMs] = timed(() => readLoopFile(backup));
  note("read the backup", readMs);
  const second = await account();
  note("import the backup read back", timed(() => importLoopHabits(second, read.habits, now))[1]);
  note("the same file again", timed(() => importLoopHabits(second, read.habits, now))[1]);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const [name, ms] of Object.entries(figures))
  console.log(`${name.padEnd(36)} ${median(ms).toFixed(0).padStart(7)} ms`);
fs.rmSync(dir, { recursive: true, force: true });
