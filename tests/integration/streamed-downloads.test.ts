import { asc, desc, eq } from "drizzle-orm";
import * as csvRoute from "~/routes/messages_+/export[.csv]";
import * as exportRoute from "~/routes/settings_+/export[.json]";
import * as goalsApi from "~/routes/api+/goals";
import * as messagesApi from "~/routes/api+/messages";
import * as newsletterRoute from "~/routes/admin_+/newsletter[.csv]";
import * as usersApi from "~/routes/api+/admin.users";
import { CSV_HEADER } from "~/conversation/message-history.server";
import { imageLabel, mediaNames } from "~/conversation/message-media.server";
import { messageTime } from "~/conversation/thread.server";
import { toApiGoals } from "~/goals/goal-api.server";
import { createGoal, todayFor } from "~/goals/goals.server";
import { habitSummaries } from "~/habits/habit-api.server";
import { listHabits } from "~/habits/habits.server";
import { getUserById, toPublicUser } from "~/users/users.server";
import { csvLine } from "~/utils/text/csv";
import { db, schema, sqlite } from "~/utils/db/db.server";
import { localDay } from "~/utils/time/local-time";
import { BATCH_SIZE } from "~/utils/requests/streamed-download.server";
import { call, createTestUser, makeRequest, sessionCookie } from "../helpers/requests";

// The downloads are written a batch of rows at a time; what they write is, byte for byte, what
// building the whole body at once wrote (the reference functions below are those bodies).

const { messages, goals, consents, partners, shareLinks } = schema;

function seedMessages(userId: number, count: number, mediaId: string) {
  const from = Date.UTC(2026, 0, 1);
  const insert = sqlite.prepare(
    "insert into messages (user_id, from_system, body, source, media_urls, created_at) values (?, ?, ?, ?, ?, ?)",
  );
  sqlite.transaction(() => {
    for (let n = 0; n < count; n++) {
      const media = n % 7 === 0 ? JSON.stringify([`/media/${mediaId}`, "/x"]) : "[]";
      const body = n % 5 === 0 ? `=SUM(A1) "${n}", with\nlines` : `text ${n}`;
      // Pairs share a timestamp, so the order within one instant is by id.
      insert.run(
        userId,
        n % 2,
        body,
        n % 3 ? "sms" : "web",
        media,
        from + Math.floor(n / 2) * 60_000,
      );
    }
  })();
}

function referenceCsv(user: { id: number; timezone: string }) {
  const rows = db
    .select()
    .from(messages)
    .where(eq(messages.userId, user.id))
    .orderBy(asc(messages.createdAt), asc(messages.id))
    .all();
  const names = mediaNames(
    user.id,
    rows.flatMap((m) => m.mediaUrls),
  );
  const lines = [csvLine(CSV_HEADER)];
  for (const row of rows) {
    lines.push(
      csvLine([
        localDay(row.createdAt, user.timezone),
        messageTime(row.createdAt, user.timezone),
        row.fromSystem ? "StreakCoach" : "You",
        row.source === "web" ? "Web" : "SMS",
        row.body,
        row.mediaUrls
          .map((url) => imageLabel(url, names).label.replace(/^\[Image: (.*)\]$/, "$1"))
          .join("; "),
      ]),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The export as one JSON.stringify; goals in the order the /api lists all goals (latest due first). */
function referenceExport(userId: number, exportedAt: string) {
  const user = getUserById(userId)!;
  const byUser = eq(goals.userId, userId);
  const allGoals = db
    .select()
    .from(goals)
    .where(byUser)
    .orderBy(desc(goals.dueDate), desc(goals.id));
  return JSON.stringify(
    {
      exportedAt,
      account: toPublicUser(user),
      goals: toApiGoals(allGoals.all(), user.timezone),
      coachNotes: db
        .select({
          day: schema.dayNotes.day,
          note: schema.dayNotes.note,
          createdAt: schema.dayNotes.createdAt,
        })
        .from(schema.dayNotes)
        .where(eq(schema.dayNotes.userId, userId))
        .orderBy(asc(schema.dayNotes.id))
        .all(),
      messages: db
        .select()
        .from(messages)
        .where(eq(messages.userId, userId))
        .orderBy(asc(messages.createdAt), asc(messages.id))
        .all(),
      consents: db.select().from(consents).where(eq(consents.userId, userId)).all(),
      partners: db.select().from(partners).where(eq(partners.userId, userId)).all(),
      shareLinks: db.select().from(shareLinks).where(eq(shareLinks.userId, userId)).all(),
      apiTokens: [],
      webhooks: [],
      habits: habitSummaries(listHabits(userId), todayFor(user)),
    },
    null,
    2,
  );
}

async function ownerWith(messageCount: number) {
  const user = await createTestUser();
  const mediaId = `export-photo-${user.id}`;
  sqlite
    .prepare(
      "insert into media (id, user_id, file_name, content_type, size, created_at) values (?, ?, 'photo-1.jpeg', 'image/jpeg', 1, ?)",
    )
    .run(mediaId, user.id, Date.now());
  seedMessages(user.id, messageCount, mediaId);
  return { user, cookie: await sessionCookie(user.id) };
}

describe.each([0, 3, BATCH_SIZE, BATCH_SIZE + 1, 2 * BATCH_SIZE + 7])(
  "a conversation of %i messages",
  (count) => {
    it("downloads as the same CSV, every message once", async () => {
      const { user, cookie } = await ownerWith(count);
      const response = await call(csvRoute.loader, makeRequest("/messages/export.csv", { cookie }));
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      const csv = await response.text();
      expect(csv).toBe(referenceCsv(user));
      expect(csv.match(/^\d{4}-\d\d-\d\d,/gm) ?? []).toHaveLength(count);
    });

    it("is the same list in GET /api/messages", async () => {
      const { user, cookie } = await ownerWith(count);
      const response = await call(messagesApi.loader, makeRequest("/api/messages", { cookie }));
      expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
      const reference = db
        .select({
          id: messages.id,
          userId: messages.userId,
          fromSystem: messages.fromSystem,
          body: messages.body,
          mediaUrls: messages.mediaUrls,
          source: messages.source,
          createdAt: messages.createdAt,
          linkedGoalIds: messages.linkedGoalIds,
          kind: messages.kind,
          status: messages.status,
        })
        .from(messages)
        .where(eq(messages.userId, user.id))
        .orderBy(asc(messages.createdAt), asc(messages.id))
        .all();
      const body = await response.text();
      expect(body).toBe(JSON.stringify(reference));
      expect(JSON.parse(body)).toHaveLength(count);
    });

    it("is in the data download, with the goals, byte for byte", async () => {
      const { user, cookie } = await ownerWith(count);
      for (let n = 0; n < (count % 3) + 2; n++) {
        createGoal(user.id, {
          description: `Goal ${n}`,
          dueDate: new Date(Date.UTC(2026, 5, n + 1)),
        });
      }
      const response = await call(
        exportRoute.loader,
        makeRequest("/settings/export.json", { cookie }),
      );
      expect(response.headers.get("Content-Type")).toBe("application/json; charset=utf-8");
      const body = await response.text();
      const exportedAt = JSON.parse(body).exportedAt as string;
      expect(body).toBe(referenceExport(user.id, exportedAt));
    });
  },
);

it("lists every goal latest due first in GET /api/goals, across batches", async () => {
  const user = await createTestUser();
  const insert = sqlite.prepare(
    "insert into goals (user_id, description, created_at, due_date) values (?, ?, ?, ?)",
  );
  const count = BATCH_SIZE + 3;
  for (let n = 0; n < count; n++) {
    insert.run(
      user.id,
      `Goal ${n}`,
      Date.now(),
      Date.UTC(2026, 0, 1) + Math.floor(n / 3) * 86_400_000,
    );
  }
  const response = await call(
    goalsApi.loader,
    makeRequest(`/api/goals?userId=${user.id}`, { cookie: await sessionCookie(user.id) }),
  );
  const listed = JSON.parse(await response.text()) as { id: number; dueDate: string }[];
  const expected = db
    .select({ id: goals.id })
    .from(goals)
    .where(eq(goals.userId, user.id))
    .orderBy(desc(goals.dueDate), desc(goals.id))
    .all()
    .map((g) => g.id);
  expect(listed.map((g) => g.id)).toEqual(expected);
  expect(listed).toHaveLength(count);
});

it("lists every user and every newsletter sign-up to an admin, across batches", async () => {
  const admin = await createTestUser({ admin: true });
  const cookie = await sessionCookie(admin.id);
  const signup = sqlite.prepare("insert into newsletter_signups (email, created_at) values (?, ?)");
  const user = sqlite.prepare(
    "insert into users (email, password_hash, phone, timezone, roles, created_at, updated_at) values (?, 'x', ?, 'America/Chicago', '[]', 0, 0)",
  );
  for (let n = 0; n < BATCH_SIZE + 2; n++) {
    signup.run(`reader${n}@example.com`, Date.UTC(2026, 0, 1) + Math.floor(n / 2) * 1000);
    user.run(`bulk${n}@example.com`, `+1312555${String(n).padStart(4, "0")}`);
  }

  const csv = await (
    await call(newsletterRoute.loader, makeRequest("/admin/newsletter.csv", { cookie }))
  ).text();
  const signups = db
    .select()
    .from(schema.newsletterSignups)
    .orderBy(desc(schema.newsletterSignups.createdAt), desc(schema.newsletterSignups.id))
    .all();
  const lines = [
    csvLine(["email", "signed_up_at"]),
    ...signups.map((s) => csvLine([s.email, s.createdAt.toISOString()])),
  ];
  expect(csv).toBe(`${lines.join("\r\n")}\r\n`);

  const users = JSON.parse(
    await (await call(usersApi.loader, makeRequest("/api/admin/users", { cookie }))).text(),
  ) as { id: number }[];
  const ids = db.select({ id: schema.users.id }).from(schema.users).orderBy(asc(schema.users.id));
  expect(users.map((u) => u.id)).toEqual(ids.all().map((u) => u.id));
  const found = JSON.parse(
    await (
      await call(usersApi.loader, makeRequest("/api/admin/users?search=BULK1", { cookie }))
    ).text(),
  ) as { email: string }[];
  expect(found.length).toBeGreaterThan(100);
  expect(found.every((u) => u.email.startsWith("bulk1"))).toBe(true);
});
