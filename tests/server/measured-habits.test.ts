import { addDays, localDay } from "~/utils/time/local-time";
import { signUp, startBuiltServer, type BuiltServer } from "./built-server";
import { zoneAwayFromMidnight } from "./zones";

// Measured habits through the /api of the production build: a habit made with a target, its days
// set by PUT /api/habits/{id}/days/{day} (value, note, done, skipped), the streak and strength that
// follow, the goal carrying the value, and nobody else reaching the habit's days.

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer();
});
afterAll(() => server.stop());

type HabitAnswer = { id: number; streak: number; strength: number; target: number | null };

async function readerOf30Pages() {
  const timezone = zoneAwayFromMidnight(new Date());
  const account = await signUp(server, { timezone });
  const created = await account.client.request("/api/habits", {
    json: { title: "Read", days: [0, 1, 2, 3, 4, 5, 6], target: 30, unit: "pages" },
  });
  expect(created.status).toBe(201);
  const habit = (await created.json()) as HabitAnswer & Record<string, unknown>;
  expect(habit).toMatchObject({ target: 30, unit: "pages", per: "day", atMost: false });
  const today = localDay(new Date(), timezone);
  server
    .db()
    .prepare("update habits set start_date = ? where id = ?")
    .run(addDays(today, -7), habit.id);
  const setDay = (day: string, json: unknown, client = account.client) =>
    client.request(`/api/habits/${habit.id}/days/${day}`, { method: "PUT", json });
  const current = async () =>
    ((await (await account.client.request("/api/habits")).json()) as HabitAnswer[]).find(
      (h) => h.id === habit.id,
    )!;
  return { ...account, id: habit.id, today, setDay, current };
}

it("a day's value meets the target or not, and the streak and strength follow it", async () => {
  const owner = await readerOf30Pages();
  const yesterday = addDays(owner.today, -1);
  const met = await owner.setDay(yesterday, { value: 35, note: "great chapter" });
  expect(met.status).toBe(200);
  expect(await met.json()).toEqual({
    habitId: owner.id,
    day: yesterday,
    status: "done",
    value: 35,
    note: "great chapter",
    summary: "35 of 30 pages ✓",
  });
  const afterMet = await owner.current();
  expect(afterMet.streak).toBe(1);

  const short = await owner.setDay(yesterday, { value: 15 });
  expect(await short.json()).toMatchObject({ status: "open", value: 15, note: "great chapter" });
  const afterShort = await owner.current();
  expect(afterShort.streak).toBe(0);
  // Half the target is half the climb: above nothing, below the day met.
  expect(afterShort.strength).toBeGreaterThan(0);
  expect(afterShort.strength).toBeLessThan(afterMet.strength);

  const goals = (await (await owner.client.request("/api/goals")).json()) as {
    habitDay: string | null;
    value: number | null;
    note: string | null;
  }[];
  expect(goals.find((g) => g.habitDay === yesterday)).toMatchObject({
    value: 15,
    note: "great chapter",
  });
});

it("done, skipped and a cleared value say what the day is", async () => {
  const owner = await readerOf30Pages();
  expect(await (await owner.setDay(owner.today, { done: true })).json()).toMatchObject({
    status: "done",
    value: null,
  });
  expect(await (await owner.setDay(owner.today, { skipped: true })).json()).toMatchObject({
    status: "skipped",
  });
  expect(await (await owner.setDay(owner.today, { value: 40 })).json()).toMatchObject({
    status: "done",
  });
  expect(await (await owner.setDay(owner.today, { value: null, note: null })).json()).toMatchObject(
    { status: "open", value: null, note: null },
  );
});

it("refuses what a day cannot take, and answers 404 for another account's habit", async () => {
  const owner = await readerOf30Pages();
  expect((await owner.setDay(addDays(owner.today, 1), { value: 5 })).status).toBe(409);
  expect((await owner.setDay("2026-02-30", { value: 5 })).status).toBe(400);
  expect((await owner.setDay(owner.today, { value: -1 })).status).toBe(400);
  expect((await owner.setDay(owner.today, { value: "lots" })).status).toBe(400);
  expect((await owner.setDay(owner.today, {})).status).toBe(400);
  const stranger = await signUp(server);
  const theirs = await owner.setDay(owner.today, { value: 50 }, stranger.client);
  expect(theirs.status).toBe(404);
  expect(await owner.current()).toMatchObject({ streak: 0 });
  const yesNo = await stranger.client.request("/api/habits", {
    json: { title: "Floss", days: [0, 1, 2, 3, 4, 5, 6] },
  });
  const { id } = (await yesNo.json()) as { id: number };
  const valued = await stranger.client.request(`/api/habits/${id}/days/${owner.today}`, {
    method: "PUT",
    json: { value: 3 },
  });
  expect(valued.status).toBe(409);
});
