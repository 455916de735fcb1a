import Database from "better-sqlite3";
import sharp from "sharp";
import { FAULT_NAMES, type Fault } from "../fakes/faults";
import { runBackup, downloadBackup, backupState } from "~/backups/backups.server";
import { BACKUP_PREFIX } from "~/backups/backup-rules";
import { objectStore, s3Store } from "~/storage/object-store.server";
import { migrateStoredPhotos, storePhoto } from "~/media/media-store.server";
import { storeBlogImage } from "~/blog/images.server";
import * as blogImageRoute from "~/routes/_resources+/blog-images.$id";
import { call, createTestUser, makeRequest, sessionCookie } from "../helpers/requests";
import * as mediaRoute from "~/routes/_resources+/media.$id";
import { db, schema } from "~/utils/db/db.server";
import { eq } from "drizzle-orm";
import { writeCheckInFeedback } from "~/coach/coach.server";
import { completeGoal, createGoal } from "~/goals/goals.server";
import { getUserById } from "~/users/users.server";

// Object storage that fails on the wire: a real S3 API (s3rver) behind a proxy that answers its real
// answers badly (a slow first byte, headers then a stalled body, a body that drips, a reset mid-body).
// Every caller (backups, restores, photos kept and served) ends within the store's deadline, which is
// short here, and nothing is recorded as done that was not. The env module reads this when it loads.
const { s3, llm, proxy, TIMEOUT_MS } = await vi.hoisted(async () => {
  const { setAppEnv, startFakeLlm, startS3, startS3FaultProxy } =
    await import("../helpers/app-env");
  const s3 = await startS3("streakcoach-faults");
  const llm = await startFakeLlm();
  const proxy = await startS3FaultProxy(s3.settings.endpoint);
  const TIMEOUT_MS = 1500;
  setAppEnv({
    ...s3.appEnv,
    AWS_ENDPOINT_URL_S3: proxy.url,
    S3_TIMEOUT_MS: String(TIMEOUT_MS),
    // A vision model: the coach reads a check-in's proof photo back from the store.
    LLM_API_URL: llm.url,
    LLM_API_KEY: "test-llm-key",
    LLM_MODEL: "coach-test-model",
    LLM_VISION: "true",
  });
  return { s3, llm, proxy, TIMEOUT_MS };
});

afterAll(async () => {
  await llm.close();
  await proxy.stop();
  await s3.stop();
});
beforeEach(() => {
  // Failed operations are logged by design; the assertions below check what was recorded instead.
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  expect(proxy.pending()).toBe(0); // every fault queued was met
});

/** Each fault, slow enough to pass the deadline where it has a pace. */
const FAULTS: Fault[] = FAULT_NAMES.map((name) =>
  name === "slow-first-byte"
    ? { fault: name, ms: TIMEOUT_MS * 4 }
    : name === "drip"
      ? { fault: name, ms: 200 }
      : { fault: name },
);
const LIST = { method: "GET", path: "list-type=2" } as const;
/**
 * A reset while a list is read is one the SDK retries within the deadline (its body is read inside the
 * call); a get's body is read by us after the call, and there no fault is retried.
 */
const listRetried = (fault: Fault) => fault.fault === "reset-mid-body";
/** The store as the tests see it: straight at s3rver, past the proxy. */
const direct = s3Store(s3.settings);
const backupKeys = async () => (await direct.list(BACKUP_PREFIX)).map((o) => o.key).sort();
const mediaRows = (userId: number) =>
  db.select().from(schema.media).where(eq(schema.media.userId, userId)).all();

describe("backups when the store fails on the wire", () => {
  it("a put whose answer never comes is reported as failed, not recorded as done", async () => {
    proxy.failNext(FAULTS[0]!, { method: "PUT", path: BACKUP_PREFIX });
    const now = new Date("2026-06-15T06:00:00Z");
    expect(await runBackup(now)).toBeNull();
    const state = backupState(now);
    expect(state.lastSuccess).toBeNull();
    expect(state.lastError).toBeTruthy();

    // The next run, with the store well again, is recorded with its key.
    const key = await runBackup(new Date("2026-06-15T12:00:00Z"));
    expect(key).toMatch(/^backups\//);
    expect(backupState().lastKey).toBe(key);
  }, 20_000);

  it.each(FAULTS)(
    "a backup stored while the listing for pruning meets $fault is recorded as done and nothing is deleted",
    async (fault) => {
      const before = await backupKeys();
      proxy.failNext(fault, LIST);
      const key = await runBackup(
        new Date(Date.parse("2026-06-16T00:00:00Z") + before.length * 6e6),
      );
      expect(key).toMatch(/^backups\//);
      const state = backupState();
      expect(state).toMatchObject({ lastKey: key, lastError: null });
      expect(await backupKeys()).toEqual([...before, key].sort());
    },
    20_000,
  );

  it.each(FAULTS)(
    "a restore that meets $fault fails, and the next one restores",
    async (fault) => {
      proxy.failNext(fault, { method: "GET", path: `/${BACKUP_PREFIX}` });
      await expect(downloadBackup({})).rejects.toThrow();
      proxy.failNext(fault, LIST);
      if (listRetried(fault)) expect(await downloadBackup({})).not.toBeNull();
      else await expect(downloadBackup({})).rejects.toThrow();

      const restored = await downloadBackup({});
      expect(restored).not.toBeNull();
      const copy = new Database(restored!.file, { readonly: true });
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      copy.close();
    },
    20_000,
  );
});

describe("photos when the store fails on the wire", () => {
  const photo = () =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: "#a37" } })
      .jpeg()
      .toBuffer();

  it("a photo whose put is never answered is not kept: no row names it", async () => {
    const user = await createTestUser();
    proxy.failNext(FAULTS[0]!, { method: "PUT", path: "/media/" });
    await expect(
      storePhoto({
        id: "FaultyPutPhoto000001",
        userId: user.id,
        name: "photo-1",
        bytes: await photo(),
      }),
    ).rejects.toThrow();
    expect(mediaRows(user.id)).toEqual([]);
  }, 20_000);

  it.each(FAULTS)(
    "a photo or thumbnail read that meets $fault fails that request only; the next is whole",
    async (fault) => {
      const user = await createTestUser();
      const id = `Photo${fault.fault.replace(/-/g, "")}`.padEnd(20, "0");
      expect(
        await storePhoto({ id, userId: user.id, name: "photo-1", bytes: await photo() }),
      ).toEqual({
        stored: true,
      });
      const [row] = mediaRows(user.id);
      const cookie = await sessionCookie(user.id);
      const get = (query = "") =>
        call(mediaRoute.loader, makeRequest(`/media/${id}${query}`, { cookie }), { id });

      proxy.failNext(fault, { method: "GET", path: `/media/${id}` });
      await expect(get()).rejects.toThrow();
      const whole = await get();
      expect(whole.status).toBe(200);
      expect(Buffer.from(await whole.arrayBuffer())).toEqual(await direct.get(row!.storageKey!));

      proxy.failNext(fault, { method: "GET", path: `/media/${id}.thumb.webp` });
      await expect(get("?size=thumb")).rejects.toThrow();
      const thumb = await get("?size=thumb");
      expect(thumb.headers.get("Content-Type")).toBe("image/webp");
      expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).format).toBe("webp");
    },
    20_000,
  );

  it("a large body gets time for its size: a put of 3 MB answered after 1.5 deadlines is stored", async () => {
    const big = Buffer.alloc(3_000_000, 7);
    proxy.failNext(
      { fault: "slow-first-byte", ms: TIMEOUT_MS * 1.5 },
      { method: "PUT", path: "/large/big" },
    );
    await objectStore().put("large/big", big);
    expect((await direct.get("large/big"))!.equals(big)).toBe(true);
  }, 20_000);

  it("the store's own get and list end with the fault, or with a whole answer after a retry", async () => {
    const store = objectStore();
    await store.put("misc/one", Buffer.from("x".repeat(2000)));
    for (const fault of FAULTS.slice(1)) {
      proxy.failNext(fault, { method: "GET", path: "/misc/one" });
      await expect(store.get("misc/one")).rejects.toThrow();
      proxy.failNext(fault, LIST);
      if (listRetried(fault))
        expect((await store.list("misc/")).map((o) => o.key)).toEqual(["misc/one"]);
      else await expect(store.list("misc/")).rejects.toThrow();
    }
    expect((await store.get("misc/one"))!.toString()).toBe("x".repeat(2000));
  }, 20_000);
});

describe("moving photos and serving blog images when the store fails on the wire", () => {
  it("a photo whose move to the store is never answered stays in the database; the next run moves it", async () => {
    const user = await createTestUser();
    const id = "OldPhotoFaulty000001";
    const bytes = await sharpPhoto();
    db.insert(schema.media)
      .values({
        id,
        userId: user.id,
        fileName: "photo-1.png",
        contentType: "image/png",
        size: bytes.byteLength,
        data: bytes,
      })
      .run();
    proxy.failNext(FAULTS[0]!, { method: "PUT", path: `/media/${id}` });
    await expect(migrateStoredPhotos()).rejects.toThrow();
    expect(mediaRows(user.id)[0]).toMatchObject({ storageKey: null, data: bytes });

    expect(await migrateStoredPhotos()).toBeGreaterThanOrEqual(1);
    expect(mediaRows(user.id)[0]).toMatchObject({ storageKey: `media/${id}`, data: null });
  }, 20_000);

  it.each(FAULTS)(
    "a blog image read that meets $fault fails that request only; the next is whole",
    async (fault) => {
      const admin = await createTestUser({ admin: true });
      const path = await storeBlogImage(await sharpPhoto(), admin.id);
      const id = path.slice("/blog-images/".length);
      const get = () => call(blogImageRoute.loader, makeRequest(path), { id });
      proxy.failNext(fault, { method: "GET", path: `/blog/${id}` });
      await expect(get()).rejects.toThrow();
      const served = await get();
      expect(served.status).toBe(200);
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe("png");
    },
    20_000,
  );
});

describe("a check-in's proof photo when the store fails on the wire", () => {
  it.each(FAULTS)(
    "the coach still answers when reading the photo meets $fault, without describing it",
    async (fault) => {
      const user = await createTestUser();
      const now = new Date();
      const goal = createGoal(user.id, { description: "run 5k", dueDate: now });
      completeGoal(user.id, goal.id, {}, now);
      const id = `Proof${fault.fault.replace(/-/g, "")}`.padEnd(20, "0");
      await storePhoto({ id, userId: user.id, name: "photo-1", bytes: await sharpPhoto() });
      llm.reset();

      proxy.failNext(fault, { method: "GET", path: `/media/${id}` });
      const text = await writeCheckInFeedback(
        getUserById(user.id)!,
        { mediaIds: [id], completedGoalIds: [goal.id] },
        now,
      );
      expect(text).toBeTruthy();
      // Only the feedback was asked for: no photo went to the model.
      expect(llm.requests).toHaveLength(1);
      expect(JSON.stringify(llm.requests[0]!.body)).not.toContain("image_url");
    },
    20_000,
  );
});

function sharpPhoto() {
  return sharp({ create: { width: 40, height: 30, channels: 3, background: "#3a7" } })
    .png()
    .toBuffer();
}
