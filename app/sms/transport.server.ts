import { randomBytes } from "node:crypto";
import { and, eq, gte } from "drizzle-orm";
import twilio from "twilio";
import { db, schema } from "~/utils/db/db.server";
import { readBytesWithin } from "~/utils/requests/body.server";
import { logger } from "~/observability/logger.server";
import { providerErrors } from "~/observability/metrics.server";
import { env } from "~/utils/env/env.server";
import { getOutboundGate, type SendClass } from "./outbound-gate.server";
import { MAX_MEDIA_BYTES } from "./media-limits";
import { createMessagesClient } from "./twilio-messages.server";
import { isRetryableCode, permanentError } from "./twilio-errors";

export type SendResult = { sid: string; status: string };

/** A send Twilio refused. Permanent codes are never retried; others may be, when not accepted. */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly accepted: boolean,
  ) {
    super(message);
  }
  get permanent() {
    return permanentError(this.code) !== null;
  }
  get retryable() {
    return !this.accepted && isRetryableCode(this.code);
  }
}

/**
 * messageId: the stored text this send is for, named in its status callback URL (see
 * recordDeliveryStatus). sendClass: its place at the outbound gate; only the scheduler's texts are
 * "scheduled", anything a person's action sends is a "reply".
 */
export type SendOptions = { messageId?: number; sendClass?: SendClass };

export interface SmsTransport {
  readonly name: "twilio" | "local";
  send(to: string, body: string, options?: SendOptions): Promise<SendResult>;
  /** Downloads inbound media with the account's credentials. */
  fetchMedia(url: string): Promise<{ contentType: string; bytes: Buffer }>;
  /** Texts the provider accepted for a number since an instant (its message log), for reconciliation. */
  listSentSince(to: string, since: Date): Promise<SentRecord[]>;
  /** The account's whole message log since an instant, both directions (recovery on promotion). */
  listLogSince?(since: Date): Promise<LogRecord[]>;
}

export type SentRecord = { sid: string; body: string; sentAt: Date };
export type LogRecord = SentRecord & { inbound: boolean; from: string; to: string };

/**
 * Sends Twilio's requests to TWILIO_API_URL instead of api.twilio.com (a fake in tests and staging).
 * The package's timeout only ends a silent socket: each request also gets a signal that ends it,
 * whole answer read, by TWILIO_TIMEOUT_MS.
 */
class BaseUrlRequestClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: string) {
    super({ timeout: env.TWILIO_TIMEOUT_MS });
    this.axios.interceptors.request.use((config) => {
      config.signal = AbortSignal.timeout(env.TWILIO_TIMEOUT_MS);
      return config;
    });
  }
  request<T>(opts: Parameters<twilio.RequestClient["request"]>[0] & { data?: T }) {
    return super.request({ ...opts, uri: opts.uri.replace(/^https:\/\/[^/]+/, this.baseUrl) });
  }
}

function twilioTransport(): SmsTransport {
  const sid = env.TWILIO_ACCOUNT_SID!;
  const token = env.TWILIO_AUTH_TOKEN!;
  const baseUrl = env.TWILIO_API_URL.replace(/\/$/, "");
  // Made on first use: only a crash's reconciliation lists messages.
  let client: ReturnType<typeof twilio> | undefined;
  const listing = () =>
    (client ??= twilio(sid, token, { httpClient: new BaseUrlRequestClient(baseUrl) }));
  const messages = createMessagesClient({
    baseUrl,
    accountSid: sid,
    authToken: token,
    timeoutMs: env.TWILIO_TIMEOUT_MS,
    sender: env.TWILIO_MESSAGING_SERVICE_SID
      ? { messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID }
      : { from: env.TWILIO_FROM_NUMBER! },
  });
  const statusCallback = `${env.APP_URL}/webhooks/twilio/status`;
  return {
    name: "twilio",
    async send(to, body, options = {}) {
      const ref = options.messageId ? `?m=${options.messageId}` : "";
      return getOutboundGate().run(options.sendClass ?? "reply", async () => {
        try {
          return await messages.create(to, body, statusCallback + ref);
        } catch (error) {
          throw toSendError(error);
        }
      });
    },
    async listSentSince(to, since) {
      // Twilio fills DateSent only once a text goes out, so filtering on it could miss one accepted
      // seconds before a crash: read the number's latest texts and compare creation times here.
      const list = await listing().messages.list({ to, limit: 100 });
      return list
        .filter((m) => m.dateCreated >= since)
        .map((m) => ({ sid: m.sid, body: m.body, sentAt: m.dateCreated }));
    },
    async listLogSince(since) {
      // Every page (the package follows next_page_uri); an hour's margin for DateSent's late filling.
      const list = await listing().messages.list({
        dateSentAfter: new Date(since.getTime() - 60 * 60_000),
        pageSize: 1000,
      });
      return list
        .filter((m) => m.dateCreated >= since)
        .map((m) => ({
          sid: m.sid,
          body: m.body,
          sentAt: m.dateCreated,
          inbound: m.direction === "inbound",
          from: m.from,
          to: m.to,
        }));
    },
    async fetchMedia(url) {
      // Only a URL on Twilio's API (or its stand-in) is fetched, never another host named in a webhook.
      const target = new URL(url.replace(/^https:\/\/api\.twilio\.com/, baseUrl));
      if (target.origin !== new URL(baseUrl).origin)
        throw new Error("media URL is not on the Twilio API");
      const authorization = `Basic ${Buffer.from(`${sid}:${token}`).toString("base64")}`;
      // One signal for the redirects and the body: a download that drips ends by the deadline too.
      const signal = AbortSignal.timeout(env.TWILIO_TIMEOUT_MS);
      return readMedia(await fetchWithCredentialsFor(target, target.origin, authorization, signal));
    },
  };
}

const MAX_MEDIA_REDIRECTS = 5;

/**
 * Follows redirects by hand: Twilio's media URLs redirect to a CDN, and the global fetch remix-serve
 * installs would carry the Authorization header there. Credentials go to `credentialsOrigin` only.
 */
async function fetchWithCredentialsFor(
  url: URL,
  credentialsOrigin: string,
  authorization: string,
  signal: AbortSignal,
) {
  let target = url;
  for (let hop = 0; hop <= MAX_MEDIA_REDIRECTS; hop++) {
    const res = await fetch(target, {
      headers: target.origin === credentialsOrigin ? { Authorization: authorization } : {},
      redirect: "manual",
      signal,
    });
    const location = res.headers.get("location");
    if (res.status < 300 || res.status >= 400 || !location) return res;
    await res.body?.cancel();
    target = new URL(location, target);
    if (target.protocol !== "https:" && target.protocol !== url.protocol) {
      throw new Error("media download redirected to an insecure URL");
    }
  }
  throw new Error("media download redirected too many times");
}

async function readMedia(res: Response) {
  if (!res.ok) throw new Error(`media download failed with ${res.status}`);
  const declared = Number(res.headers.get("content-length") ?? 0);
  if (declared > MAX_MEDIA_BYTES) throw new Error("media is too large");
  const bytes = await readBytesWithin(res.body, MAX_MEDIA_BYTES);
  if (!bytes) throw new Error("media is too large");
  return { contentType: res.headers.get("content-type") ?? "application/octet-stream", bytes };
}

function toSendError(error: unknown): SmsSendError {
  const e = error as { status?: number; code?: number; message?: string };
  providerErrors
    .labels(
      e?.code ? String(e.code) : typeof e?.status === "number" ? `http_${e.status}` : "network",
    )
    .inc();
  if (typeof e?.status === "number") {
    return new SmsSendError(
      e.message ?? "Twilio refused the message",
      e.code ? String(e.code) : null,
      false,
    );
  }
  return new SmsSendError((error as Error)?.message ?? "network error", null, false);
}

/** Keeps texts on this machine: stored for /dev/phone and logged, never sent. */
function localTransport(): SmsTransport {
  return {
    name: "local",
    async send(to, body) {
      const sid = `SMlocal${randomBytes(12).toString("hex")}`;
      db.insert(schema.localOutbox).values({ sid, toPhone: to, body }).run();
      logger.debug({ sid }, "text kept in the local outbox (see /dev/phone)");
      return { sid, status: "delivered" };
    },
    async listSentSince(to, since) {
      const rows = db
        .select()
        .from(schema.localOutbox)
        .where(and(eq(schema.localOutbox.toPhone, to), gte(schema.localOutbox.createdAt, since)))
        .all();
      return rows.map((r) => ({ sid: r.sid, body: r.body, sentAt: r.createdAt }));
    },
    async fetchMedia(url) {
      if (!/^(https?|data):/i.test(url)) throw new Error("media URL must be http(s) or data:");
      return readMedia(await fetch(url, { signal: AbortSignal.timeout(env.TWILIO_TIMEOUT_MS) }));
    },
  };
}

let transport: SmsTransport | undefined;

export function getTransport(): SmsTransport {
  transport ??= env.SMS_TRANSPORT === "twilio" ? twilioTransport() : localTransport();
  return transport;
}
