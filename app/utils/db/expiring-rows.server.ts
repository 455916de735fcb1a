import { and, count, desc, eq, gt, isNotNull, isNull, lte, notInArray, or } from "drizzle-orm";
import { db, schema } from "./db.server";

/** A table of things the owner may revoke and that may expire: share links, API tokens. */
type ExpiringTable = typeof schema.shareLinks | typeof schema.apiTokens;

/** A user's rows neither revoked nor expired. */
export function activeRowCount(table: ExpiringTable, userId: number, now: Date) {
  return (
    db
      .select({ n: count() })
      .from(table)
      .where(
        and(
          eq(table.userId, userId),
          isNull(table.revokedAt),
          or(isNull(table.expiresAt), gt(table.expiresAt, now)),
        ),
      )
      .get()?.n ?? 0
  );
}

/**
 * Creating and revoking in a loop must not grow the list for ever: only the newest `keep` revoked or
 * expired rows of the user are kept.
 */
export function forgetOldPastRows(table: ExpiringTable, userId: number, now: Date, keep: number) {
  const past = and(
    eq(table.userId, userId),
    or(isNotNull(table.revokedAt), lte(table.expiresAt, now)),
  );
  const kept = db
    .select({ id: table.id })
    .from(table)
    .where(past)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(keep)
    .all()
    .map((row) => row.id);
  db.delete(table)
    .where(and(past, notInArray(table.id, kept.length ? kept : [0])))
    .run();
}
