import { desc, eq } from "drizzle-orm";
import { db, schema } from "~/utils/db/db.server";

const { localOutbox } = schema;

/** What the local transport handed to a phone, newest first. */
export function localTextsTo(phone: string) {
  return db
    .select()
    .from(localOutbox)
    .where(eq(localOutbox.toPhone, phone))
    .orderBy(desc(localOutbox.id))
    .all();
}

/** The code in the latest text a number received. */
export function lastCodeTo(phone: string) {
  const code = localTextsTo(phone)[0]?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was texted to ${phone}`);
  return code;
}
