import { desc, sql } from "drizzle-orm";
import packageJson from "../../package.json";
import { formatDateTime } from "~/utils/time/format";
import { db, schema, sqlite } from "~/utils/db/db.server";
import { env } from "~/utils/env/env.server";
import { liteFsRole } from "~/utils/db/litefs.server";
import { addDays, localDay, startOfLocalDay } from "~/utils/time/local-time";
import { errorFields, logger } from "~/observability/logger.server";
import { backupState } from "~/backups/backups.server";
import { objectStore } from "~/storage/object-store.server";

const { messages, schedulerTicks } = schema;

/** "Today" for the text counts is the product's home zone, the same for every admin. */
export const STATUS_TIME_ZONE = "America/New_York";
export const STATUS_TIME_ZONE_LABEL = "Eastern Time";

const FAILED_STATUSES = ["failed", "undelivered"];

/** Bytes as people read them: 512 B, 1.5 KB, 23.4 MB, 1.2 GB (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

export function databaseSizeBytes(): number {
  const pageCount = Number(sqlite.pragma("page_count", { simple: true }));
  const pageSize = Number(sqlite.pragma("page_size", { simple: true }));
  return pageCount * pageSize;
}

async function describeLiteFsRole(): Promise<string> {
  try {
    const role = await liteFsRole();
    return role === "standalone" ? "standalone (no LiteFS)" : role;
  } catch (error) {
    logger.error({ err: errorFields(error) }, "LiteFS role unavailable");
    return "unknown (LiteFS did not answer)";
  }
}

/** Texts the product sent by SMS during the given local day; web chat answers are not texts. */
export function textsOnDay(day: string, timeZone = STATUS_TIME_ZONE) {
  const from = startOfLocalDay(day, timeZone).getTime();
  const to = startOfLocalDay(addDays(day, 1), timeZone).getTime();
  const failedList = sql.join(
    FAILED_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const row = db
    .select({
      failed: sql<number>`coalesce(sum(case when ${messages.status} in (${failedList}) then 1 else 0 end), 0)`,
      total: sql<number>`count(*)`,
    })
    .from(messages)
    .where(
      sql`${messages.fromSystem} = 1 and ${messages.source} = 'sms' and ${messages.createdAt} >= ${from} and ${messages.createdAt} < ${to}`,
    )
    .get();
  const failed = row?.failed ?? 0;
  return { sent: (row?.total ?? 0) - failed, failed };
}

export function lastSchedulerTick() {
  const tick = db.select().from(schedulerTicks).orderBy(desc(schedulerTicks.id)).limit(1).get();
  if (!tick) return null;
  return {
    at: tick.tickAt.toISOString(),
    atLabel: formatDateTime(tick.tickAt, STATUS_TIME_ZONE),
    finished: tick.finishedAt !== null,
    claimed: tick.claimed,
    sent: tick.sent,
    failed: tick.failed,
  };
}

function lastBackup(now: Date) {
  const state = backupState(now);
  return {
    stale: state.stale,
    intervalHours: state.intervalHours,
    at: state.lastSuccess?.toISOString() ?? null,
    atLabel: state.lastSuccess ? formatDateTime(state.lastSuccess, STATUS_TIME_ZONE) : null,
    size: state.lastBytes === null ? null : formatBytes(state.lastBytes),
    store: objectStore().location,
    lastError: state.lastError,
  };
}

/** What the System tab shows: every value read now, nothing cached. */
export async function getSystemStatus(now = new Date()) {
  const bytes = databaseSizeBytes();
  const today = localDay(now, STATUS_TIME_ZONE);
  return {
    version: packageJson.version,
    fly: {
      region: env.FLY_REGION ?? null,
      machineId: env.FLY_MACHINE_ID ?? null,
      image: env.FLY_IMAGE_REF ?? null,
    },
    database: { bytes, label: formatBytes(bytes) },
    liteFsRole: await describeLiteFsRole(),
    smsTransport: env.SMS_TRANSPORT,
    texts: { day: today, timeZoneLabel: STATUS_TIME_ZONE_LABEL, ...textsOnDay(today) },
    lastTick: lastSchedulerTick(),
    backup: lastBackup(now),
    cronEnabled: env.CRON_ENABLED,
  };
}

export type SystemStatus = Awaited<ReturnType<typeof getSystemStatus>>;
