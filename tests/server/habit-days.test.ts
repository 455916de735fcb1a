import { addDays, localDay } from "~/utils/time/local-time";
import { signUp, startBuiltServer, type BuiltServer } from "./built-server";
import { zoneAwayFromMidnight } from "./zones";

// Habits checked off where they are shown, as a browser without JavaScript posts them: one tap on
// /habits marks today done and another takes it back; the habit's page sets a day of the last week.
// The API, the stats and the streak agree with every tap; nobody else's tap reaches the habit.

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer();
});
afterAll(() => server.stop());

async function habitOwner() {
  const timezone = zoneAwayFromMidnight(new Date());
  const account = await signUp(server, { timezone });
  const created = await account.client.request("/api/habits", {
    json: { title: "Meditate", days: [0, 1, 2, 3, 4, 5, 6] },
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const today = localDay(new Date(), timezone);
  // Started a week ago, so the habit's page may set any day of the last seven.
  server.db().prepare("update habits set start_date = ? where id = ?").run(addDays(today, -7), id);
  const habit = async () => {
    const habits = (await (await account.client.request("/api/habits")).json()) as {
      id: number;
      streak: number;
    }[];
    return habits.find((h) => h.id === id)!;
  };
  const stats = async () =>
    (await (await account.client.request("/api/stats")).json()) as Record<string, number>;
  return { ...account, id, today, habit, stats };
}

it("one tap on /habits marks today done and one more takes it back; the habit's page sets yesterday", async () => {
  const owner = await habitOwner();
  const tap = (path: string, intent: string) =>
    owner.client.request(path, { form: { intent, habitId: String(owner.id) } });

  const done = await tap("/habits", `done:${owner.today}`);
  expect(done.status).toBe(302);
  expect(done.headers.get("location")).toMatch(/^\/habits/);
  expect(await owner.habit()).toMatchObject({ streak: 1 });
  expect(await owner.stats()).toMatchObject({ completedGoals: 1, openGoals: 0 });

  const yesterday = addDays(owner.today, -1);
  const past = await tap(`/habits/${owner.id}`, `done:${yesterday}`);
  expect(past.status).toBe(302);
  expect(await owner.habit()).toMatchObject({ streak: 2 });

  const undone = await tap("/habits", `undo:${owner.today}`);
  expect(undone.status).toBe(302);
  // Today is open again: it breaks nothing yet, and yesterday still counts.
  expect(await owner.habit()).toMatchObject({ streak: 1 });
  expect(await owner.stats()).toMatchObject({ completedGoals: 1, openGoals: 1 });

  // A day that has not come yet is refused and writes nothing.
  const before = await owner.stats();
  await tap(`/habits/${owner.id}`, `done:${addDays(owner.today, 1)}`);
  expect(await owner.stats()).toEqual(before);
});

it("another account's tap with your habit's id is answered 404 and changes nothing", async () => {
  const owner = await habitOwner();
  const stranger = await signUp(server);
  for (const path of ["/habits", `/habits/${owner.id}`]) {
    const response = await stranger.client.request(path, {
      form: { intent: `done:${owner.today}`, habitId: String(owner.id) },
    });
    expect(response.status).toBe(404);
  }
  expect(await owner.habit()).toMatchObject({ streak: 0 });
  expect(await owner.stats()).toMatchObject({ completedGoals: 0 });
});
