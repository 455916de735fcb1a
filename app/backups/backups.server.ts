import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import { desc, eq } from "drizzle-orm";
import { errorFields, logger } from "~/observability/logger.server";
import { backupRunsTotal } from "~/observability/metrics.server";
import { objectStore, type ObjectStore } from "~/storage/object-store.server";
import { db, schema, sqlite } from "~/utils/db/db.server";
import { env } from "~/utils/env/env.server";
import { isPrimary } from "~/utils/db/litefs.server";
import {
  BACKUP_PREFIX,
  backupDue,
  backupKey,
  backupStale,
  backupsToDelete,
  backupTime,
} from "./backup-rules";
import { BACKUP_FILE_MODE, privateTemporaryDirectory, writeSnapshot } from "./snapshot.server";

const { backupRuns } = schema;
const compress = promisify(gzip);
const decompress = promisify(gunzip);

/**
 * A consistent snapshot without sessions, compressed, put in the object store, recorded; then the
 * store is pruned to its retention. Returns the key, or null on failure.
 */
export async function runBackup(now = new Date(), store: ObjectStore = objectStore()) {
  const run = db.insert(backupRuns).values({ startedAt: new Date() }).returning().get();
  const dir = await privateTemporaryDirectory();
  const file = path.join(dir, "backup.db");
  try {
    await writeSnapshot(sqlite, file);
    const body = await compress(await readFile(file));
    const key = backupKey(now);
    await store.put(key, body, "application/gzip");
    db.update(backupRuns)
      .set({ finishedAt: new Date(), key, bytes: body.byteLength, ok: true })
      .where(eq(backupRuns.id, run.id))
      .run();
    backupRunsTotal.inc({ result: "ok" });
    logger.info({ key, bytes: body.byteLength, store: store.location }, "backup stored");
    // The backup is stored and recorded: a prune that fails leaves old ones for the next run.
    await prune(store, now).catch((error: unknown) =>
      logger.error({ err: errorFields(error) }, "backup stored, but pruning old ones failed"),
    );
    return key;
  } catch (error) {
    db.update(backupRuns)
      .set({ finishedAt: new Date(), error: String((error as Error).message).slice(0, 300) })
      .where(eq(backupRuns.id, run.id))
      .run();
    backupRunsTotal.inc({ result: "failed" });
    logger.error({ err: errorFields(error) }, "backup failed");
    return null;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function prune(store: ObjectStore, now: Date) {
  const keys = (await store.list(BACKUP_PREFIX)).map((o) => o.key);
  for (const key of backupsToDelete(keys, now)) await store.delete(key);
}

/** The last run and the last successful one, for the scheduler, the System tab and /healthz. */
export function backupState(now = new Date()) {
  const last = db.select().from(backupRuns).orderBy(desc(backupRuns.id)).limit(1).get();
  const lastOk = db
    .select()
    .from(backupRuns)
    .where(eq(backupRuns.ok, true))
    .orderBy(desc(backupRuns.id))
    .limit(1)
    .get();
  const lastSuccess = lastOk?.finishedAt ?? null;
  return {
    intervalHours: env.BACKUP_INTERVAL_HOURS,
    lastAttempt: last?.startedAt ?? null,
    lastError: last && !last.ok ? last.error : null,
    lastSuccess,
    lastKey: lastOk?.key ?? null,
    lastBytes: lastOk?.bytes ?? null,
    stale: backupStale(lastSuccess, env.BACKUP_INTERVAL_HOURS, now),
  };
}

/** Called every minute by the scheduler: on the primary, a backup when one is due. */
export async function backupIfDue(now = new Date()) {
  if (!(await isPrimary())) return;
  const state = backupState(now);
  if (backupDue(state.lastSuccess, state.lastAttempt, env.BACKUP_INTERVAL_HOURS, now))
    await runBackup(now);
}

/** The newest backup in the store, or the newest at or before `at`, as a database file on disk. */
export async function downloadBackup(
  which: { at?: Date },
  store: ObjectStore = objectStore(),
): Promise<{ key: string; file: string } | null> {
  const candidates = (await store.list(BACKUP_PREFIX))
    .map((o) => ({ key: o.key, at: backupTime(o.key) }))
    .filter((b): b is { key: string; at: Date } => b.at !== null)
    .filter((b) => !which.at || b.at <= which.at)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const chosen = candidates[0];
  if (!chosen) return null;
  const body = await store.get(chosen.key);
  if (!body) return null;
  const file = path.join(await privateTemporaryDirectory(), "backup.db");
  await writeFile(file, await decompress(body), { mode: BACKUP_FILE_MODE });
  return { key: chosen.key, file };
}
