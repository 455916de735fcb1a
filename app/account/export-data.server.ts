import { eq } from "drizzle-orm";
import { allMessages } from "~/conversation/message-history.server";
import { allGoals } from "~/goals/goals.server";
import { allDayNotes } from "~/goals/day-notes.server";
import { apiTokensForExport } from "~/users/api-tokens.server";
import { getUserById, toPublicUser } from "~/users/users.server";
import { webhooksForExport } from "~/webhooks/webhook-endpoints.server";
import { db, schema } from "~/utils/db/db.server";

const { consents } = schema;

/** Everything we hold about a user, for the 'download my data' export. */
export function exportUserData(userId: number) {
  const user = getUserById(userId);
  if (!user) return undefined;
  return {
    exportedAt: new Date().toISOString(),
    account: toPublicUser(user),
    goals: allGoals(userId),
    coachNotes: allDayNotes(userId),
    messages: allMessages(userId),
    consents: db.select().from(consents).where(eq(consents.userId, userId)).all(),
    partners: db.select().from(schema.partners).where(eq(schema.partners.userId, userId)).all(),
    shareLinks: db
      .select()
      .from(schema.shareLinks)
      .where(eq(schema.shareLinks.userId, userId))
      .all(),
    apiTokens: apiTokensForExport(userId),
    webhooks: webhooksForExport(userId),
  };
}
