import { gzipSync } from "node:zlib";
import { execFile } from "node:child_process";
import { mkdtempSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { startS3 } from "../helpers/s3-server";
import { runBackup, downloadBackup, backupState, backupIfDue } from "~/backups/backups.server";
import { backupKey } from "~/backups/backup-rules";
import { localStore, s3Store } from "~/storage/object-store.server";
import { createTestUser } from "../helpers/requests";
import { sqlite } from "~/utils/db/db.server";
import * as healthz from "~/routes/_resources+/healthz";
import { registry } from "~/observability/metrics.server";

// Scheduled backups against a real S3 API (s3rver on 127.0.0.1): a snapshot taken while the
// database is written restores into a new file with every row committed before it began.
const s3 = await startS3();

const store = s3Store(s3.settings);

afterAll(() => s3.stop());

const insertGoal = sqlite.prepare<[number, string, number]>(
  "insert into goals (user_id, description, due_date) values (?, ?, ?)",
);
const goalsIn = (db: Database.Database) =>
  db
    .prepare<[], { id: number; description: string }>(
      "select id, description from goals order by id",
    )
    .all();

const deepHealth = async () =>
  (
    await healthz.loader({
      request: new Request("http://localhost/healthz?deep=1"),
      params: {},
      context: {},
    })
  ).status;

describe("scheduled backups", () => {
  it("a backup taken under writes restores into a new file with every row committed before it", async () => {
    expect(await deepHealth()).toBe(503); // no backup yet
    const user = await createTestUser();
    for (let i = 0; i < 500; i++) insertGoal.run(user.id, `Goal ${i}`, Date.now());
    const before = goalsIn(sqlite);

    // Writes go on while the backup runs.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        insertGoal.run(user.id, `During ${written++}`, Date.now());
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const key = await runBackup(new Date(), store);
    writing = false;
    await writer;

    expect(key).toMatch(/^backups\/\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.db\.gz$/);
    const listed = await store.list("backups/");
    expect(listed.map((o) => o.key)).toContain(key);

    const restored = await downloadBackup({}, store);
    expect(restored?.key).toBe(key);
    const copy = new Database(restored!.file, { readonly: true });
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    const rows = goalsIn(copy);
    const byId = new Map(rows.map((r) => [r.id, r.description]));
    for (const row of before) expect(byId.get(row.id)).toBe(row.description);
    // Whatever else the snapshot holds is exactly what was written.
    const source = new Map(goalsIn(sqlite).map((r) => [r.id, r.description]));
    for (const row of rows) expect(source.get(row.id)).toBe(row.description);
    copy.close();

    expect(backupState()).toMatchObject({ stale: false, lastKey: key });
    expect(await deepHealth()).toBe(200);
    // Not due again within the interval.
    await backupIfDue(new Date());
    expect((await store.list("backups/")).length).toBe(listed.length);
  });

  it("keeps the last day, one a day for 30 days, and restores the newest at or before an instant", async () => {
    const now = new Date();
    const daysAgo = (days: number, hour: number) => {
      const day = new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
      return new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);
    };
    // 40 days ago; twice on one day 10 days ago; 2 days ago.
    const old = [daysAgo(40, 12), daysAgo(10, 3), daysAgo(10, 15), daysAgo(2, 12)];
    for (const at of old) await store.put(backupKey(at), gzipSync("not a database"));
    await runBackup(now, store);
    const keys = (await store.list("backups/")).map((o) => o.key);
    expect(keys).not.toContain(backupKey(old[0]!)); // past 30 days
    expect(keys).not.toContain(backupKey(old[1]!)); // an older one of its day
    expect(keys).toContain(backupKey(old[2]!)); // the newest of its day
    expect(keys).toContain(backupKey(old[3]!));

    const earlier = await downloadBackup({ at: new Date(now.getTime() - 86_400_000) }, store);
    expect(earlier?.key).toBe(backupKey(old[3]!));
  });

  it("without an object store, writes backups only the server's user can read, without sessions", async () => {
    const user = await createTestUser();
    sqlite
      .prepare("insert into sessions (id, user_id, data, expires_at) values (?, ?, '{}', ?)")
      .run(`local-${Date.now()}`, user.id, Date.now() + 86_400_000);
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "coach-store-")), "files");
    const local = localStore(dir);

    const key = await runBackup(new Date(), local);

    const file = path.join(dir, key!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const restored = await downloadBackup({}, local);
    expect(statSync(restored!.file).mode & 0o777).toBe(0o600);
    const copy = new Database(restored!.file, { readonly: true });
    expect(copy.prepare("select count(*) as n from sessions").get()).toEqual({ n: 0 });
    expect(copy.prepare("select count(*) as n from users where id = ?").get(user.id)).toEqual({
      n: 1,
    });
    copy.close();
  });

  it("counts each backup by its result for the metrics", async () => {
    const counted = async (result: string) =>
      (await registry.getSingleMetric("streakcoach_backups_total")!.get()).values.find(
        (v) => v.labels.result === result,
      )?.value ?? 0;
    const [ok, failed] = [await counted("ok"), await counted("failed")];
    await runBackup(new Date(), store);
    const broken = s3Store({ ...s3.settings, bucket: "no-such-bucket" });
    expect(await runBackup(new Date(), broken)).toBeNull();
    expect(await counted("ok")).toBe(ok + 1);
    expect(await counted("failed")).toBe(failed + 1);
  });

  it(
    "npm run restore -- --latest fetches the newest backup, checks it and restores it",
    {
      timeout: 60_000,
    },
    async () => {
      const key = await runBackup(new Date(), store);
      const dir = mkdtempSync(path.join(os.tmpdir(), "coach-restore-"));
      const restoredPath = path.join(dir, "restored.db");
      const root = path.resolve(import.meta.dirname, "..", "..");
      const { stdout } = await promisify(execFile)(
        path.join(root, "node_modules", ".bin", "tsx"),
        ["scripts/restore.ts", "--latest"],
        {
          cwd: root,
          env: {
            ...process.env,
            DATABASE_PATH: restoredPath,
            CRON_ENABLED: "false",
            ...s3.appEnv,
          },
        },
      );
      expect(stdout).toContain(`Downloaded ${key}`);
      expect(stdout).toContain(`Restored ${restoredPath}`);
      const restored = new Database(restoredPath, { readonly: true });
      expect(goalsIn(restored).length).toBe(goalsIn(sqlite).length);
      restored.close();
    },
  );
});
