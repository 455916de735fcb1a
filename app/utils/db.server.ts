import type Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { openDatabase } from "../../db/connection";
import * as schema from "../../db/schema";
import { env } from "./env.server";

const globalForDb = globalThis as unknown as { __sqlite?: Database.Database };

// One connection per process, kept across dev rebuilds.
export const sqlite = (globalForDb.__sqlite ??= openDatabase(env.DATABASE_PATH));
export const db = drizzle(sqlite, { schema });
export type Db = typeof db;
export { schema };

/** A UNIQUE constraint failure on the given column ("table.column"). */
export function isUniqueViolation(error: unknown, column: string) {
  return (
    error instanceof Error &&
    (error as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE" &&
    error.message.includes(column)
  );
}
