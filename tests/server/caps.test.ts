import { HttpClient, signUp, startBuiltServer, type BuiltServer } from "./built-server";

// What one account can accumulate is capped in the domain, whichever door it comes through, and
// every list a page or a text shows stays bounded even where old data already holds thousands.

const MAX_HABITS = 100;
const MAX_GOALS_PER_DAY = 50;
const MAX_ACTIVE_LINKS = 20;
const ONE_MEGABYTE = 1_000_000;

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer();
});
afterAll(() => server.stop());

const habitRows = (html: string) => html.match(/<li id="habit-\d+"/g)?.length ?? 0;
const habitIds = (html: string) => [...html.matchAll(/<li id="habit-(\d+)"/g)].map((m) => m[1]);

async function addHabitByForm(client: HttpClient, title: string) {
  return client.request("/habits?index", {
    form: new URLSearchParams([
      ["intent", "create"],
      ["title", title],
      ["schedule", "days"],
      ["days", "1"],
    ]),
  });
}

describe("habits", () => {
  it("stops at 100 habits in all, stopped ones included, through the /api and the page", async () => {
    const { client } = await signUp(server);
    for (let i = 1; i <= MAX_HABITS; i++) {
      const created = await client.request("/api/habits", {
        json: { title: `Habit ${i}`, days: [1] },
      });
      expect(created.status, `habit ${i}`).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const stopped = await client.request(`/api/habits/${id}`, {
        method: "PATCH",
        json: { active: false },
      });
      expect(stopped.status).toBe(200);
    }
    const refused = await client.request("/api/habits", {
      json: { title: "One too many", days: [1] },
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message:
        "You can keep at most 100 habits, stopped ones included. Delete a stopped habit first.",
    });

    const byForm = await addHabitByForm(client, "One too many");
    expect(byForm.status).toBe(400);
    expect(await byForm.text()).toContain(
      "You can keep at most 100 habits, stopped ones included. Delete a stopped habit first.",
    );

    const { n } = server
      .db()
      .prepare("select count(*) as n from habits where title = 'One too many'")
      .get() as { n: number };
    expect(n).toBe(0);
  });

  it("shows the active habits and one page of the stopped ones, with links to the others", async () => {
    const { client, user } = await signUp(server);
    for (let i = 1; i <= MAX_HABITS; i++) {
      const response = await addHabitByForm(client, `Habit ${i}`);
      expect(response.status, `habit ${i}`).toBe(302);
      if (i <= 80) {
        const id = server
          .db()
          .prepare("select max(id) as id from habits where user_id = ?")
          .get(user.id) as { id: number };
        const stop = await client.request("/habits?index", {
          form: { intent: "stop", habitId: String(id.id) },
        });
        expect(stop.status).toBe(302);
      }
    }

    const first = await client.request("/habits");
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain("Stopped (<!-- -->80<!-- -->)");
    expect(habitRows(html)).toBe(20 + 10);
    expect(html).toContain('href="/habits?stopped=2#stopped-habits"');

    const second = await (await client.request("/habits?stopped=2")).text();
    expect(habitRows(second)).toBe(20 + 10);
    expect(second).toContain('href="/habits?stopped=1#stopped-habits"');
    expect(second).toContain('href="/habits?stopped=3#stopped-habits"');
    const stoppedOf = (page: string) => habitIds(page).slice(20);
    expect(stoppedOf(second)).not.toEqual(stoppedOf(html));

    const last = await (await client.request("/habits?stopped=8")).text();
    expect(habitRows(last)).toBe(20 + 10);
    expect(last).not.toContain('href="/habits?stopped=9#stopped-habits"');
  });

  it("answers /habits and /api/habits in bounded size where old data holds 5,000 habits", async () => {
    const { client, user } = await signUp(server);
    const db = server.db();
    const insert = db.prepare(
      `insert into habits (user_id, title, schedules, start_date, active, stopped_on)
       values (?, ?, '[{"from":"2026-01-01","days":[1]}]', '2026-01-01', ?, ?)`,
    );
    db.transaction(() => {
      for (let i = 0; i < 5_000; i++)
        insert.run(user.id, `Old habit ${i}`, i < 40 ? 1 : 0, i < 40 ? null : "2026-02-01");
    })();

    const page = await client.request("/habits");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html.length).toBeLessThan(ONE_MEGABYTE);
    expect(habitRows(html)).toBe(20 + 10);

    const api = await client.request("/api/habits");
    expect(api.status).toBe(200);
    expect(((await api.json()) as unknown[]).length).toBe(MAX_HABITS);
  });
});

describe("goals", () => {
  it("holds at most 50 goals on one day, through the /api, the dashboard and the web chat", async () => {
    const { client } = await signUp(server);
    const now = new Date().toISOString();
    for (let i = 1; i <= MAX_GOALS_PER_DAY; i++) {
      const created = await client.request("/api/goals", {
        json: { description: `Goal ${i}`, dueDate: now },
      });
      expect(created.status, `goal ${i}`).toBe(201);
    }
    const full =
      "You already have 50 goals today, the most one day can hold. Finish or delete one first.";

    const refused = await client.request("/api/goals", {
      json: { description: "One too many", dueDate: now },
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: full });

    const byForm = await client.request("/dashboard", {
      form: { intent: "create", description: "One too many", dueTime: "23:59" },
    });
    expect(byForm.status).toBe(409);
    expect(await byForm.text()).toContain(full);

    const byChat = await client.request("/api/mock/reply-to-sms", {
      json: { body: "goal: One too many", source: "web" },
    });
    expect(byChat.status).toBe(200);
    expect(((await byChat.json()) as { reply: string }).reply).toBe(full);

    const anotherDay = await client.request("/api/goals", {
      json: { description: "Next week", dueDate: new Date(Date.now() + 7 * 86_400_000) },
    });
    expect(anotherDay.status).toBe(201);
    const { id } = (await anotherDay.json()) as { id: number };
    const movedIn = await client.request(`/api/goals/${id}`, {
      method: "PATCH",
      json: { dueDate: now },
    });
    expect(movedIn.status).toBe(409);

    const { n } = server
      .db()
      .prepare("select count(*) as n from goals where description = 'One too many'")
      .get() as { n: number };
    expect(n).toBe(0);

    const list = await client.request("/api/mock/reply-to-sms", {
      json: { body: "what are my goals today", source: "web" },
    });
    const { reply, intent } = (await list.json()) as { reply: string; intent: string };
    expect(intent).toBe("list_goals");
    expect(reply).toMatch(/^Today: 1\) Goal 1 .*\+\d+ more$/);
  });

  it("answers the dashboard and a list text in bounded size where 3,000 goals are already today's", async () => {
    const { client, user } = await signUp(server);
    const db = server.db();
    const insert = db.prepare(
      "insert into goals (user_id, description, due_date, created_at) values (?, ?, ?, ?)",
    );
    const now = Date.now();
    db.transaction(() => {
      for (let i = 0; i < 3_000; i++)
        insert.run(user.id, `Old goal ${i} ${"with a long description ".repeat(10)}`, now, now);
    })();

    const dashboard = await client.request("/dashboard");
    expect(dashboard.status).toBe(200);
    const html = await dashboard.text();
    expect(html.length).toBeLessThan(ONE_MEGABYTE);
    expect(html.match(/data-testid="goal-row"/g)?.length).toBeLessThanOrEqual(
      MAX_GOALS_PER_DAY + 10,
    );

    const list = await client.request("/api/mock/reply-to-sms", {
      json: { body: "what are my goals today", source: "web" },
    });
    expect(list.status).toBe(200);
    const body = await list.text();
    expect(body.length).toBeLessThan(ONE_MEGABYTE);
    expect((JSON.parse(body) as { reply: string }).reply).toMatch(/^Today: 1\) Old g.*\+\d+ more$/);
  });
});

describe("share links", () => {
  const create = (client: HttpClient, label: string) =>
    client.request("/settings/share-links", {
      form: { intent: "share-create", label, ownerName: "Sam", expires: "never" },
    });

  it("keeps 20 usable links and only the newest revoked ones however often they are made", async () => {
    const { client, user } = await signUp(server);
    const linksOf = () =>
      server
        .db()
        .prepare("select id, revoked_at from share_links where user_id = ? order by id")
        .all(user.id) as { id: number; revoked_at: number | null }[];
    for (let i = 0; i < 60; i++) {
      expect((await create(client, `Friend ${i}`)).status).toBe(302);
      const newest = linksOf().at(-1)!;
      const revoke = await client.request("/settings/share-links", {
        form: { intent: "share-revoke", linkId: String(newest.id) },
      });
      expect(revoke.status).toBe(302);
    }
    expect(linksOf().length).toBeLessThanOrEqual(21);

    for (let i = 0; i < MAX_ACTIVE_LINKS; i++)
      expect((await create(client, `Coach ${i}`)).status).toBe(302);
    const refused = await create(client, "One too many");
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain(
      "You can have up to 20 active share links. Revoke one you no longer need first.",
    );
    expect(linksOf().filter((l) => l.revoked_at === null).length).toBe(MAX_ACTIVE_LINKS);
  });
});
