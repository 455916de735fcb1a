import { describe, expect, it } from "vitest";
import { backupDue, backupKey, backupStale, backupsToDelete, backupTime } from "./backup-rules";

const at = (iso: string) => new Date(iso);

describe("backup keys", () => {
  it("name the instant and read back", () => {
    const key = backupKey(at("2026-11-24T21:05:09.123Z"));
    expect(key).toBe("backups/2026-11-24T21-05-09Z.db.gz");
    expect(backupTime(key)).toEqual(at("2026-11-24T21:05:09Z"));
    expect(backupTime("backups/notes.txt")).toBeNull();
  });
});

describe("backupsToDelete", () => {
  const now = at("2026-11-24T12:00:00Z");
  it("keeps every backup of the last day and the newest of each older day, for 30 days", () => {
    const keys = [
      "2026-11-24T06:00:00Z", // today: kept
      "2026-11-23T18:00:00Z", // within a day: kept
      "2026-11-23T06:00:00Z", // older than a day, the newest of the 23rd left: kept
      "2026-11-23T00:00:00Z", // the 23rd has one: deleted
      "2026-11-20T06:00:00Z", // kept
      "2026-11-20T00:00:00Z", // deleted
      "2026-10-20T00:00:00Z", // over 30 days: deleted
    ].map((iso) => backupKey(at(iso)));
    expect(backupsToDelete(keys, now)).toEqual([keys[3], keys[5], keys[6]]);
  });

  it("never deletes the newest backup, however old", () => {
    const only = backupKey(at("2026-01-01T00:00:00Z"));
    expect(backupsToDelete([only], now)).toEqual([]);
  });
});

describe("backupDue and backupStale", () => {
  const now = at("2026-11-24T12:00:00Z");
  it("is due after the interval, not twice within 15 minutes of a try, never when off", () => {
    expect(backupDue(null, null, 6, now)).toBe(true);
    expect(backupDue(at("2026-11-24T07:00:00Z"), null, 6, now)).toBe(false);
    expect(backupDue(at("2026-11-24T06:00:00Z"), null, 6, now)).toBe(true);
    expect(backupDue(null, at("2026-11-24T11:50:00Z"), 6, now)).toBe(false);
    expect(backupDue(null, null, 0, now)).toBe(false);
  });

  it("is stale past twice the interval", () => {
    expect(backupStale(at("2026-11-24T01:00:00Z"), 6, now)).toBe(false);
    expect(backupStale(at("2026-11-23T23:59:00Z"), 6, now)).toBe(true);
    expect(backupStale(null, 6, now)).toBe(true);
    expect(backupStale(null, 0, now)).toBe(false);
  });
});
