import { eq, sql } from "drizzle-orm";
import { optOuts } from "~/observability/metrics.server";
import { db, preparedQuery, schema, sqlite } from "~/utils/db/db.server";

const { smsOptOuts } = schema;

const optOutOf = preparedQuery(() =>
  db
    .select({ phone: smsOptOuts.phone })
    .from(smsOptOuts)
    .where(eq(smsOptOuts.phone, sql.placeholder("phone")))
    .prepare(),
);

export function isOptedOut(phone: string) {
  return Boolean(optOutOf().get({ phone }));
}

export function optOut(phone: string, reason: string) {
  const added = db.insert(smsOptOuts).values({ phone, reason }).onConflictDoNothing().run();
  if (added.changes > 0) optOuts.inc();
}

export function optIn(phone: string) {
  db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone)).run();
}

const optedOutAmongStatement = (count: number) =>
  sqlite.prepare<string[], { phone: string }>(
    `select phone from sms_opt_outs where phone in (${Array(count).fill("?").join(",")})`,
  );

/** The numbers among `phones` that opted out, in one query (a scheduler batch, right before sending). */
export function optedOutAmong(phones: string[]): Set<string> {
  if (phones.length === 0) return new Set();
  return new Set(
    optedOutAmongStatement(phones.length)
      .all(...phones)
      .map((r) => r.phone),
  );
}
