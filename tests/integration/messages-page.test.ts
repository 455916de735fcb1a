import { eq } from "drizzle-orm";
import * as engine from "~/conversation/inbound.server";
import * as exportRoute from "~/routes/messages_+/export[.csv]";
import * as messagesRoute from "~/routes/messages+/_layout";
import { listAllGoals } from "~/goals/goals.server";
import { db, schema } from "~/utils/db/db.server";
import { addDays, localDay, startOfLocalDay } from "~/utils/time/local-time";
import { call, createTestUser, makeRequest, readJson, sessionCookie } from "../helpers/requests";
import { postChatMessage } from "../helpers/web-chat";
import { messagesOf } from "../helpers/stored-rows";
import { loader as rootLoader } from "~/root";

vi.mock("~/conversation/inbound.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/conversation/inbound.server")>();
  return { ...original, handleIncomingText: vi.fn(original.handleIncomingText) };
});

type TestUser = Awaited<ReturnType<typeof createTestUser>>;

const load = (cookie?: string, query = "") =>
  call(messagesRoute.loader, makeRequest(`/messages${query}`, { cookie }));
const send = postChatMessage;

let user: TestUser;
let cookie: string;

beforeEach(async () => {
  user = await createTestUser();
  cookie = await sessionCookie(user.id);
});

describe("/messages loader", () => {
  it("sends anonymous visitors to /login", async () => {
    for (const response of [await load(), await send("hello")]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toMatch(/^\/login/);
    }
  });

  it("has no days for a new user (the page shows the empty text)", async () => {
    const body = await readJson(await load(cookie));
    expect(body.thread).toMatchObject({ days: [], totalDays: 0, page: 1, pages: 1 });
    expect(body.maxLength).toBe(1600);
  });

  it("labels today 'Today - ' and shows only the signed-in user's messages", async () => {
    const other = await createTestUser();
    db.insert(schema.messages)
      .values([
        { userId: user.id, fromSystem: true, body: "Good morning!" },
        { userId: other.id, fromSystem: false, body: "not yours" },
      ])
      .run();
    const body = await readJson(await load(cookie));
    expect(body.thread.days).toHaveLength(1);
    expect(body.thread.days[0].label).toMatch(
      /^Today - [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}$/,
    );
    expect(body.thread.days[0].messages).toEqual([
      expect.objectContaining({ side: "system", badge: null, body: "Good morning!" }),
    ]);
    expect(body.thread.days[0].messages[0].time).toMatch(/^\d{1,2}:\d\d [AP]M$/);
    expect(body.thread.summary).toBe("Showing 1 to 1 of 1 day");
  });
  it("reads like a phone: days and messages oldest to newest, the newest message last on page 1", async () => {
    // Ten local days with a question and an answer each, the last day today, plus one more message.
    const today = localDay(new Date(), user.timezone);
    const at = (day: number, minute: number) =>
      new Date(startOfLocalDay(addDays(today, -day), user.timezone).getTime() + minute * 60_000);
    const rows = [];
    for (let day = 9; day >= 0; day--) {
      rows.push(
        { userId: user.id, fromSystem: true, body: `ask ${day}`, createdAt: at(day, 0) },
        { userId: user.id, fromSystem: false, body: `answer ${day}`, createdAt: at(day, 1) },
      );
    }
    rows.push({ userId: user.id, fromSystem: true, body: "newest", createdAt: at(0, 2) });
    db.insert(schema.messages).values(rows.reverse()).run();

    type Day = { day: string; label: string; messages: { body: string }[] };
    const bodies = (days: Day[]) => days.flatMap((d) => d.messages.map((m) => m.body));

    const first = (await readJson(await load(cookie))).thread;
    expect(first).toMatchObject({ page: 1, pages: 2, totalDays: 10 });
    const firstDays = first.days.map((d: Day) => d.day);
    expect(firstDays).toEqual([...firstDays].sort());
    expect(first.days.at(-1).label).toMatch(/^Today - /);
    expect(bodies(first.days).slice(-3)).toEqual(["ask 0", "answer 0", "newest"]);
    expect(bodies(first.days).slice(0, 2)).toEqual(["ask 6", "answer 6"]);

    const second = (await readJson(await load(cookie, "?page=2"))).thread;
    expect(second).toMatchObject({ page: 2, pages: 2, summary: "Showing 8 to 10 of 10 days" });
    expect(bodies(second.days)).toEqual([
      "ask 9",
      "answer 9",
      "ask 8",
      "answer 8",
      "ask 7",
      "answer 7",
    ]);
    expect(second.days.at(-1).day < first.days[0].day).toBe(true);
  });
});

describe("/messages action (the web chat)", () => {
  it("refuses a blank message with the field's error: nothing is stored or answered", async () => {
    for (const text of ["", "   ", "\n\t ", null]) {
      const response = await send(text, cookie);
      expect(response.status).toBe(400);
      expect((await readJson(response)).result.error).toEqual({
        message: ["Type a message to send"],
      });
    }
    expect(messagesOf(user.id)).toEqual([]);
  });

  it("sends a message through the engine as web and stores the coach's answer", async () => {
    const response = await send("  goal: Run 5k  ", cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/messages#latest");
    const [reply, mine] = messagesOf(user.id);
    expect(mine).toMatchObject({ fromSystem: false, source: "web", body: "goal: Run 5k" });
    expect(reply).toMatchObject({ fromSystem: true, source: "web" });
    expect(reply!.body).toMatch(/^Got it/);
    expect(reply!.body).toContain("Run 5k");
    expect(listAllGoals(user.id).map((g) => g.description)).toEqual(["Run 5k"]);
    // Nothing was texted: the answer to a web message stays on the web.
    const texted = db
      .select()
      .from(schema.localOutbox)
      .where(eq(schema.localOutbox.toPhone, user.phone))
      .all();
    expect(texted).toEqual([]);

    const page = await readJson(await load(cookie));
    const today = page.thread.days.at(-1);
    expect(today.label).toMatch(/^Today - /);
    expect(
      today.messages.map((m: { side: string; badge: string | null }) => [m.side, m.badge]),
    ).toEqual([
      ["user", "WEB"],
      ["system", null],
    ]);
  });

  it("refuses a message over 1600 characters with a clear error and sends nothing", async () => {
    const response = await send("x".repeat(1601), cookie);
    expect(response.status).toBe(400);
    const body = await readJson(response);
    expect(body.result.error.message).toEqual(["Message must be at most 1600 characters"]);
    expect(messagesOf(user.id)).toEqual([]);
    expect((await send("y".repeat(1600), cookie)).status).toBe(302);
  });

  it("shows 'Error' / 'Failed to send message' when the engine fails", async () => {
    vi.mocked(engine.handleIncomingText).mockRejectedValueOnce(new Error("boom"));
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const response = await send("hello", cookie);
    spy.mockRestore();
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/messages#latest");
    const toast = response.headers.getSetCookie().find((c) => c.startsWith("__toast="));
    expect(toast).toBeDefined();
    const page = await call(
      rootLoader,
      makeRequest("/messages", { cookie: `${cookie}; ${toast!.split(";")[0]}` }),
    );
    expect((await readJson(page)).toast).toEqual({
      title: "Error",
      description: "Failed to send message",
      type: "error",
    });
  });
});

describe("/messages/export.csv", () => {
  it("sends anonymous visitors to /login", async () => {
    const response = await call(exportRoute.loader, makeRequest("/messages/export.csv"));
    expect(response.status).toBe(302);
  });

  it("downloads the conversation as CSV", async () => {
    await send("goal: Read =1+1 pages", cookie);
    const response = await call(
      exportRoute.loader,
      makeRequest("/messages/export.csv", { cookie }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="streakcoach-conversation-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = (await response.text()).split("\r\n");
    expect(lines[0]).toBe("date,time,from,channel,text,images");
    expect(lines[1]).toMatch(
      /^\d{4}-\d\d-\d\d,\d{1,2}:\d\d [AP]M,You,Web,goal: Read =1\+1 pages,$/,
    );
    expect(lines[2]).toMatch(/,StreakCoach,Web,/);
  });
});
