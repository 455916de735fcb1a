import type { IncomingMessage } from "node:http";
import Stripe from "stripe";
import { env } from "~/utils/env/env.server";

let client: Stripe | null = null;

/** STRIPE_API_URL (tests point it at a fake) as the host, port and protocol options the package takes. */
export function stripeAddress(apiUrl: string | undefined) {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname,
    port: url.port || (protocol === "http" ? 80 : 443),
    protocol,
  } as const;
}

type MakeRequest = Stripe.HttpClient["makeRequest"];

/** An answer read to its end before the package sees it. */
class ReadResponse extends Stripe.HttpClientResponse {
  constructor(
    from: Awaited<ReturnType<MakeRequest>>,
    private readonly raw: IncomingMessage,
    private readonly body: string,
  ) {
    super(from.getStatusCode(), from.getHeaders());
  }
  getRawResponse() {
    return this.raw;
  }
  toStream(): never {
    throw new Error("Stripe answers are read whole here; streaming is not used.");
  }
  toJSON() {
    return Promise.resolve(this._parseResponseBody(this.body));
  }
}

async function readBody(raw: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of raw) chunks.push(chunk as Buffer);
  if (!raw.complete)
    throw Object.assign(new Error("Stripe's answer was cut off"), { code: "ECONNRESET" });
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The package's own Node client, with two changes. Its timeout only counts silence, so an answer
 * that drips a byte at a time would never end: here a call not complete `timeout` ms after it
 * started, body included, ends with the package's timeout error. And it hands the package the body
 * unread, so a body that stalls or is cut off fails after the headers, which the package does not
 * retry: here the body is read first, and such a failure is a connection error the package retries
 * (safely: it sends an idempotency key with every write it may retry).
 */
class DeadlineHttpClient extends Stripe.HttpClient {
  private readonly inner = Stripe.createNodeHttpClient();

  getClientName() {
    return this.inner.getClientName();
  }

  async makeRequest(...args: Parameters<MakeRequest>): ReturnType<MakeRequest> {
    const timeout = args[7];
    const startedAt = Date.now();
    const response = await this.inner.makeRequest(...args);
    const raw = response.getRawResponse() as IncomingMessage;
    const left = Math.max(0, timeout - (Date.now() - startedAt));
    const timer = setTimeout(() => raw.destroy(Stripe.HttpClient.makeTimeoutError()), left);
    try {
      return new ReadResponse(response, raw, await readBody(raw));
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * The Stripe client; only called when billing is on (STRIPE_SECRET_KEY set). Two retries, as Stripe
 * advises (its package sends an idempotency key with each retried write), each call cut off after
 * STRIPE_TIMEOUT_MS: a person waits at most about three times that for a clear answer.
 */
export function stripe(): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new Error("Billing is off: STRIPE_SECRET_KEY is not set.");
  client ??= new Stripe(env.STRIPE_SECRET_KEY, {
    ...stripeAddress(env.STRIPE_API_URL),
    httpClient: new DeadlineHttpClient(),
    maxNetworkRetries: 2,
    timeout: env.STRIPE_TIMEOUT_MS,
  });
  return client;
}
