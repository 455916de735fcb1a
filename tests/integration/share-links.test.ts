import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { skipGoal } from "~/goals/goal-edits.server";
import { completeGoal, createGoal } from "~/goals/goals.server";
import { createHabit, stopHabit } from "~/habits/habits.server";
import { getUserById } from "~/users/users.server";
import * as settings from "~/routes/settings+/share-links";
import * as sharePage from "~/routes/share+/$token";
import * as shareMedia from "~/routes/share+/$token_.media.$id";
import * as sharedSummary from "~/routes/share+/$token_.summaries.$period.$date";
import { createShareLink, findActiveShareLink, listShareLinks } from "~/sharing/share-links.server";
import { newShareToken } from "~/sharing/share-rules";
import { formatUsPhone } from "~/users/phone";
import { db, schema } from "~/utils/db/db.server";
import { call, createTestUser, makeRequest, readJson, sessionCookie } from "../helpers/requests";
import { expectWeekOfRunAndRead, seedWeekOfRunAndRead } from "../helpers/summary-week";
import { toastOf } from "../helpers/toasts";

const { shareLinks, media } = schema;
const DAY_MS = 86_400_000;

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

async function signedIn() {
  const user = await createTestUser();
  return { user, cookie: await sessionCookie(user.id) };
}

function post(cookie: string | undefined, fields: Record<string, string>) {
  return call(
    settings.action,
    makeRequest("/settings/share-links", {
      method: "POST",
      body: new URLSearchParams(fields),
      cookie,
    }),
  );
}

const createForm = (overrides: Record<string, string> = {}) => ({
  intent: "share-create",
  label: "For Mom",
  ownerName: "Sam",
  expires: "never",
  ...overrides,
});

const linkCount = () => db.select({ n: count() }).from(shareLinks).get()!.n;

const link = (
  userId: number,
  options: { includePhotos?: boolean; expires?: "never" | "7" | "30" | "90"; now?: Date } = {},
) =>
  createShareLink(
    userId,
    {
      label: "Test link",
      ownerName: "Sam",
      includePhotos: options.includePhotos ?? false,
      expires: options.expires ?? "never",
    },
    options.now,
  );

/** The share page's loader; a thrown Response is returned so its status and headers can be read. */
async function loadPage(token: string) {
  try {
    const response = await sharePage.loader({
      request: makeRequest(`/share/${token}`),
      params: { token },
      context: {},
    });
    return { thrown: false, response };
  } catch (error) {
    if (error instanceof Response) return { thrown: true, response: error };
    throw error;
  }
}

async function pageData(token: string) {
  const { thrown, response } = await loadPage(token);
  expect(thrown).toBe(false);
  expect(response.status).toBe(200);
  return readJson(response);
}

const loadMedia = (token: string, id: string) =>
  call(shareMedia.loader, makeRequest(`/share/${token}/media/${id}`), { token, id });

const loadSummary = (token: string, period: string, date: string) =>
  call(sharedSummary.loader, makeRequest(`/share/${token}/summaries/${period}/${date}`), {
    token,
    period,
    date,
  });

function storePhoto(userId: number) {
  const id = randomBytes(16).toString("base64url");
  db.insert(media)
    .values({
      id,
      userId,
      fileName: "proof.png",
      contentType: "image/png",
      size: PNG.byteLength,
      data: PNG,
    })
    .run();
  return id;
}

async function expectNotFound(token: string) {
  const { thrown, response } = await loadPage(token);
  expect(thrown).toBe(true);
  expect(response.status).toBe(404);
  expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
  expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  return response.text();
}

describe("share links in Settings", () => {
  it("creates a link, lists it, and only its owner can revoke it", async () => {
    const owner = await signedIn();
    const other = await signedIn();

    const created = await post(owner.cookie, createForm());
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/settings/share-links");
    expect(await toastOf(created)).toMatchObject({ title: "Share link created" });

    const before = Date.now();
    const withPhotos = await post(
      owner.cookie,
      createForm({ label: "For my coach", includePhotos: "on", expires: "30" }),
    );
    expect(withPhotos.status).toBe(302);
    const after = Date.now();

    const [second, first, ...more] = listShareLinks(owner.user.id);
    expect(more).toEqual([]);
    expect(first).toMatchObject({
      userId: owner.user.id,
      label: "For Mom",
      ownerName: "Sam",
      includePhotos: false,
      expiresAt: null,
      revokedAt: null,
      state: "active",
    });
    expect(first!.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first!.url).toMatch(new RegExp(`/share/${first!.token}$`));
    expect(second).toMatchObject({ label: "For my coach", includePhotos: true, state: "active" });
    expect(second!.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(second!.expiresAt!.getTime()).toBeLessThanOrEqual(after + 30 * DAY_MS);
    expect(second!.token).not.toBe(first!.token);
    expect(listShareLinks(other.user.id)).toEqual([]);

    const page = await readJson(
      await call(settings.loader, makeRequest("/settings/share-links", { cookie: owner.cookie })),
    );
    expect(page.shareLinks).toMatchObject([
      { id: second!.id, label: "For my coach", state: "active", includePhotos: true },
      { id: first!.id, label: "For Mom", state: "active", expiresLabel: "never" },
    ]);

    // Another user's revoke matches nothing.
    const attempt = await post(other.cookie, {
      intent: "share-revoke",
      linkId: String(first!.id),
    });
    expect(attempt.status).toBe(302);
    expect(await toastOf(attempt)).toMatchObject({ type: "error" });
    expect(findActiveShareLink(first!.token)?.id).toBe(first!.id);
    expect((await loadPage(first!.token)).response.status).toBe(200);

    const revoked = await post(owner.cookie, {
      intent: "share-revoke",
      linkId: String(first!.id),
    });
    expect(revoked.status).toBe(302);
    expect(await toastOf(revoked)).toMatchObject({ title: "Share link revoked" });
    expect(findActiveShareLink(first!.token)).toBeUndefined();
    expect(listShareLinks(owner.user.id).find((l) => l.id === first!.id)?.state).toBe("revoked");
    await expectNotFound(first!.token);
    // The other link is untouched.
    expect(findActiveShareLink(second!.token)?.id).toBe(second!.id);
  });

  it.each([
    ["no expiry chosen", { expires: "" }, "expires"],
    ["an expiry not offered", { expires: "365" }, "expires"],
    ["no label", { label: " " }, "label"],
    ["a name on the page with a URL", { ownerName: "Sam https://evil.example" }, "ownerName"],
  ])("answers 400 and writes nothing for %s", async (_, overrides, field) => {
    const { user, cookie } = await signedIn();
    const before = linkCount();
    const response = await post(cookie, createForm(overrides));
    expect(response.status).toBe(400);
    const body = await readJson(response);
    expect(body.intent).toBe("share-create");
    expect(body.result.error[field]).toEqual([expect.any(String)]);
    expect(linkCount()).toBe(before);
    expect(listShareLinks(user.id)).toEqual([]);
  });

  it("sends anonymous visitors to log in", async () => {
    const before = linkCount();
    const response = await post(undefined, createForm());
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
    expect(linkCount()).toBe(before);
  });

  it("refuses a 21st active link with 409; a revoked one frees its place", async () => {
    const { user, cookie } = await signedIn();
    for (let i = 0; i < 20; i++) link(user.id);
    const before = linkCount();
    const refused = await post(cookie, createForm());
    expect(refused.status).toBe(409);
    expect(Object.values((await readJson(refused)).result.error).flat()).toEqual([
      expect.stringMatching(/up to 20 active share links/),
    ]);
    expect(linkCount()).toBe(before);

    const first = listShareLinks(user.id).at(-1)!;
    await post(cookie, { intent: "share-revoke", linkId: String(first.id) });
    expect((await post(cookie, createForm())).status).toBe(302);
    expect(listShareLinks(user.id).filter((l) => l.state === "active")).toHaveLength(20);
  });
});

describe("the share page", () => {
  it("is a 404 with X-Robots-Tag for revoked, expired, unknown and malformed tokens, all alike", async () => {
    const { user } = await signedIn();
    const revoked = link(user.id);
    await post(await sessionCookie(user.id), {
      intent: "share-revoke",
      linkId: String(revoked.id),
    });
    const expired = link(user.id, { expires: "7", now: new Date(Date.now() - 8 * DAY_MS) });
    const almostExpired = link(user.id, { expires: "7", now: new Date(Date.now() - 6 * DAY_MS) });
    const live = link(user.id);

    const bodies = [];
    for (const token of [
      revoked.token,
      expired.token,
      newShareToken(),
      "not-a-token",
      `${live.token}x`,
      live.token.slice(1),
      `${live.token.slice(0, 31)}+`,
      "",
    ]) {
      bodies.push(await expectNotFound(token));
    }
    expect(new Set(bodies).size).toBe(1);

    expect((await loadPage(almostExpired.token)).response.status).toBe(200);
    const ok = await loadPage(live.token);
    expect(ok.response.status).toBe(200);
    expect(ok.response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(ok.response.headers.get("Referrer-Policy")).toBe("no-referrer");
  });

  it("shows the chosen name, streak, completion, calendar and recent goals, never the email or phone", async () => {
    const { user } = await signedIn();
    const other = await createTestUser();
    const now = Date.now();
    const done = createGoal(user.id, {
      description: "Run 5k",
      dueDate: new Date(now - 2 * 3600_000),
    });
    completeGoal(user.id, done.id);
    const read = createGoal(user.id, {
      description: "Read 30 pages",
      dueDate: new Date(now - 3 * 3600_000),
    });
    skipGoal(user.id, read.id);
    createGoal(user.id, { description: "Old goal", dueDate: new Date(now - 20 * DAY_MS) });
    createGoal(other.id, { description: "Someone else's goal", dueDate: new Date(now - 3600_000) });
    const shared = link(user.id);

    const data = await pageData(shared.token);
    expect(data.ownerName).toBe("Sam");
    expect(data.includePhotos).toBe(false);
    expect(data.stats).toMatchObject({
      streak: 1,
      totalGoals: 3,
      completedGoals: 1,
      completionRate: 33,
      completionRateBasis: "1 of 3 decided goals",
    });
    expect(data.calendar).toHaveLength(12);
    for (const week of data.calendar) expect(week).toHaveLength(7);
    const days = data.calendar.flat() as { total: number; completed: number }[];
    expect(days.reduce((n, d) => n + d.total, 0)).toBe(3);
    expect(days.reduce((n, d) => n + d.completed, 0)).toBe(1);
    // The last two weeks, newest first: not the old goal, not another user's.
    expect(data.goals.map((g: { description: string }) => g.description)).toEqual([
      "Run 5k",
      "Read 30 pages",
    ]);
    expect(data.goals.map((g: { status: string }) => g.status)).toEqual(["Completed", "Skipped"]);
    expect(data.goals[0].photos).toEqual([]);

    const text = JSON.stringify(data);
    expect(text).not.toContain(user.email);
    expect(text).not.toContain(user.email.split("@")[0]);
    expect(text).not.toContain(user.phone);
    expect(text).not.toContain(user.phone.slice(2));
    expect(text).not.toContain(formatUsPhone(user.phone));
    expect(text).not.toMatch(/"(email|phone|userId|password\w*)"\s*:/i);
    expect(text).not.toContain(shared.label);
  });

  it("shows photos only when the link includes them, each through its own media route", async () => {
    const { user } = await signedIn();
    const other = await createTestUser();
    const photo = storePhoto(user.id);
    const otherPhoto = storePhoto(other.id);
    const goal = createGoal(user.id, {
      description: "Gym",
      dueDate: new Date(Date.now() - 3600_000),
    });
    completeGoal(user.id, goal.id, {
      proofImageUrls: [`/media/${photo}`, "https://elsewhere.example/photo.png"],
    });

    const without = link(user.id);
    const withoutData = await pageData(without.token);
    expect(withoutData.goals[0].photos).toEqual([]);
    expect(JSON.stringify(withoutData)).not.toContain(photo);
    // Not even the owner's real media id is served through a link without photos.
    expect((await loadMedia(without.token, photo)).status).toBe(404);

    const withPhotos = link(user.id, { includePhotos: true });
    const data = await pageData(withPhotos.token);
    expect(data.includePhotos).toBe(true);
    expect(data.goals[0].photos).toEqual([`/share/${withPhotos.token}/media/${photo}`]);

    const served = await loadMedia(withPhotos.token, photo);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    // Another user's media, an unknown id and a malformed one are all 404.
    expect((await loadMedia(withPhotos.token, otherPhoto)).status).toBe(404);
    expect((await loadMedia(withPhotos.token, randomBytes(16).toString("base64url"))).status).toBe(
      404,
    );
    expect((await loadMedia(withPhotos.token, "../etc/passwd")).status).toBe(404);
    // Nor through a link of the other user's account.
    const othersLink = link(other.id, { includePhotos: true });
    expect((await loadMedia(othersLink.token, photo)).status).toBe(404);
    expect((await loadMedia(othersLink.token, otherPhoto)).status).toBe(200);

    // Revoked: nothing more.
    await post(await sessionCookie(user.id), {
      intent: "share-revoke",
      linkId: String(withPhotos.id),
    });
    expect((await loadMedia(withPhotos.token, photo)).status).toBe(404);
  });
});

describe("habits on the share page", () => {
  it("shows the owner's active habits with their numbers only when the link includes them", async () => {
    const owner = await signedIn();
    const user = getUserById(owner.user.id)!;
    createHabit(user, { title: "Meditate", schedule: { days: [0, 1, 2, 3, 4, 5, 6] }, time: null });
    const stopped = createHabit(user, {
      title: "Old habit",
      schedule: { timesPerWeek: 2 },
      time: null,
    });
    stopHabit(user, stopped.id);

    const created = await post(
      owner.cookie,
      createForm({ label: "Coach", includeHabits: "on", expires: "never" }),
    );
    expect(created.status).toBe(302);
    const [withHabits] = listShareLinks(owner.user.id);
    expect(withHabits).toMatchObject({ includeHabits: true, includePhotos: false });
    const page = await pageData(withHabits!.token);
    expect(page.habits).toEqual([
      expect.objectContaining({ title: "Meditate", schedule: "every day", streakUnit: "days" }),
    ]);
    expect(page.habits[0]).not.toHaveProperty("time");

    const plain = link(owner.user.id);
    expect((await pageData(plain.token)).habits).toBeNull();
  });
});

describe("the shared summary page", () => {
  it("shows the week's figures for a Sunday and 404 for any other day or a dead link", async () => {
    const { user } = await signedIn();
    // A Monday-first owner: Sunday's summary is of the week ending that day.
    await seedWeekOfRunAndRead(user.id, { earlierGoal: "Outside", othersGoal: "Not theirs" });
    const shared = link(user.id);

    const response = await loadSummary(shared.token, "weekly", "2026-11-22");
    expect(response.status).toBe(200);
    expect(response.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    const data = await readJson(response);
    expect(data.ownerName).toBe("Sam");
    expectWeekOfRunAndRead(data);
    expect(JSON.stringify(data)).not.toContain(user.email);
    expect(JSON.stringify(data)).not.toContain(user.phone.slice(2));

    expect((await loadSummary(shared.token, "weekly", "2026-11-23")).status).toBe(404);
    expect((await loadSummary(shared.token, "monthly", "2026-11-22")).status).toBe(404);
    expect((await loadSummary(shared.token, "daily", "2026-11-22")).status).toBe(404);
    expect((await loadSummary(shared.token, "monthly", "2026-12-01")).status).toBe(200);

    const dead = await loadSummary(newShareToken(), "weekly", "2026-11-22");
    expect(dead.status).toBe(404);
    expect(dead.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    db.update(shareLinks).set({ revokedAt: new Date() }).where(eq(shareLinks.id, shared.id)).run();
    expect((await loadSummary(shared.token, "weekly", "2026-11-22")).status).toBe(404);
  });
});
