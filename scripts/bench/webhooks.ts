import { rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { openFreshBenchDatabase } from "./fresh-database";

// Usage: npm run bench:webhooks
//
// What webhooks out cost: the time a goal's completion takes with no webhook (one index lookup for
// the user's endpoints) and with one (a row queued in the same transaction), and how many deliveries
// a second the scheduler's delivery posts to a receiver on this machine. Figures per run; compare a
// change with the tree before it, run alternately in one session (docs/performance.md).

const dir = openFreshBenchDatabase("bench-webhooks-");
process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";

const { sqlite } = await import("../../app/utils/db/db.server");
const { completeGoal, createGoal } = await import("../../app/goals/goals.server");
const { addWebhookEndpoint } = await import("../../app/webhooks/webhook-endpoints.server");
const { deliverDueWebhooks } = await import("../../app/webhooks/webhook-delivery.server");

const GOALS = 3000;
const DAY_MS = 86_400_000;

function userWithGoals(name: string) {
  const userId = Number(
    sqlite
      .prepare("insert into users (email, password_hash, phone) values (?, 'x', ?)")
      .run(`${name}@bench.test`, `+1555${String(Math.random()).slice(2, 9)}`).lastInsertRowid,
  );
  const start = Date.parse("2026-01-01T15:00:00Z");
  const ids = Array.from(
    { length: GOALS },
    (_, i) =>
      createGoal(userId, {
        description: `Goal ${i}`,
        dueDate: new Date(start + (i % 300) * DAY_MS + i),
      }).id,
  );
  return { userId, ids };
}

function msPerCompletion({ userId, ids }: { userId: number; ids: number[] }) {
  const begin = process.hrtime.bigint();
  for (const id of ids) completeGoal(userId, id);
  return Number(process.hrtime.bigint() - begin) / 1e6 / ids.length;
}

const receiver = createServer((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(200).end());
});
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const port = (receiver.address() as AddressInfo).port;

const without = userWithGoals("without");
const withOne = userWithGoals("with");
addWebhookEndpoint(withOne.userId, `http://127.0.0.1:${port}/hook`);
// Alternately, half each, so neither run has the warmer cache.
const half = GOALS / 2;
const a1 = msPerCompletion({ userId: without.userId, ids: without.ids.slice(0, half) });
const b1 = msPerCompletion({ userId: withOne.userId, ids: withOne.ids.slice(0, half) });
const a2 = msPerCompletion({ userId: without.userId, ids: without.ids.slice(half) });
const b2 = msPerCompletion({ userId: withOne.userId, ids: withOne.ids.slice(half) });
console.log(`completeGoal, no webhook:  ${((a1 + a2) / 2).toFixed(3)} ms`);
console.log(`completeGoal, one webhook: ${((b1 + b2) / 2).toFixed(3)} ms`);

const queued = Number(
  sqlite
    .prepare("select count(*) from webhook_deliveries where delivered_at is null")
    .pluck()
    .get(),
);
const begin = process.hrtime.bigint();
let delivered = 0;
for (;;) {
  const report = await deliverDueWebhooks(new Date());
  if (report.delivered + report.failed === 0) break;
  delivered += report.delivered;
}
const seconds = Number(process.hrtime.bigint() - begin) / 1e9;
console.log(
  `delivery: ${delivered} of ${queued} events in ${seconds.toFixed(2)} s, ${(delivered / seconds).toFixed(0)} a second`,
);

receiver.close();
sqlite.close();
rmSync(dir, { recursive: true, force: true });
