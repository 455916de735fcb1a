import fc from "fast-check";
import { goalsDueCount, outcomeCounts, streakFor, streaksFor } from "~/goals/goals.server";
import { outcomeOf } from "~/goals/goal-numbers";
import { updateUser } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";
import { addDays, localDay, startOfLocalDay } from "~/utils/time/local-time";
import { createTestUser } from "../helpers/requests";

// goal_due_slots and goal_completion_slots are kept by triggers on goals (migration 0021), and
// goal_due_totals by triggers on goal_due_slots (0023): whatever writes goals, the counts must be what
// counting the goals gives.

const Q = 900_000;
const floorSlot = (column: string) => `((${column} - (((${column} % ${Q}) + ${Q}) % ${Q})) / ${Q})`;

const countedDueSlots = () =>
  sqlite
    .prepare(
      `select user_id, ${floorSlot("due_date")} as slot, count(*) as goals,
         count(completed_at) as completed,
         sum(completed_at is null and skipped_at is not null) as skipped
       from goals group by 1, 2 order by 1, 2`,
    )
    .all();
const keptDueSlots = () =>
  sqlite
    .prepare("select user_id, slot, goals, completed, skipped from goal_due_slots order by 1, 2")
    .all();
const countedDueTotals = () =>
  sqlite
    .prepare(
      `select user_id, count(*) as goals, count(completed_at) as completed,
         sum(completed_at is null and skipped_at is not null) as skipped
       from goals group by 1 order by 1`,
    )
    .all();
// A user whose goals are all gone keeps a row of zeros.
const keptDueTotals = () =>
  sqlite
    .prepare(
      `select user_id, goals, completed, skipped from goal_due_totals
       where goals != 0 or completed != 0 or skipped != 0 order by 1`,
    )
    .all();
const totalsOf = (userId: number) =>
  sqlite.prepare("select * from goal_due_totals where user_id = ?").all(userId);
const countedCompletionSlots = () =>
  sqlite
    .prepare(
      `select user_id, ${floorSlot("completed_at")} as slot, count(*) as goals
       from goals where completed_at is not null group by 1, 2 order by 1, 2`,
    )
    .all();
const keptCompletionSlots = () =>
  sqlite.prepare("select user_id, slot, goals from goal_completion_slots order by 1, 2").all();

const insertGoal = sqlite.prepare(
  `insert into goals (user_id, description, due_date, completed_at, skipped_at)
   values (?, 'g', ?, ?, ?)`,
);
const countDueBetween = sqlite
  .prepare<[number, number, number], number>(
    "select count(*) from goals where user_id = ? and due_date >= ? and due_date < ?",
  )
  .pluck();
const goalIds = sqlite.prepare<[], number>("select id from goals order by id").pluck();

// Instants around the epoch (negative ones too) and around today, many on slot edges.
const instant = fc.oneof(
  fc.integer({ min: -3 * Q, max: 3 * Q }),
  fc.integer({ min: -40, max: 40 }).map((n) => Date.UTC(2026, 2, 8) + n * Q + (n % 3) - 1),
  fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) }),
);
const maybe = (arb: fc.Arbitrary<number>) => fc.option(arb, { nil: null });

type Op =
  | { kind: "insert"; user: number; due: number; completed: number | null; skipped: number | null }
  | { kind: "update"; pick: number; column: string; value: number | null }
  | { kind: "move"; pick: number; user: number }
  | { kind: "delete"; pick: number }
  | { kind: "delete-user-goals"; user: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("insert" as const),
      user: fc.nat(1),
      due: instant,
      completed: maybe(instant),
      skipped: maybe(instant),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("update" as const),
      pick: fc.nat(),
      column: fc.constantFrom("due_date", "completed_at", "skipped_at", "description"),
      value: maybe(instant),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("move" as const), pick: fc.nat(), user: fc.nat(1) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("delete-user-goals" as const), user: fc.nat(1) }),
  },
);

async function twoUsers() {
  return [(await createTestUser()).id, (await createTestUser()).id];
}

function apply(users: number[], o: Op) {
  const ids = goalIds.all();
  const picked = ids.length ? ids[("pick" in o ? o.pick : 0) % ids.length]! : null;
  switch (o.kind) {
    case "insert":
      insertGoal.run(users[o.user]!, o.due, o.completed, o.skipped);
      return;
    case "update":
      if (picked === null) return;
      if (o.column === "due_date" && o.value === null) return; // not null
      sqlite
        .prepare(`update goals set ${o.column} = ? where id = ?`)
        .run(o.column === "description" ? `g${o.value}` : o.value, picked);
      return;
    case "move":
      if (picked !== null)
        sqlite.prepare("update goals set user_id = ? where id = ?").run(users[o.user]!, picked);
      return;
    case "delete":
      if (picked !== null) sqlite.prepare("delete from goals where id = ?").run(picked);
      return;
    case "delete-user-goals":
      sqlite.prepare("delete from goals where user_id = ?").run(users[o.user]!);
  }
}

describe("goal slot counts kept by triggers", () => {
  it("equal the goals counted per slot after any inserts, updates and deletes", async () => {
    const users = await twoUsers();
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 40 }),
        fc.array(fc.tuple(instant, instant), { maxLength: 5 }),
        (ops, spans) => {
          sqlite.prepare("delete from goals").run();
          for (const o of ops) apply(users, o);
          expect(keptDueSlots()).toEqual(countedDueSlots());
          expect(keptDueTotals()).toEqual(countedDueTotals());
          expect(keptCompletionSlots()).toEqual(countedCompletionSlots());
          for (const [start, end] of [
            ...spans,
            [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
          ]) {
            expect(goalsDueCount(users[0]!, start!, end!)).toBe(
              countDueBetween.get(users[0]!, start!, end!),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
    sqlite.prepare("delete from goals").run();
    expect(keptDueSlots()).toEqual([]);
    expect(keptDueTotals()).toEqual([]);
    expect(keptCompletionSlots()).toEqual([]);
  });

  it("go with the user when the account is deleted", async () => {
    const [id] = await twoUsers();
    insertGoal.run(id!, Date.UTC(2026, 5, 1), Date.UTC(2026, 5, 1), null);
    expect(keptDueSlots()).toHaveLength(1);
    expect(totalsOf(id!)).toHaveLength(1);
    sqlite.prepare("delete from users where id = ?").run(id!);
    expect(keptDueSlots()).toEqual([]);
    expect(totalsOf(id!)).toEqual([]);
    expect(keptCompletionSlots()).toEqual([]);
  });

  // Africa/Monrovia's midnight was 44 minutes 30 seconds off a quarter hour until 1972.
  for (const timezone of ["America/New_York", "Asia/Kathmandu", "Africa/Monrovia"]) {
    it(`give the outcome counts and the streak that the goals give, in ${timezone}`, async () => {
      const user = { id: (await createTestUser()).id, timezone };
      updateUser(user.id, { timezone });
      const base = timezone === "Africa/Monrovia" ? Date.UTC(1971, 5, 1) : Date.UTC(2026, 2, 1);
      const baseDay = localDay(new Date(base), timezone);
      const midnight = (days: number) =>
        startOfLocalDay(addDays(baseDay, days), timezone).getTime();
      const anywhere = fc.integer({ min: base, max: base + 20 * 86_400_000 });
      // Anywhere in 20 days, or within a minute or twenty of the midnight that began today.
      const nearMidnight = (today: number) =>
        fc.oneof(
          anywhere,
          fc.integer({ min: -60_000, max: 60_000 }).map((ms) => midnight(today) + ms),
          fc.integer({ min: -1_200_000, max: 1_200_000 }).map((ms) => midnight(today) + ms),
        );
      const dayAndGoals = fc.nat(19).chain((today) => {
        const at = nearMidnight(today);
        const goal = fc.record({ due: at, completed: maybe(at), skipped: maybe(at) });
        return fc.tuple(fc.constant(today), fc.nat(86_399_999), fc.array(goal, { maxLength: 30 }));
      });
      fc.assert(
        fc.property(dayAndGoals, ([today, sinceMidnight, goals]) => {
          const now = Math.min(midnight(today) + sinceMidnight, midnight(today + 1) - 1);
          sqlite.prepare("delete from goals where user_id = ?").run(user.id);
          for (const g of goals) insertGoal.run(user.id, g.due, g.completed, g.skipped);
          const todayStart = startOfLocalDay(localDay(new Date(now), timezone), timezone).getTime();
          const expected = { completed: 0, skipped: 0, missed: 0, open: 0 };
          for (const g of goals)
            expected[
              outcomeOf({
                completed: g.completed !== null,
                skipped: g.skipped !== null,
                dueDayEnded: g.due < todayStart,
              })
            ] += 1;
          expect(outcomeCounts(user, new Date(now))).toEqual(expected);
          expect(streakFor(user, new Date(now))).toBe(streaksFor(user, new Date(now)).current);
        }),
        { numRuns: 150 },
      );
    });
  }
});
