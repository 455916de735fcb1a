import cron from "node-cron";
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
    try {
      const report = await runTick(new Date());
      if (report.claimed || report.expired || report.failed || report.reconciled) {
        console.log(`scheduler: ${JSON.stringify(report)}`);
      }
    } catch (error) {
      console.error("scheduler tick failed", error);
    } finally {
      running = false;
    }
  });
}
