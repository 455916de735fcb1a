import { desc, sql } from "drizzle-orm";
import { z } from "zod";
import type { NewsletterSignup } from "../../db/schema";
import { db, schema } from "~/utils/db/db.server";
import { batchesAfter, keysetAfter } from "~/utils/requests/streamed-download.server";

export const NEWSLETTER_EMAIL_MESSAGE = "Please enter a valid email address";
export const NEWSLETTER_CONFIRMATION =
  "Thanks for subscribing! Habit-building tips are on their way to your inbox.";

export const NewsletterSchema = z.object({
  email: z
    .string({ error: NEWSLETTER_EMAIL_MESSAGE })
    .trim()
    .toLowerCase()
    .max(254, NEWSLETTER_EMAIL_MESSAGE)
    .pipe(z.email(NEWSLETTER_EMAIL_MESSAGE)),
});

/**
 * Records a sign-up once per address. A second sign-up changes nothing and gets the same answer, so
 * the form never tells anyone whether an address is already on the list.
 */
export function subscribeToNewsletter(email: string, ip?: string) {
  const created = db
    .insert(schema.newsletterSignups)
    .values({ email: email.trim().toLowerCase(), ip: ip ?? null })
    .onConflictDoNothing({ target: schema.newsletterSignups.email })
    .run().changes;
  return { created: created > 0 };
}

/** Every newsletter sign-up, newest first, a batch at a time. */
export function newsletterSignups() {
  const { newsletterSignups: signups } = schema;
  return batchesAfter<NewsletterSignup>((last, limit) =>
    db
      .select()
      .from(signups)
      .where(
        last
          ? keysetAfter([signups.createdAt, signups.id], [last.createdAt, last.id], "desc")
          : undefined,
      )
      .orderBy(desc(signups.createdAt), desc(signups.id))
      .limit(limit)
      .all(),
  );
}

export function countNewsletterSignups(): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(schema.newsletterSignups)
      .get()?.n ?? 0
  );
}
