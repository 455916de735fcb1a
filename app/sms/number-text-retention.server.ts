import { and, isNotNull, lt, ne, or } from "drizzle-orm";
import { db, schema } from "~/utils/db/db.server";

const { numberTexts } = schema;

/**
 * Texts to numbers without an account (a stranger's pointer, a STOP answer, an invitation, a code)
 * are kept as long as a status callback or a settle may still need them, then forgotten: the number
 * and the words belong to no account, so nothing shows them and nobody can ask for them.
 */
export const NUMBER_TEXT_RETENTION_DAYS = 30;

/** The scheduler's tick calls this. A row never handed to Twilio is left to the settle. */
export function forgetOldNumberTexts(now = new Date()) {
  const cutoff = new Date(now.getTime() - NUMBER_TEXT_RETENTION_DAYS * 86_400_000);
  return db
    .delete(numberTexts)
    .where(
      and(
        lt(numberTexts.createdAt, cutoff),
        or(isNotNull(numberTexts.providerSid), ne(numberTexts.status, "queued")),
      ),
    )
    .run().changes;
}
