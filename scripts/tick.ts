import { runTick } from "~/scheduler/tick.server";

// Usage: npm run tick -- --at 2026-11-23T13:00:00Z   (one tick as if it were that instant, then exit)
const index = process.argv.indexOf("--at");
const raw = index >= 0 ? process.argv[index + 1] : undefined;
const at = raw ? new Date(raw) : new Date();
if (Number.isNaN(at.getTime())) {
  console.error("usage: npm run tick -- --at ISO-INSTANT");
  process.exit(2);
}

// The server on this machine may be sending texts it queued: only the server settles them.
const report = await runTick(at, { inServer: false });
console.log(
  `tick ${report.at}: ${report.primary ? "primary" : "replica, nothing sent"}; claimed ${report.claimed}, ` +
    `sent ${report.sent}, skipped ${report.skipped}, expired ${report.expired}, failed ${report.failed}, ` +
    `retrying ${report.retried}, reconciled ${report.reconciled}`,
);
