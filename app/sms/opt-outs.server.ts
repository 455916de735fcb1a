import { eq } from "drizzle-orm";
import { db, schema } from "~/utils/db.server";

const { smsOptOuts } = schema;

export function isOptedOut(phone: string) {
  return Boolean(
    db
      .select({ phone: smsOptOuts.phone })
      .from(smsOptOuts)
      .where(eq(smsOptOuts.phone, phone))
      .get(),
  );
}

export function optOut(phone: string, reason: string) {
  db.insert(smsOptOuts).values({ phone, reason }).onConflictDoNothing().run();
}

export function optIn(phone: string) {
  db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone)).run();
}
