import type { IncomingMessage } from "node:http";
import Stripe from "stripe";
import { env } from "~/utils/env.server";

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

/**
 * The package's own Node client, whose timeout only counts silence: an answer that drips a byte at a
 * time would never end. This one also ends any call that is not complete `timeout` ms after it
 * started, body included, with the package's own timeout error (which it retries).
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
    const body = response.getRawResponse() as IncomingMessage;
    const left = Math.max(0, timeout - (Date.now() - startedAt));
    const timer = setTimeout(() => body.destroy(Stripe.HttpClient.makeTimeoutError()), left);
    body.once("close", () => clearTimeout(timer));
    return response;
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
