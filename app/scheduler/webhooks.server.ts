import { logger } from "~/observability/logger.server";
import { isPrimary } from "~/utils/db/litefs.server";
import { deliverDueWebhooks } from "~/webhooks/webhook-delivery.server";

/** The minute's webhooks, after its texts: only the primary writes the queue's results. */
export async function deliverWebhooksOnPrimary(now: Date) {
  if (!(await isPrimary())) return;
  const report = await deliverDueWebhooks(now);
  if (report.delivered || report.failed || report.missed)
    logger.info({ webhooks: report }, "webhooks delivered");
}
