import cron from "node-cron";
import { backupIfDue } from "~/backups/backups.server";
import { errorFields, logger } from "~/observability/logger.server";
import { tickDuration, tickLag } from "~/observability/metrics.server";
import { env } from "~/utils/env.server";
import { runTick } from "./tick.server";

let started = false;
let running = false;

/** Every minute on every node; runTick itself does nothing unless this node is the LiteFS primary. */
export function startScheduler() {
  if (started || !env.CRON_ENABLED || env.NODE_ENV === "test") return;
  started = true;
  cron.schedule("* * * * *", async () => {
    if (running) return; // a slow tick finishes before the next starts; the next catches up
    running = true;
    const now = new Date();
    tickLag.set((now.getTime() % 60_000) / 1000);
    const endTimer = tickDuration.startTimer();
    try {
      const report = await runTick(now);
      if (report.claimed || report.expired || report.failed || report.reconciled) {
        logger.info({ tick: report }, "scheduler tick");
      }
    } catch (error) {
      logger.error({ err: errorFields(error) }, "scheduler tick failed");
    } finally {
      endTimer();
      running = false;
    }
    // After the texts of the minute: a backup when one is due (the primary only).
    await backupIfDue(now).catch((error: unknown) =>
      logger.error({ err: errorFields(error) }, "backup check failed"),
    );
  });
}
