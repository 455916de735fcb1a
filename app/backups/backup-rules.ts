// Which backups to keep, when one is due and when the last one is too old: pure, so tested alone.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const BACKUP_PREFIX = "backups/";

/** "backups/2026-11-24T21-00-00Z.db.gz": sortable, no colons (some tools dislike them in keys). */
export function backupKey(at: Date) {
  return `${BACKUP_PREFIX}${at.toISOString().slice(0, 19).replace(/:/g, "-")}Z.db.gz`;
}

export function backupTime(key: string): Date | null {
  const m = /^backups\/(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.db\.gz$/.exec(key);
  return m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`) : null;
}

/**
 * Every backup of the last day, then the newest of each UTC day for 30 days; nothing older. The
 * newest backup is always kept, however old, so a store never ends up empty.
 */
export function backupsToDelete(keys: string[], now: Date): string[] {
  const dated = keys
    .map((key) => ({ key, at: backupTime(key) }))
    .filter((b): b is { key: string; at: Date } => b.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const keptDays = new Set<string>();
  return dated
    .filter(({ at }, index) => {
      if (index === 0) return false;
      const age = now.getTime() - at.getTime();
      if (age <= DAY) return false;
      if (age > 30 * DAY) return true;
      const day = at.toISOString().slice(0, 10);
      if (keptDays.has(day)) return true;
      keptDays.add(day);
      return false;
    })
    .map(({ key }) => key);
}

/** A backup is due when none succeeded within the interval (and none was tried in the last 15 min). */
export function backupDue(
  lastSuccess: Date | null,
  lastAttempt: Date | null,
  intervalHours: number,
  now: Date,
) {
  if (intervalHours <= 0) return false;
  if (lastAttempt && now.getTime() - lastAttempt.getTime() < 15 * 60_000) return false;
  return !lastSuccess || now.getTime() - lastSuccess.getTime() >= intervalHours * HOUR;
}

/** Red on the System tab and /healthz?deep=1: no success within twice the interval. */
export function backupStale(lastSuccess: Date | null, intervalHours: number, now: Date) {
  if (intervalHours <= 0) return false;
  return !lastSuccess || now.getTime() - lastSuccess.getTime() > 2 * intervalHours * HOUR;
}
