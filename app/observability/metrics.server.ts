import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { sqlite } from "~/utils/db/db.server";

// Every series the service exports, in one registry; /metrics is served on its own port
// (metrics-server.server.ts), never by the app.

export const registry = new Registry();
const PREFIX = "streakcoach_";
collectDefaultMetrics({ register: registry, prefix: PREFIX });

const registers = [registry];

function lazily<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

export const httpRequestDuration = new Histogram({
  name: `${PREFIX}http_request_duration_seconds`,
  help: "Server time of each HTTP request, by route (Remix route id) and status",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers,
});

export const textsSent = new Counter({
  name: `${PREFIX}texts_sent_total`,
  help: "Outbound texts handed to the SMS provider, by kind and result (sent or failed)",
  labelNames: ["kind", "result"] as const,
  registers,
});

export const textStatuses = new Counter({
  name: `${PREFIX}text_status_callbacks_total`,
  help: "Delivery status callbacks from Twilio, by status (delivered, undelivered, failed, ...)",
  labelNames: ["status"] as const,
  registers,
});

export const inboundTexts = new Counter({
  name: `${PREFIX}inbound_texts_total`,
  help: "Inbound texts and web-chat messages read by the coach, by intent and channel",
  labelNames: ["intent", "channel"] as const,
  registers,
});

export const optOuts = new Counter({
  name: `${PREFIX}opt_outs_total`,
  help: "STOP (and its synonyms) received",
  registers,
});

export const providerErrors = new Counter({
  name: `${PREFIX}twilio_errors_total`,
  help: "Errors answered by Twilio, by error code (20429 is its rate limit)",
  labelNames: ["code"] as const,
  registers,
});

export const tickDuration = new Histogram({
  name: `${PREFIX}scheduler_tick_duration_seconds`,
  help: "Wall time of each scheduler tick",
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 30, 60],
  registers,
});

export const tickLag = new Gauge({
  name: `${PREFIX}scheduler_tick_lag_seconds`,
  help: "How late the last tick started after the minute it ran for",
  registers,
});

export const originRefusals = new Counter({
  name: `${PREFIX}origin_refusals_total`,
  help: "State-changing requests refused because another site's page sent them",
  registers,
});

export const heavyWorkRefusals = new Counter({
  name: `${PREFIX}heavy_work_refusals_total`,
  help: "Heavy pages and downloads refused with 503 because the process was building enough of them",
  registers,
});

export const apiTokenRequests = new Counter({
  name: `${PREFIX}api_token_requests_total`,
  help: "/api calls presenting a personal access token, by result (ok, unknown, expired, revoked, not-allowed, scope, rate-limited, in-url)",
  labelNames: ["result"] as const,
  registers,
});

export const apiTokenFlags = new Counter({
  name: `${PREFIX}api_token_flags_total`,
  help: "Personal access tokens flagged as possibly leaked, by reason (in-url, many-addresses)",
  labelNames: ["reason"] as const,
  registers,
});

export const calendarFeedRequests = new Counter({
  name: `${PREFIX}calendar_feed_requests_total`,
  help: "Calendar feed fetches, by result (ok, not-found, limited)",
  labelNames: ["result"] as const,
  registers,
});

export const backupRunsTotal = new Counter({
  name: `${PREFIX}backups_total`,
  help: "Scheduled and manual database backups, by result (ok or failed)",
  labelNames: ["result"] as const,
  registers,
});

// Prepared at the first scrape, not when the module loads: scripts load it before any migration.
const lastBackupAt = lazily(() =>
  sqlite
    .prepare<[], number | null>("select max(finished_at) from backup_runs where ok = 1")
    .pluck(),
);

new Gauge({
  name: `${PREFIX}backup_last_success_timestamp_seconds`,
  help: "When the last database backup succeeded (0 before the first)",
  registers,
  collect() {
    this.set((lastBackupAt().get() ?? 0) / 1000);
  },
});

const openSends = lazily(() =>
  sqlite
    .prepare<[], number>(
      "select count(*) from scheduled_sends where status in ('claimed', 'retry')",
    )
    .pluck(),
);

new Gauge({
  name: `${PREFIX}send_queue_depth`,
  help: "Scheduled texts claimed or waiting for a retry, not yet sent or given up",
  registers,
  collect() {
    this.set(openSends().get() ?? 0);
  },
});

type OutboundGateFigures = {
  inFlight: number;
  waiting: Record<"reply" | "scheduled", number>;
};
let readOutboundGate: (() => OutboundGateFigures) | undefined;

/** Where the gauges below read the process's outbound gate (the gate registers itself when made). */
export function outboundGateFigures(read: () => OutboundGateFigures) {
  readOutboundGate = read;
}

new Gauge({
  name: `${PREFIX}sms_gate_in_flight`,
  help: "Requests to send a text that are waiting for Twilio's answer",
  registers,
  collect() {
    this.set(readOutboundGate?.().inFlight ?? 0);
  },
});

new Gauge({
  name: `${PREFIX}sms_gate_waiting`,
  help: "Texts waiting for a slot at the outbound gate, by class (reply or scheduled)",
  labelNames: ["class"] as const,
  registers,
  collect() {
    const figures = readOutboundGate?.();
    for (const sendClass of ["reply", "scheduled"] as const)
      this.labels(sendClass).set(figures?.waiting[sendClass] ?? 0);
  },
});

export const outboundGateStarted = new Counter({
  name: `${PREFIX}sms_gate_sends_total`,
  help: "Texts the outbound gate let through to Twilio, by class (reply or scheduled)",
  labelNames: ["class"] as const,
  registers,
});

export const outboundGateRateLimited = new Counter({
  name: `${PREFIX}sms_gate_rate_limited_total`,
  help: "Sends Twilio refused with 429 (20429); each pauses every class at the gate",
  registers,
});

export const webhookDeliveries = new Counter({
  name: `${PREFIX}webhook_deliveries_total`,
  help: "Webhook posts to users' endpoints, by result (delivered, failed); disabled endpoints apart",
  labelNames: ["result"] as const,
  registers,
});

export const webhookEndpointsDisabled = new Counter({
  name: `${PREFIX}webhook_endpoints_disabled_total`,
  help: "Webhook endpoints disabled after a day of failed deliveries",
  registers,
});
