import { randomBytes } from "node:crypto";
import { preparedQuery, sqlite } from "~/utils/db/db.server";
import { env } from "~/utils/env/env.server";
import { enqueueEvent } from "./webhook-events.server";
import { webhookUrlProblem } from "./webhook-url";

// A user's endpoints as Settings → Webhooks shows and changes them.

export const MAX_ENDPOINTS_PER_USER = 5;
const DELIVERIES_SHOWN = 10;

/** A change the rules refuse; its message is shown as it is. */
export class WebhookError extends Error {}

type EndpointRow = {
  id: number;
  url: string;
  secret: string;
  createdAt: number;
  disabledAt: number | null;
  disabledReason: string | null;
};
type ExportedEndpointRow = Omit<EndpointRow, "secret"> & { deliveries: number; delivered: number };
type DeliveryRow = {
  id: number;
  endpointId: number;
  type: string;
  createdAt: number;
  attempts: number;
  deliveredAt: number | null;
  nextAttemptAt: number;
  lastStatus: number | null;
  lastError: string | null;
};

const statements = {
  endpoints: preparedQuery(() =>
    sqlite.prepare<[number], EndpointRow>(
      `select id, url, secret, created_at as createdAt, disabled_at as disabledAt,
         disabled_reason as disabledReason
       from webhook_endpoints where user_id = ? order by id`,
    ),
  ),
  deliveries: preparedQuery(() =>
    sqlite.prepare<[number, number], DeliveryRow>(
      `select id, endpoint_id as endpointId, type, created_at as createdAt, attempts,
         delivered_at as deliveredAt, next_attempt_at as nextAttemptAt, last_status as lastStatus,
         last_error as lastError
       from webhook_deliveries where endpoint_id = ? order by id desc limit ?`,
    ),
  ),
  count: preparedQuery(() =>
    sqlite
      .prepare<[number], number>("select count(*) from webhook_endpoints where user_id = ?")
      .pluck(),
  ),
  insert: preparedQuery(() =>
    sqlite.prepare<[number, string, string, number], { id: number }>(
      "insert into webhook_endpoints (user_id, url, secret, created_at) values (?, ?, ?, ?) returning id",
    ),
  ),
  remove: preparedQuery(() =>
    sqlite.prepare<[number, number]>("delete from webhook_endpoints where id = ? and user_id = ?"),
  ),
  exported: preparedQuery(() =>
    sqlite.prepare<[number], ExportedEndpointRow>(
      `select e.id, e.url, e.created_at as createdAt, e.disabled_at as disabledAt,
         e.disabled_reason as disabledReason,
         count(d.id) as deliveries, count(d.delivered_at) as delivered
       from webhook_endpoints e left join webhook_deliveries d on d.endpoint_id = e.id
       where e.user_id = ? group by e.id order by e.id`,
    ),
  ),
  isActive: preparedQuery(() =>
    sqlite
      .prepare<[number, number], number>(
        "select count(*) from webhook_endpoints where id = ? and user_id = ? and disabled_at is null",
      )
      .pluck(),
  ),
};

export function newWebhookSecret() {
  return `whsec_${randomBytes(24).toString("base64url")}`;
}

export function addWebhookEndpoint(userId: number, url: string, now = new Date()) {
  const problem = webhookUrlProblem(url, env.WEBHOOK_ALLOW_PRIVATE_URLS);
  if (problem) throw new WebhookError(problem);
  return sqlite.transaction(() => {
    if (statements.count().get(userId)! >= MAX_ENDPOINTS_PER_USER)
      throw new WebhookError(
        `You can have up to ${MAX_ENDPOINTS_PER_USER} webhooks. Remove one you no longer need first.`,
      );
    return statements.insert().get(userId, new URL(url).href, newWebhookSecret(), now.getTime())!
      .id;
  })();
}

/** False when the endpoint is not the user's. */
export function removeWebhookEndpoint(userId: number, endpointId: number) {
  return statements.remove().run(endpointId, userId).changes > 0;
}

/** A `ping` event to one endpoint, sent with the next tick; false when it is not the user's or disabled. */
export function sendTestEvent(userId: number, endpointId: number, now = new Date()) {
  return sqlite.transaction(() => {
    if (statements.isActive().get(endpointId, userId) === 0) return false;
    enqueueEvent(
      userId,
      "ping",
      { message: "A test event from StreakCoach." },
      { now, endpointId },
    );
    return true;
  })();
}

export type DeliveryState = "delivered" | "retrying" | "pending";

export function webhooksForSettings(userId: number) {
  return statements
    .endpoints()
    .all(userId)
    .map((endpoint) => ({
      ...endpoint,
      deliveries: statements
        .deliveries()
        .all(endpoint.id, DELIVERIES_SHOWN)
        .map((d) => ({
          ...d,
          state: (d.deliveredAt
            ? "delivered"
            : d.attempts > 0
              ? "retrying"
              : "pending") as DeliveryState,
        })),
    }));
}

export type SettingsWebhook = ReturnType<typeof webhooksForSettings>[number];

/** The user's endpoints for "Download my data": never the secret, and of deliveries only counts. */
export function webhooksForExport(userId: number) {
  return statements
    .exported()
    .all(userId)
    .map(({ createdAt, disabledAt, deliveries, delivered, ...endpoint }) => ({
      ...endpoint,
      createdAt: new Date(createdAt).toISOString(),
      disabledAt: disabledAt === null ? null : new Date(disabledAt).toISOString(),
      deliveries: { total: deliveries, delivered, undelivered: deliveries - delivered },
    }));
}
