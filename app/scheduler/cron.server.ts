import cron, { type ScheduledTask } from "node-cron";
import { backupIfDue } from "~/backups/backups.server";
import { recheckLapsedSubscriptions } from "~/billing/subscription-state.server";
import { errorFields, logger } from "~/observability/logger.server";
import { tickDuration, tickLag } from "~/observability/metrics.server";
import { env } from "~/utils/env/env.server";
import { runTick } from "./tick.server";
import { deliverWebhooksOnPrimary } from "./webhooks.server";

let task: ScheduledTask | undefined;
let ticking: Promise<void> | undefined;
const stopping = new AbortController();

/** Every minute on every node; runTick itself does nothing unless this node is the LiteFS primary. */
export function startScheduler() {
  if (task || !env.CRON_ENABLED || env.NODE_ENV === "test") return;
  task = cron.schedule("* * * * *", () => {
    if (ticking || stopping.signal.aborted) return; // a slow tick finishes before the next starts; the next catches up
    ticking = tick(new Date()).finally(() => (ticking = undefined));
    return ticking;
  });
}

/** No tick starts after this; the one running ends after its current batch (resolves then). */
export async function stopScheduler() {
  stopping.abort();
  await task?.stop();
  await ticking;
}

async function tick(now: Date) {
  tickLag.set((now.getTime() % 60_000) / 1000);
  const endTimer = tickDuration.startTimer();
  try {
    const report = await runTick(now, { stop: stopping.signal });
    if (report.claimed || report.expired || report.failed || report.reconciled) {
      logger.info({ tick: report }, "scheduler tick");
    }
  } catch (error) {
    logger.error({ err: errorFields(error) }, "scheduler tick failed");
  } finally {
    endTimer();
  }
  if (stopping.signal.aborted) return;
  // After the texts of the minute: a backup when one is due, and subscriptions past their period
  // that Stripe has not spoken of (the primary only).
  await backupIfDue(now).catch((error: unknown) =>
    logger.error({ err: errorFields(error) }, "backup check failed"),
  );
  await recheckLapsedSubscriptions(now).catch((error: unknown) =>
    logger.error({ err: errorFields(error) }, "subscription re-check failed"),
  );
  await deliverWebhooksOnPrimary(now).catch((error: unknown) =>
    logger.error({ err: errorFields(error) }, "webhook delivery failed"),
  );
}
