import { createGoal, completeGoal } from "~/goals/goals.server";
import { skipGoal } from "~/goals/goal-edits.server";
import { runTick } from "~/scheduler/tick.server";
import { todayCard } from "~/dashboard/today-card.server";
import { optOut } from "~/sms/may-text.server";
import { getUserById, toPublicUser } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";
import { createTestUser } from "../helpers/requests";

// The dashboard's Today card says what the scheduler will do: the next text from the tick's own
// slots, or why no text comes. The tick picks its users in SQL; this holds the two to one answer.

const at = (iso: string) => new Date(iso);
// Tuesday, 2026-12-08: 08:00 in New York is 13:00 UTC.
const MORNING = at("2026-12-08T13:00:00Z");

function set(userId: number, sql: string, ...values: unknown[]) {
  sqlite.prepare(`update users set ${sql} where id = ?`).run(...values, userId);
}

async function userIn(state: string) {
  const user = await createTestUser();
  set(user.id, "phone_verified_at = ?", Date.now());
  if (state === "unverified") set(user.id, "phone_verified_at = null");
  if (state === "opted_out") optOut(user.phone, "keyword");
  if (state === "undeliverable") set(user.id, "phone_undeliverable_code = '21614'");
  if (state === "reminders_off") set(user.id, "send_check_in_reminders = 0");
  if (state === "paused") set(user.id, "paused_until = ?", MORNING.getTime() + 3 * 86_400_000);
  return user.id;
}

const card = (userId: number, now: Date, goals = []) =>
  todayCard(toPublicUser(getUserById(userId)!), goals, now);

it("agrees with the tick on who gets the morning text, and says why the others do not", async () => {
  const states = ["on", "unverified", "opted_out", "undeliverable", "reminders_off", "paused"];
  const ids = new Map<string, number>();
  for (const state of states) ids.set(state, await userIn(state));
  const before = new Date(MORNING.getTime() - 60_000);
  for (const [state, id] of ids) expect(card(id, before).state, state).toBe(state);

  await runTick(MORNING);
  const texted = new Set(
    sqlite
      .prepare<[], { user_id: number }>(
        "select user_id from scheduled_sends where kind = 'morning'",
      )
      .all()
      .map((r) => r.user_id),
  );
  for (const [state, id] of ids) expect(texted.has(id), state).toBe(state === "on");
});

describe("the next text", () => {
  it("is this morning's question before it goes out", async () => {
    const id = await userIn("on");
    expect(card(id, at("2026-12-08T11:00:00Z"))).toEqual({
      state: "on",
      next: "Next text: Tuesday 8:00 AM",
      about: "We'll ask for your goals for the day.",
    });
  });

  it("is this evening's check-in while a goal is open, tomorrow morning once all are done or skipped", async () => {
    const id = await userIn("on");
    const noon = at("2026-12-08T17:00:00Z");
    const run = createGoal(id, { description: "Run", dueDate: at("2026-12-08T23:00:00Z") });
    const read = createGoal(id, { description: "Read", dueDate: at("2026-12-08T23:00:00Z") });
    expect(card(id, noon, [run, read] as never)).toMatchObject({
      next: "Next text: Tuesday 7:00 PM",
      about: "We'll ask how today's goals went.",
    });
    const done = completeGoal(id, run.id, {}, noon)!;
    const skipped = skipGoal(id, read.id, noon)!;
    expect(card(id, noon, [done, skipped] as never)).toMatchObject({
      next: "Next text: Wednesday 8:00 AM",
    });
  });
});
