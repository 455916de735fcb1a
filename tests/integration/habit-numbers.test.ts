import fc from "fast-check";
import { todayOutcome } from "~/habits/habit-days";
import { habitHistories } from "~/habits/habit-history.server";
import { habitDayNumbers } from "~/habits/habit-numbers.server";
import { habitNumbers } from "~/habits/habit-stats";
import { createHabit, getHabit, updateHabit } from "~/habits/habits.server";
import { getUserById } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";
import { addDays } from "~/utils/time/local-time";
import { createTestUser } from "../helpers/requests";

// A habit's numbers are kept between views while its version (raised by triggers on the habit and
// its goals, migration 0024) and the day are the same: whatever writes, the kept numbers must be the
// ones its days give.

// New York, EDT. 2026-06-15 is a Monday.
const at = (day: string) => new Date(`2026-06-${day}T16:00:00Z`);
const START = "2026-06-01";

async function owner() {
  const created = await createTestUser();
  return getUserById(created.id)!;
}

const versionOf = (habitId: number) =>
  sqlite.prepare<[number], number>("select version from habits where id = ?").pluck().get(habitId)!;

const insertDay = sqlite.prepare(
  `insert or ignore into goals (user_id, description, due_date, habit_id, habit_day, completed_at, skipped_at)
   values (?, 'habit', ?, ?, ?, ?, ?)`,
);

function freshNumbers(habitId: number, userId: number, today: string) {
  const habit = getHabit(userId, habitId)!;
  const history = habitHistories([habit], today).get(habitId)!;
  return { ...habitNumbers(history, today), today: todayOutcome(history, today) };
}

it("raises a habit's version with every change to it or to its goals' days, and never lowers it", async () => {
  const user = await owner();
  const habit = createHabit(
    user,
    { title: "Run", schedule: { days: [1, 3, 5] }, time: null },
    at("01"),
  );
  let last = versionOf(habit.id);
  const rises = () => {
    const now = versionOf(habit.id);
    const rose = now > last;
    last = now;
    return rose;
  };

  insertDay.run(user.id, at("15").getTime(), habit.id, "2026-06-15", null, null);
  expect(rises()).toBe(true);
  sqlite.prepare("update goals set completed_at = ? where habit_id = ?").run(Date.now(), habit.id);
  expect(rises()).toBe(true);
  sqlite.prepare("update goals set description = 'renamed' where habit_id = ?").run(habit.id);
  expect(rises()).toBe(false);
  updateHabit(user, habit.id, { days: [1, 2] }, at("16"));
  expect(rises()).toBe(true);
  // A whole row written back as it was (an undo) still raises it.
  sqlite.prepare("update habits set version = 0, title = 'Run' where id = ?").run(habit.id);
  expect(rises()).toBe(true);
  sqlite
    .prepare("insert into goals (user_id, description, due_date) values (?, 'other', ?)")
    .run(user.id, at("15").getTime());
  expect(rises()).toBe(false);
  sqlite.prepare("delete from goals where habit_id = ?").run(habit.id);
  expect(rises()).toBe(true);
});

type Op =
  | { kind: "set-day"; habit: number; day: number; outcome: "done" | "skipped" | "open" }
  | { kind: "delete-day"; habit: number; day: number }
  | { kind: "reschedule"; habit: number; days: number[] }
  | { kind: "stop-or-restart"; habit: number }
  | { kind: "view"; habit: number; dayAfter: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("set-day" as const),
    habit: fc.nat(1),
    day: fc.nat(20),
    outcome: fc.constantFrom("done" as const, "skipped" as const, "open" as const),
  }),
  fc.record({ kind: fc.constant("delete-day" as const), habit: fc.nat(1), day: fc.nat(20) }),
  fc.record({
    kind: fc.constant("reschedule" as const),
    habit: fc.nat(1),
    days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
  }),
  fc.record({ kind: fc.constant("stop-or-restart" as const), habit: fc.nat(1) }),
  fc.record({ kind: fc.constant("view" as const), habit: fc.nat(1), dayAfter: fc.nat(2) }),
);

it("gives the numbers a habit's days give, after any writes, viewed with any copy of its row", async () => {
  const user = await owner();
  const ids = [
    createHabit(
      user,
      { title: "A", schedule: { days: [0, 1, 2, 3, 4, 5, 6] }, time: null },
      at("01"),
    ).id,
    createHabit(user, { title: "B", schedule: { timesPerWeek: 3 }, time: null }, at("01")).id,
  ];
  const setDay = sqlite.prepare(
    "update goals set completed_at = ?, skipped_at = ? where habit_id = ? and habit_day = ?",
  );
  await fc.assert(
    fc.property(fc.array(op, { minLength: 1, maxLength: 25 }), (ops) => {
      // Rows read before the writes: the copies a slow caller might still hold.
      const heldRows = ids.map((id) => getHabit(user.id, id)!);
      for (const step of ops) {
        const habitId = ids[step.kind === "view" ? step.habit : step.habit]!;
        const day = "day" in step ? addDays(START, step.day) : START;
        if (step.kind === "set-day") {
          const done = step.outcome === "done" ? Date.now() : null;
          const skipped = step.outcome === "skipped" ? Date.now() : null;
          insertDay.run(user.id, at("15").getTime(), habitId, day, done, skipped);
          setDay.run(done, skipped, habitId, day);
        } else if (step.kind === "delete-day") {
          sqlite
            .prepare("delete from goals where habit_id = ? and habit_day = ?")
            .run(habitId, day);
        } else if (step.kind === "reschedule") {
          updateHabit(user, habitId, { days: step.days }, at("16"));
        } else if (step.kind === "stop-or-restart") {
          const active = getHabit(user.id, habitId)!.active;
          updateHabit(user, habitId, { active: !active }, at("16"));
        }
        const today = addDays("2026-06-16", step.kind === "view" ? step.dayAfter : 0);
        for (const rows of [ids.map((id) => getHabit(user.id, id)!), heldRows]) {
          const kept = habitDayNumbers(rows, today);
          for (const id of ids) expect(kept.get(id)).toEqual(freshNumbers(id, user.id, today));
        }
      }
    }),
    { numRuns: 60 },
  );
});
