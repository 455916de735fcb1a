import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrationsFolder } from "../../db/migrate";
import { journalLevel, normalizeSql, schemaDifferences } from "./schema-rules";
import type { JournalRow, SchemaEntry } from "./schema-rules";

export type SchemaCheck =
  { ok: true; level: number; latest: number } | { ok: false; problems: string[] };

function schemaOf(db: Database.Database): SchemaEntry[] {
  return db
    .prepare<[], SchemaEntry>("select type, name, tbl_name as tblName, sql from sqlite_master")
    .all()
    .map((e) => ({ ...e, sql: normalizeSql(e.sql) }));
}

function journalOf(db: Database.Database): JournalRow[] | null {
  const table = db
    .prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'")
    .get();
  if (!table) return null;
  return db
    .prepare<[], { hash: string; createdAt: number | string }>(
      "select hash, created_at as createdAt from __drizzle_migrations order by created_at, rowid",
    )
    .all()
    .map((row) => ({ hash: row.hash, createdAt: Number(row.createdAt) }));
}

/** The schema our first `level` migrations create, built in memory by drizzle's own migrator. */
function referenceSchema(level: number) {
  const folder = mkdtempSync(path.join(os.tmpdir(), "streakcoach-migrations-"));
  try {
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
    ) as {
      entries: { tag: string }[];
    };
    journal.entries = journal.entries.slice(0, level);
    mkdirSync(path.join(folder, "meta"));
    writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal));
    for (const { tag } of journal.entries) {
      copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    }
    const memory = new Database(":memory:");
    try {
      migrate(drizzle(memory), { migrationsFolder: folder });
      return schemaOf(memory);
    } finally {
      memory.close();
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Whether `backup` is a database our migrations made: its journal names a level of ours, and its
 * tables, indexes, triggers and views are exactly those of that level. An older level is accepted
 * (the restore migrates it); a newer or foreign one is not.
 */
export function checkBackupSchema(backup: Database.Database): SchemaCheck {
  const migrations = readMigrationFiles({ migrationsFolder });
  const journal = journalOf(backup);
  if (!journal) {
    return {
      ok: false,
      problems: [
        "it has no migration journal (__drizzle_migrations): it is not a StreakCoach database",
      ],
    };
  }
  const level = journalLevel(journal, migrations);
  if (level === null) {
    return {
      ok: false,
      problems: [
        `its migration journal (${journal.length} entries) is not a level of this version's ${migrations.length} migrations`,
      ],
    };
  }
  const problems = schemaDifferences(referenceSchema(level), schemaOf(backup));
  return problems.length ? { ok: false, problems } : { ok: true, level, latest: migrations.length };
}
