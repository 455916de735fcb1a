import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { openDatabase } from "./connection";
import { isLiteFsReplica, migrateOnCandidate, runMigrations } from "./migrate";

// LiteFS serves the file read-only while a hand-off moves the lease away: the migration step sees
// SQLite's real read-only error, as on a node between roles, and must neither stop LiteFS's exec nor
// give up on a node that turns primary again.

function databaseFile() {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "migrate-")), "app.db");
  openDatabase(file).close();
  return file;
}

/** Migrates like the step does, through a read-only handle for the first `readOnlyAttempts` tries. */
function migrator(file: string, readOnlyAttempts: number) {
  let attempts = 0;
  return {
    attempts: () => attempts,
    migrate: () => {
      attempts += 1;
      const sqlite =
        attempts <= readOnlyAttempts ? new Database(file, { readonly: true }) : openDatabase(file);
      try {
        runMigrations(sqlite);
      } finally {
        sqlite.close();
      }
    },
  };
}

const noWait = async () => {};

it("waits while the node is between roles, then leaves the migrations to the primary it replicates", async () => {
  const file = databaseFile();
  const step = migrator(file, Infinity);
  let slept = 0;
  const outcome = await migrateOnCandidate({
    migrate: step.migrate,
    isReplica: () => isLiteFsReplica(file),
    settleWithinMs: 30_000,
    sleep: async () => {
      slept += 1;
      if (slept === 3) writeFileSync(path.join(path.dirname(file), ".primary"), "litefs-node-2");
    },
  });
  expect(outcome).toBe("left-to-primary");
  expect(step.attempts()).toBe(4);
});

it("runs the migrations once the node is primary again", async () => {
  const file = databaseFile();
  const step = migrator(file, 2);
  const outcome = await migrateOnCandidate({
    migrate: step.migrate,
    isReplica: () => isLiteFsReplica(file),
    settleWithinMs: 30_000,
    sleep: noWait,
  });
  expect(outcome).toBe("applied");
  expect(step.attempts()).toBe(3);
  const sqlite = new Database(file, { readonly: true });
  try {
    expect(sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
  } finally {
    sqlite.close();
  }
});

it("fails with SQLite's error when the node never settles within the wait", async () => {
  const file = databaseFile();
  const step = migrator(file, Infinity);
  await expect(
    migrateOnCandidate({
      migrate: step.migrate,
      isReplica: () => isLiteFsReplica(file),
      settleWithinMs: 1_000,
      pollMs: 200,
      sleep: noWait,
    }),
  ).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_READONLY/) });
  expect(step.attempts()).toBe(6);
});

it("fails at once on any other error, without waiting", async () => {
  let slept = false;
  await expect(
    migrateOnCandidate({
      migrate: () => {
        throw Object.assign(new Error("near 'CREAT': syntax error"), { code: "SQLITE_ERROR" });
      },
      isReplica: () => false,
      settleWithinMs: 30_000,
      sleep: async () => {
        slept = true;
      },
    }),
  ).rejects.toThrow("syntax error");
  expect(slept).toBe(false);
});
