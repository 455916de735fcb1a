// Loop Habit Tracker's files imported into an account: habits, schedules, archived state, each day's
// mark, value and note come across; a second import of the same file changes nothing.
import fs from "node:fs";
import path from "node:path";
import { habitSummaries } from "~/habits/habit-api.server";
import { listHabits } from "~/habits/habits.server";
import { readLoopFile } from "~/habits/loop/loop-file.server";
import { importLoopHabits } from "~/habits/loop/loop-import.server";
import { getUserById } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";
import { createTestUser } from "../helpers/requests";

const now = new Date("2026-06-15T16:00:00Z"); // noon in New York
const fixture = (name: string) =>
  readLoopFile(
    new Uint8Array(fs.readFileSync(path.join(import.meta.dirname, "../fixtures/loop", name))),
  ).habits;

async function owner() {
  return getUserById((await createTestUser()).id)!;
}

/** Everything an import writes, to compare before and after. */
function snapshot(userId: number) {
  return {
    habits: sqlite.prepare("select * from habits where user_id = ? order by id").all(userId),
    goals: sqlite
      .prepare(
        `select habit_id, habit_day, completed_at, skipped_at, value, note, day_number, description
         from goals where user_id = ? order by habit_id, habit_day`,
      )
      .all(userId),
  };
}

const daysOf = (userId: number, title: string) =>
  sqlite
    .prepare<
      [number, string],
      { day: string; done: number; skipped: number; value: number | null; note: string | null }
    >(
      `select g.habit_day as day, g.completed_at is not null as done, g.skipped_at is not null as skipped,
         g.value, g.note
       from goals g join habits h on h.id = g.habit_id where h.user_id = ? and h.title = ?
       order by g.habit_day`,
    )
    .all(userId, title);

describe("importing a Loop backup of the newest schema", () => {
  it("brings every habit with its schedule, target, archived state, marks, values and notes", async () => {
    const user = await owner();
    const result = importLoopHabits(user, fixture("loop-v25.db"), now);
    expect(result).toEqual({ habitsAdded: 6, habitsFound: 0, daysAdded: 23, daysLeftOut: 0 });
    const habits = listHabits(user.id);
    const by = (title: string) => habits.find((h) => h.title === title)!;
    expect(by("Meditate")).toMatchObject({
      active: true,
      startDate: "2026-06-01",
      loopUuid: "a".repeat(32),
    });
    expect(by("Meditate").schedules.at(-1)).toEqual({
      from: "2026-06-01",
      days: [0, 1, 2, 3, 4, 5, 6],
    });
    expect(by("Gym").schedules.at(-1)).toEqual({ from: "2026-06-01", timesPerWeek: 3 });
    expect(by("Gym").dueTime).toBe("18:00"); // Loop's reminder
    expect(by("Meditate").dueTime).toBeNull();
    expect(by("Floss")).toMatchObject({ active: false, stoppedOn: "2026-05-02" });
    expect(by("Floss").schedules.at(-1)).toMatchObject({ timesPerWeek: 5 }); // 2 in 3 days
    expect(by("Read")).toMatchObject({
      unit: "pages",
      target: 30,
      targetPer: "day",
      atMost: false,
    });
    expect(by("Coffee")).toMatchObject({ unit: "cups", target: 2, atMost: true });
    expect(by("Run")).toMatchObject({ unit: "km", target: 15, targetPer: "week" });

    // Manual checks done, the skip skipped, NO nothing, UNKNOWN kept only for its note.
    const meditate = daysOf(user.id, "Meditate");
    expect(meditate).toHaveLength(13);
    expect(meditate.slice(9)).toEqual([
      { day: "2026-06-10", done: 1, skipped: 0, value: null, note: null },
      { day: "2026-06-11", done: 0, skipped: 1, value: null, note: "ill" },
      { day: "2026-06-13", done: 0, skipped: 0, value: null, note: "forgot the app" },
      { day: "2026-06-14", done: 1, skipped: 0, value: null, note: "long one" },
    ]);
    // Loop's automatic checkmarks are not check-ins.
    expect(daysOf(user.id, "Gym").map((d) => d.day)).toEqual(["2026-06-01", "2026-06-03"]);
    expect(daysOf(user.id, "Read")).toEqual([
      { day: "2026-06-10", done: 1, skipped: 0, value: 35, note: "great chapter" },
      { day: "2026-06-11", done: 0, skipped: 0, value: 12.5, note: null },
      { day: "2026-06-12", done: 0, skipped: 1, value: null, note: null },
    ]);
    expect(daysOf(user.id, "Coffee").map((d) => [d.value, d.done])).toEqual([
      [1, 1],
      [3, 0],
    ]);
    const [summary] = habitSummaries([by("Meditate")], "2026-06-15");
    expect(summary!.bestStreak).toBeGreaterThanOrEqual(10);
  });

  it("changes nothing when the same file comes again", async () => {
    const user = await owner();
    importLoopHabits(user, fixture("loop-v25.db"), now);
    const before = snapshot(user.id);
    const again = importLoopHabits(user, fixture("loop-v25.db"), new Date(now.getTime() + 60_000));
    expect(again).toEqual({ habitsAdded: 0, habitsFound: 6, daysAdded: 0, daysLeftOut: 0 });
    expect(snapshot(user.id)).toEqual(before);
  });
});

describe("importing an old backup and a CSV export (no uuid: found again by name)", () => {
  it("imports the oldest schema once", async () => {
    const user = await owner();
    expect(importLoopHabits(user, fixture("loop-v09.db"), now)).toMatchObject({
      habitsAdded: 3,
      daysAdded: 16,
    });
    expect(daysOf(user.id, "Meditate").every((d) => d.done === 1)).toBe(true);
    const before = snapshot(user.id);
    expect(importLoopHabits(user, fixture("loop-v09.db"), now)).toMatchObject({
      habitsAdded: 0,
      habitsFound: 3,
      daysAdded: 0,
    });
    expect(snapshot(user.id)).toEqual(before);
  });

  it("imports the CSV export once, into a habit of the same name it already has", async () => {
    const user = await owner();
    importLoopHabits(user, fixture("loop-v09.db"), now);
    const result = importLoopHabits(user, fixture("loop-csv.zip"), now);
    // Meditate and Floss were there; Meditate's days 06-11..06-14 are new or kept as they were.
    expect(result.habitsAdded).toBe(2);
    expect(result.habitsFound).toBe(2);
    const before = snapshot(user.id);
    importLoopHabits(user, fixture("loop-csv.zip"), now);
    expect(snapshot(user.id)).toEqual(before);
  });
});

describe("an import with no room", () => {
  it("is refused whole, leaving the account as it was", async () => {
    const user = await owner();
    const many = Array.from({ length: 21 }, (_, i) => ({
      ...fixture("loop-v25.db")[0]!,
      uuid: null,
      name: `Habit ${i}`,
    }));
    const before = snapshot(user.id);
    expect(() => importLoopHabits(user, many, now)).toThrow(/at most 20/);
    expect(snapshot(user.id)).toEqual(before);
  });
});
