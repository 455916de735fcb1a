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

/** The Stripe client; only called when billing is on (STRIPE_SECRET_KEY set). */
export function stripe(): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new Error("Billing is off: STRIPE_SECRET_KEY is not set.");
  client ??= new Stripe(env.STRIPE_SECRET_KEY, {
    ...stripeAddress(env.STRIPE_API_URL),
    maxNetworkRetries: 2,
    timeout: 10_000,
  });
  return client;
}
