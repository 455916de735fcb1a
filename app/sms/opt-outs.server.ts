import { eq, sql } from "drizzle-orm";
import { optOuts } from "~/observability/metrics.server";
import { db, preparedQuery, schema } from "~/utils/db/db.server";

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
