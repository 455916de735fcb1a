import { eq } from "drizzle-orm";
import { db, schema } from "~/utils/db/db.server";
import { createTestUser } from "../../tests/helpers/requests";
import { MESSAGE_MAX_LENGTH } from "./chat-schema";
import { conversationCsv } from "./message-history.server";
import { mediaIdOf, ownMediaIds } from "./message-media.server";
import {
  dayLabel,
  daySummary,
  MESSAGES_PER_PAGE,
  PAGE_TEXT_BUDGET,
  threadDays,
  threadPage,
} from "./thread.server";

type Owner = { id: number; timezone: string };

function addMessage(
  userId: number,
  createdAt: string,
  values: Partial<typeof schema.messages.$inferInsert> = {},
) {
  return db
    .insert(schema.messages)
    .values({
      userId,
      fromSystem: false,
      body: `message at ${createdAt}`,
      source: "sms",
      createdAt: new Date(createdAt),
      ...values,
    })
    .returning()
    .get();
}

function addMedia(userId: number, id: string, fileName: string) {
  db.insert(schema.media)
    .values({ id, userId, fileName, contentType: "image/jpeg", size: 3, data: Buffer.from("abc") })
    .run();
}

async function newOwner(timezone = "America/New_York"): Promise<Owner> {
  const user = await createTestUser();
  db.update(schema.users).set({ timezone }).where(eq(schema.users.id, user.id)).run();
  return { id: user.id, timezone };
}

// Sunday 2026-11-22, 10:00 in New York.
const NOW = new Date("2026-11-22T15:00:00Z");

describe("thread grouping by the user's local day", () => {
  it("puts a message sent at 23:30 in New York on that day, not on the next UTC day", async () => {
    const user = await newOwner();
    // 23:30 on Saturday the 21st in New York is 04:30 UTC on the 22nd.
    const late = addMessage(user.id, "2026-11-22T04:30:00Z", { body: "late on Saturday" });
    const early = addMessage(user.id, "2026-11-22T05:10:00Z", { body: "just after midnight" });
    const page = threadPage(user, null, NOW);
    expect(page.days.map((d) => d.day)).toEqual(["2026-11-21", "2026-11-22"]);
    expect(page.days[1]!.messages.map((m) => m.id)).toEqual([early.id]);
    expect(page.days[0]!.messages.map((m) => m.id)).toEqual([late.id]);
    expect(page.days[0]!.messages[0]!.time).toBe("11:30 PM");
    expect(page.days[0]!.label).toBe("Saturday, November 21, 2026");
  });

  it("reads the same instants in another zone by that zone's days", async () => {
    const user = await newOwner("America/Los_Angeles");
    addMessage(user.id, "2026-11-22T04:30:00Z"); // 20:30 on the 21st in Los Angeles
    addMessage(user.id, "2026-11-22T05:10:00Z"); // 21:10 on the 21st
    const page = threadPage(user, null, NOW);
    expect(page.days.map((d) => [d.day, d.messages.length])).toEqual([["2026-11-21", 2]]);
    expect(page.days[0]!.messages.map((m) => m.time)).toEqual(["8:30 PM", "9:10 PM"]);
  });

  it("reads like a phone: oldest day first, and within a day the oldest message first", async () => {
    const user = await newOwner();
    const a = addMessage(user.id, "2026-11-20T13:00:00Z");
    const c = addMessage(user.id, "2026-11-22T14:30:00Z");
    const b = addMessage(user.id, "2026-11-22T13:00:00Z");
    const d = addMessage(user.id, "2026-11-22T14:30:00Z"); // same instant as c: by id
    const page = threadPage(user, null, NOW);
    expect(page.days.map((day) => day.day)).toEqual(["2026-11-20", "2026-11-22"]);
    expect(page.days[1]!.messages.map((m) => m.id)).toEqual([b.id, c.id, d.id]);
    expect(page.days[0]!.messages.map((m) => m.id)).toEqual([a.id]);
  });

  it("labels today 'Today - ...' and other days by their long date", async () => {
    const user = await newOwner();
    addMessage(user.id, "2026-11-22T14:00:00Z");
    addMessage(user.id, "2026-11-21T14:00:00Z");
    const labels = threadPage(user, null, NOW).days.map((d) => d.label);
    expect(labels).toEqual(["Saturday, November 21, 2026", "Today - Sunday, November 22, 2026"]);
    expect(dayLabel("2026-11-21", "2026-11-21")).toBe("Today - Saturday, November 21, 2026");
    expect(dayLabel("2027-01-01", "2026-11-21")).toBe("Friday, January 1, 2027");
  });

  it("marks sides, badges and undelivered texts", async () => {
    const user = await newOwner();
    addMessage(user.id, "2026-11-22T13:00:00Z", { fromSystem: true, body: "Good morning!" });
    addMessage(user.id, "2026-11-22T13:01:00Z", { body: "by text" });
    addMessage(user.id, "2026-11-22T13:02:00Z", { body: "by web", source: "web" });
    addMessage(user.id, "2026-11-22T13:03:00Z", {
      fromSystem: true,
      body: "lost",
      status: "failed",
    });
    const [day] = threadPage(user, null, NOW).days;
    expect(day!.messages.map((m) => [m.side, m.badge, m.body, m.time, m.undelivered])).toEqual([
      ["system", null, "Good morning!", "8:00 AM", false],
      ["user", "SMS", "by text", "8:01 AM", false],
      ["user", "WEB", "by web", "8:02 AM", false],
      ["system", null, "lost", "8:03 AM", true],
    ]);
  });
});

describe("thread paging by days", () => {
  it("pages 7 days at a time, the newest days on page 1, and says which days are shown", async () => {
    const user = await newOwner();
    const novemberDays = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => `2026-11-${from + i}`);
    // Twelve days with messages: November 11 to 22, two on each day.
    for (let d = 11; d <= 22; d++) {
      addMessage(user.id, `2026-11-${d}T14:00:00Z`);
      addMessage(user.id, `2026-11-${d}T20:00:00Z`);
    }
    expect(threadDays(user)).toHaveLength(12);
    const first = threadPage(user, null, NOW);
    expect(first).toMatchObject({ page: 1, pages: 2, totalDays: 12 });
    expect(first.summary).toBe("Showing 1 to 7 of 12 days");
    // The newest seven days, shown oldest first.
    expect(first.days.map((d) => d.day)).toEqual(novemberDays(16, 22));
    expect(first.days.every((d) => d.messages.length === 2)).toBe(true);
    const second = threadPage(user, "2", NOW);
    expect(second.summary).toBe("Showing 8 to 12 of 12 days");
    expect(second.days.map((d) => d.day)).toEqual(novemberDays(11, 15));
    expect(second.days.every((d) => d.messages.length === 2)).toBe(true);
  });

  it("counts days, not messages, and clamps odd page numbers", async () => {
    const user = await newOwner();
    for (let i = 0; i < 30; i++)
      addMessage(user.id, `2026-11-22T14:${String(i).padStart(2, "0")}:00Z`);
    for (const raw of [null, "0", "-1", "abc", "1.5", "99"]) {
      const page = threadPage(user, raw, NOW);
      expect(page.page).toBe(1);
      expect(page.summary).toBe("Showing 1 to 1 of 1 day");
      expect(page.days[0]!.messages).toHaveLength(30);
    }
  });

  it("has no days for an empty thread", async () => {
    const user = await newOwner();
    expect(threadPage(user, null, NOW)).toEqual({
      days: [],
      page: 1,
      pages: 1,
      totalDays: 0,
      summary: "Showing 0 to 0 of 0 days",
      earlierNotShown: false,
      earlierBefore: null,
      before: null,
    });
    expect(daySummary(1, 3)).toBe("Showing 1 to 3 of 3 days");
  });

  it("shows at most MESSAGES_PER_PAGE messages on a page, the newest, and says the earlier ones are left out", async () => {
    const user = await newOwner();
    const start = new Date("2026-11-21T14:00:00Z").getTime();
    const insert = db.insert(schema.messages);
    for (let n = 0; n < MESSAGES_PER_PAGE + 20; n++) {
      insert
        .values({
          userId: user.id,
          fromSystem: n % 2 === 1,
          body: `text ${n}`,
          source: "sms",
          createdAt: new Date(start + n * 60_000),
        })
        .run();
    }
    const page = threadPage(user, null, NOW);
    const shown = page.days.flatMap((d) => d.messages);
    expect(shown).toHaveLength(MESSAGES_PER_PAGE);
    expect(shown[0]!.body).toBe("text 20");
    expect(shown.at(-1)!.body).toBe(`text ${MESSAGES_PER_PAGE + 19}`);
    expect(page.earlierNotShown).toBe(true);
    expect(page.totalDays).toBe(1);
  });

  it("splits a full day of the longest texts into parts within PAGE_TEXT_BUDGET, each linked from the one after", async () => {
    const user = await newOwner();
    const start = new Date("2026-11-21T13:00:00Z").getTime();
    const insert = db.insert(schema.messages);
    for (let n = 0; n < MESSAGES_PER_PAGE; n++) {
      insert
        .values({
          userId: user.id,
          fromSystem: n % 2 === 1,
          body: `${n} `.padEnd(MESSAGE_MAX_LENGTH, "x"),
          source: "sms",
          createdAt: new Date(start + n * 60_000),
        })
        .run();
    }
    const seen: string[] = [];
    let part = threadPage(user, null, NOW);
    expect(part.before).toBeNull();
    for (let parts = 1; ; parts++) {
      const shown = part.days.flatMap((d) => d.messages.map((m) => m.body));
      expect(shown.join("").length).toBeLessThanOrEqual(PAGE_TEXT_BUDGET);
      // Each part is oldest first and ends just before the part read before it.
      seen.unshift(...shown);
      if (part.earlierBefore === null) {
        expect(parts).toBe(Math.ceil((MESSAGES_PER_PAGE * MESSAGE_MAX_LENGTH) / PAGE_TEXT_BUDGET));
        break;
      }
      expect(part.earlierNotShown).toBe(true);
      part = threadPage(user, null, NOW, String(part.earlierBefore));
      expect(part.page).toBe(1);
    }
    expect(seen.map((body) => Number(body.split(" ")[0]))).toEqual(
      Array.from({ length: MESSAGES_PER_PAGE }, (_, n) => n),
    );
  });

  it("ignores a 'before' that names no message of the user's", async () => {
    const user = await newOwner();
    const other = await newOwner();
    addMessage(user.id, "2026-11-21T14:00:00Z", { body: "mine" });
    const theirs = addMessage(other.id, "2026-11-21T15:00:00Z", { body: "theirs" });
    for (const before of [String(theirs.id), "x", "-1", "1e400"]) {
      const part = threadPage(user, null, NOW, before);
      expect(part.before).toBeNull();
      expect(part.days.flatMap((d) => d.messages.map((m) => m.body))).toEqual(["mine"]);
    }
  });
});

describe("images in the thread", () => {
  it("labels the user's stored photos '[Image: file name]' with a link, others as unavailable", async () => {
    const user = await newOwner();
    const other = await newOwner();
    addMedia(user.id, "own-photo-token-0001", "photo-1.jpeg");
    addMedia(other.id, "not-mine-token-0001", "secret.png");
    addMessage(user.id, "2026-11-22T14:00:00Z", {
      body: "done",
      mediaUrls: ["/media/own-photo-token-0001", "/media/not-mine-token-0001", "/media/gone"],
    });
    const [message] = threadPage(user, null, NOW).days[0]!.messages;
    expect(message!.images).toEqual([
      { label: "[Image: photo-1.jpeg]", href: "/media/own-photo-token-0001" },
      { label: "[Image: unavailable]", href: null },
      { label: "[Image: unavailable]", href: null },
    ]);
  });

  it("accepts only the caller's own /media/{id} URLs", async () => {
    const user = await newOwner();
    const other = await newOwner();
    addMedia(user.id, "mine-token-00000001", "photo-1.jpeg");
    addMedia(other.id, "theirs-token-000001", "photo-1.png");
    expect(mediaIdOf("/media/abc_-9")).toBe("abc_-9");
    expect(mediaIdOf("https://example.com/media/abc")).toBe("abc");
    expect(mediaIdOf("/media/../etc")).toBeNull();
    expect(mediaIdOf("javascript:alert(1)")).toBeNull();
    expect(
      ownMediaIds(user.id, ["/media/mine-token-00000001", "/media/mine-token-00000001"]),
    ).toEqual({ ok: true, ids: ["mine-token-00000001"] });
    expect(ownMediaIds(user.id, ["/media/theirs-token-000001", "/x/y"])).toEqual({
      ok: false,
      refused: ["/media/theirs-token-000001", "/x/y"],
    });
    expect(ownMediaIds(user.id, [])).toEqual({ ok: true, ids: [] });
  });
});

describe("CSV export", () => {
  it("exports the whole conversation oldest first in the user's time zone", async () => {
    const user = await newOwner();
    addMedia(user.id, "csv-photo-token-001", "photo-1.jpeg");
    addMessage(user.id, "2026-11-22T04:30:00Z", { body: "=cmd|' /C calc'!A0" });
    addMessage(user.id, "2026-11-22T13:00:00Z", {
      fromSystem: true,
      body: "Good morning, what's up?",
    });
    addMessage(user.id, "2026-11-22T13:05:00Z", {
      body: 'Run 5k, "fast"',
      source: "web",
      mediaUrls: ["/media/csv-photo-token-001"],
    });
    const csv = [...conversationCsv(user)].join("");
    expect(csv.split("\r\n")).toEqual([
      "date,time,from,channel,text,images",
      "2026-11-21,11:30 PM,You,SMS,'=cmd|' /C calc'!A0,",
      '2026-11-22,8:00 AM,StreakCoach,SMS,"Good morning, what\'s up?",',
      '2026-11-22,8:05 AM,You,Web,"Run 5k, ""fast""",photo-1.jpeg',
      "",
    ]);
  });

  it("exports only the header for an empty conversation", async () => {
    const user = await newOwner();
    expect([...conversationCsv(user)].join("")).toBe("date,time,from,channel,text,images\r\n");
  });
});
