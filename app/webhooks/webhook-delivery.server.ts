import { webhookDeliveries, webhookEndpointsDisabled } from "~/observability/metrics.server";
import { preparedQuery, sqlite } from "~/utils/db/db.server";
import { env } from "~/utils/env/env.server";
import { enqueueMissedHabitDays } from "./webhook-events.server";
import { postWebhook, type PostResult } from "./webhook-post.server";
import { DISABLED_REASON, retryDelayMs, shouldDisable } from "./webhook-retry";
import { signedHeaders } from "./webhook-signature";

// The queue's consumer, run by the scheduler's tick on the primary: claim the deliveries due, post
// them signed, and record each answer — delivered, or tried again later with back-off, and the
// endpoint disabled once it has failed for a day.

/** Deliveries taken a tick; the rest wait for the next (a minute later). */
const PER_TICK = 500;
/** No batch starts after this much of the tick, which the minute's texts share. */
const TICK_BUDGET_MS = 20_000;
/** Posts in flight at once. */
const CONCURRENCY = 10;

type Due = {
  id: number;
  endpointId: number;
  eventId: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
};

/** Delivered rows are kept this long, for the settings page's list, then deleted. */
const DELIVERED_KEPT_MS = 30 * 24 * 3_600_000;

const statements = {
  forgetDelivered: preparedQuery(() =>
    sqlite.prepare<[number]>(
      "delete from webhook_deliveries where created_at < ? and delivered_at is not null",
    ),
  ),
  due: preparedQuery(() =>
    sqlite.prepare<[number, number], Due>(
      `select d.id, d.endpoint_id as endpointId, d.event_id as eventId, d.payload, d.attempts, e.url, e.secret
       from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
       where d.delivered_at is null and d.next_attempt_at <= ? and e.disabled_at is null
       order by d.next_attempt_at, d.id limit ?`,
    ),
  ),
  lease: preparedQuery(() =>
    sqlite.prepare<[number, number]>(
      "update webhook_deliveries set next_attempt_at = ? where id = ?",
    ),
  ),
  delivered: preparedQuery(() =>
    sqlite.prepare<[number, number | null, number]>(
      `update webhook_deliveries set delivered_at = ?, attempts = attempts + 1, last_status = ?, last_error = null
       where id = ?`,
    ),
  ),
  failed: preparedQuery(() =>
    sqlite.prepare<[number, number | null, string | null, number]>(
      `update webhook_deliveries set next_attempt_at = ?, attempts = attempts + 1, last_status = ?, last_error = ?
       where id = ?`,
    ),
  ),
  endpointWorked: preparedQuery(() =>
    sqlite.prepare<[number]>("update webhook_endpoints set first_failure_at = null where id = ?"),
  ),
  endpointFailed: preparedQuery(() =>
    sqlite.prepare<[number, number], { firstFailureAt: number }>(
      `update webhook_endpoints set first_failure_at = coalesce(first_failure_at, ?) where id = ?
       returning first_failure_at as firstFailureAt`,
    ),
  ),
  disable: preparedQuery(() =>
    sqlite.prepare<[number, string, number]>(
      "update webhook_endpoints set disabled_at = ?, disabled_reason = ? where id = ? and disabled_at is null",
    ),
  ),
};

export type DeliveryReport = {
  missed: number;
  delivered: number;
  failed: number;
  disabled: number;
};

export type DeliveryOptions = {
  timeoutMs?: number;
  checkAddresses?: boolean;
  random?: () => number;
};

/**
 * What is due at `now`, ten at a time: claim, post, record. Stops after PER_TICK deliveries or once
 * TICK_BUDGET_MS has passed, so stalled endpoints cannot hold the next minute's texts back.
 */
export async function deliverDueWebhooks(
  now: Date,
  options: DeliveryOptions = {},
): Promise<DeliveryReport> {
  const timeoutMs = options.timeoutMs ?? env.WEBHOOK_TIMEOUT_MS;
  const report: DeliveryReport = {
    missed: enqueueMissedHabitDays(now),
    delivered: 0,
    failed: 0,
    disabled: 0,
  };
  const started = performance.now();
  for (let taken = 0; taken < PER_TICK && performance.now() - started < TICK_BUDGET_MS;) {
    const batch = claim(now, timeoutMs);
    taken += batch.length;
    const answers = await Promise.all(
      batch.map((delivery) => post(delivery, now, timeoutMs, options)),
    );
    sqlite.transaction(() => {
      batch.forEach((delivery, n) => recordResult(delivery, answers[n]!, now, report, options));
    })();
    if (batch.length < CONCURRENCY) break;
  }
  statements.forgetDelivered().run(now.getTime() - DELIVERED_KEPT_MS);
  return report;
}

/** Taken for the time a post may last (and a minute): a process that dies mid-post leaves it due again. */
function claim(now: Date, timeoutMs: number) {
  return sqlite.transaction(() => {
    const due = statements.due().all(now.getTime(), CONCURRENCY);
    const leaseUntil = now.getTime() + timeoutMs + 60_000;
    for (const delivery of due) statements.lease().run(leaseUntil, delivery.id);
    return due;
  })();
}

function post(delivery: Due, now: Date, timeoutMs: number, options: DeliveryOptions) {
  const timestamp = Math.floor(now.getTime() / 1000);
  return postWebhook(
    delivery.url,
    delivery.payload,
    signedHeaders(delivery.secret, delivery.eventId, timestamp, delivery.payload),
    {
      timeoutMs,
      checkAddresses: options.checkAddresses ?? !env.WEBHOOK_ALLOW_PRIVATE_URLS,
    },
  );
}

function recordResult(
  delivery: Due,
  result: PostResult,
  now: Date,
  report: DeliveryReport,
  options: DeliveryOptions,
) {
  const status = "status" in result ? result.status : null;
  if (status !== null && status >= 200 && status < 300) {
    report.delivered += 1;
    webhookDeliveries.inc({ result: "delivered" });
    statements.delivered().run(now.getTime(), status, delivery.id);
    statements.endpointWorked().run(delivery.endpointId);
    return;
  }
  report.failed += 1;
  webhookDeliveries.inc({ result: "failed" });
  const error = "error" in result ? result.error : `answered ${status}`;
  const wait = retryDelayMs(delivery.attempts + 1, (options.random ?? Math.random)());
  statements.failed().run(now.getTime() + wait, status, error, delivery.id);
  const endpoint = statements.endpointFailed().get(now.getTime(), delivery.endpointId)!;
  if (!shouldDisable(new Date(endpoint.firstFailureAt), now)) return;
  const { changes } = statements.disable().run(now.getTime(), DISABLED_REASON, delivery.endpointId);
  report.disabled += changes;
  webhookEndpointsDisabled.inc(changes);
}
