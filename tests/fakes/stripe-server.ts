import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { pathToFileURL } from "node:url";
import Stripe from "stripe";
import { answerWithFault, type Fault } from "./faults";

/**
 * A stand-in for Stripe on 127.0.0.1, speaking its wire format so the real stripe package talks to it
 * (point STRIPE_API_URL at `url`). It covers what the app uses: customers, Checkout Sessions in
 * subscription mode, Billing Portal sessions, retrieving and cancelling subscriptions. Its hosted
 * Checkout and Portal pages are plain HTML forms: paying or cancelling there sends the app the signed
 * webhooks Stripe would, then redirects back, as Stripe does. It keeps every subscription's state (as
 * retrieving one answers), refuses the parameters real Stripe refuses (see checkCheckoutParameters),
 * and can answer a call badly on the wire (`failNextWith`, the faults every fake shares).
 *
 * Stand-alone (for the end-to-end server):
 *   tsx tests/fakes/stripe-server.ts --port 4242 --prices price_a,price_b --webhook-url URL --webhook-secret whsec_...
 */

export type FakeStripeOptions = {
  /** The secret key the app must send (Authorization: Bearer). */
  secretKey: string;
  /** The price ids that exist in this Stripe account; a Checkout Session for another is refused. */
  prices: string[];
  /** Where signed webhook events go; none are sent without it. */
  webhookUrl?: string;
  webhookSecret?: string;
  port?: number;
};

type Json = Record<string, unknown>;

export type FakeSubscription = {
  id: string;
  object: "subscription";
  customer: string;
  status: string;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  items: {
    object: "list";
    data: {
      id: string;
      object: "subscription_item";
      price: { id: string; object: "price" };
      current_period_end: number;
    }[];
  };
};

/** A subscription in Stripe's shape: one item at `price`, renewing (or ending its trial) at `periodEnd`. */
export function fakeSubscription(fields: {
  id: string;
  itemId: string;
  customer: string;
  status: string;
  metadata: Record<string, string>;
  price: string;
  periodEnd: number;
}): FakeSubscription {
  return {
    id: fields.id,
    object: "subscription",
    customer: fields.customer,
    status: fields.status,
    metadata: fields.metadata,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    items: {
      object: "list",
      data: [
        {
          id: fields.itemId,
          object: "subscription_item",
          price: { id: fields.price, object: "price" },
          current_period_end: fields.periodEnd,
        },
      ],
    },
  };
}

export type FakeCheckoutSession = {
  id: string;
  object: "checkout.session";
  mode: string;
  customer: string | null;
  client_reference_id: string | null;
  status: "open" | "complete";
  subscription: string | null;
  success_url: string;
  cancel_url: string;
  url: string;
  price: string | null;
  trial_end: number | null;
  metadata: Record<string, string>;
};

export type FakeRequest = { method: string; path: string; form: URLSearchParams };
export type Delivery = { type: string; eventId: string; status: number | null };

const DAY_S = 24 * 60 * 60;
/** Stripe's rule: a subscription's trial_end lies at least 48 hours ahead when the request arrives. */
export const MIN_TRIAL_END_AHEAD_S = 2 * DAY_S;
const CHECKOUT_MODES = ["payment", "setup", "subscription"];
const nowS = () => Math.floor(Date.now() / 1000);
const id = (prefix: string) => `${prefix}_test_${randomBytes(8).toString("hex")}`;

export async function startFakeStripe(options: FakeStripeOptions) {
  const customers = new Map<string, Json>();
  const sessions = new Map<string, FakeCheckoutSession>();
  const portals = new Map<string, { customer: string; return_url: string; flow: string | null }>();
  const subscriptions = new Map<string, FakeSubscription>();
  const requests: FakeRequest[] = [];
  const deliveries: Delivery[] = [];
  /** Statuses the next API calls answer with instead of their result (a Stripe outage). */
  const faults: number[] = [];
  /** Wire faults the next API calls answer their result with (see faults.ts). */
  const wireFaults: Fault[] = [];
  const sockets = new Set<Socket>();
  let base = "";

  const sendJson = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const sendHtml = (res: ServerResponse, html: string) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<!doctype html><html lang="en"><head><title>Fake Stripe</title></head><body>${html}</body></html>`,
    );
  };
  const redirect = (res: ServerResponse, location: string) => {
    res.writeHead(303, { Location: location });
    res.end();
  };
  const stripeError = (res: ServerResponse, status: number, message: string) =>
    sendJson(res, status, { error: { type: "invalid_request_error", message } });

  async function deliver(type: string, object: unknown) {
    if (!options.webhookUrl || !options.webhookSecret) return;
    const event = {
      id: id("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: nowS(),
      livemode: false,
      type,
      data: { object },
    };
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.webhookSecret,
    });
    const delivery: Delivery = { type, eventId: event.id, status: null };
    deliveries.push(delivery);
    try {
      const response = await fetch(options.webhookUrl, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body: payload,
      });
      delivery.status = response.status;
    } catch {
      delivery.status = 0;
    }
  }

  /** What real Stripe refuses in a Checkout Session the app could send, as its error message. */
  function checkCheckoutParameters(form: URLSearchParams): string | null {
    const mode = form.get("mode");
    if (!mode) return "Missing required param: mode.";
    if (!CHECKOUT_MODES.includes(mode))
      return `Invalid mode: must be one of ${CHECKOUT_MODES.join(", ")}`;
    const customer = form.get("customer");
    if (customer && !customers.has(customer)) return `No such customer: '${customer}'`;
    const price = form.get("line_items[0][price]");
    if (!price) return "Missing required param: line_items[0][price].";
    if (!options.prices.includes(price)) return `No such price: '${price}'`;
    for (const name of ["success_url", "cancel_url"]) {
      const url = form.get(name);
      if (name === "success_url" && !url) return "Missing required param: success_url.";
      if (url && !/^https?:\/\/[^/\s]+/.test(url)) return `Not a valid URL: ${name}`;
    }
    const trialEnd = form.get("subscription_data[trial_end]");
    if (trialEnd !== null) {
      if (mode !== "subscription")
        return "subscription_data can only be used in subscription mode.";
      if (!/^\d+$/.test(trialEnd) || Number(trialEnd) < nowS() + MIN_TRIAL_END_AHEAD_S) {
        return "The `trial_end` date has to be at least 2 days in the future.";
      }
    }
    return null;
  }

  function createSubscription(session: FakeCheckoutSession): FakeSubscription {
    const trialing = session.trial_end !== null;
    const subscription = fakeSubscription({
      id: id("sub"),
      itemId: id("si"),
      customer: session.customer ?? id("cus"),
      status: trialing ? "trialing" : "active",
      metadata: session.metadata,
      price: session.price ?? "price_unknown",
      periodEnd: session.trial_end ?? nowS() + 30 * DAY_S,
    });
    subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  async function api(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    form: URLSearchParams,
  ) {
    const wireFault = wireFaults.shift();
    const reply = (status: number, body: unknown) =>
      wireFault
        ? answerWithFault(
            res,
            wireFault,
            status,
            { "Content-Type": "application/json" },
            JSON.stringify(body),
          )
        : sendJson(res, status, body);
    const refuse = (status: number, message: string) =>
      reply(status, { error: { type: "invalid_request_error", message } });
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      return refuse(401, "Invalid API Key provided");
    }
    const fault = faults.shift();
    if (fault) return refuse(fault, "The fake Stripe was told to fail.");
    if (req.method === "POST" && path === "/v1/customers") {
      const customer = {
        id: id("cus"),
        object: "customer",
        email: form.get("email"),
        metadata: { userId: form.get("metadata[userId]") },
      };
      customers.set(customer.id, customer);
      return reply(200, customer);
    }
    if (req.method === "POST" && path === "/v1/checkout/sessions") {
      const refusal = checkCheckoutParameters(form);
      if (refusal) return refuse(400, refusal);
      const sessionId = id("cs");
      const trialEnd = form.get("subscription_data[trial_end]");
      const session: FakeCheckoutSession = {
        id: sessionId,
        object: "checkout.session",
        mode: form.get("mode")!,
        customer: form.get("customer"),
        client_reference_id: form.get("client_reference_id"),
        status: "open",
        subscription: null,
        success_url: form.get("success_url") ?? "",
        cancel_url: form.get("cancel_url") ?? "",
        url: `${base}/checkout/${sessionId}`,
        price: form.get("line_items[0][price]"),
        trial_end: trialEnd ? Number(trialEnd) : null,
        metadata: Object.fromEntries(
          [...form.entries()]
            .filter(([key]) => key.startsWith("subscription_data[metadata]["))
            .map(([key, value]) => [key.slice("subscription_data[metadata][".length, -1), value]),
        ),
      };
      sessions.set(sessionId, session);
      return reply(200, session);
    }
    if (req.method === "POST" && path === "/v1/billing_portal/sessions") {
      const customer = form.get("customer") ?? "";
      if (!customers.has(customer)) return refuse(404, `No such customer: '${customer}'`);
      const portalId = id("bps");
      portals.set(portalId, {
        customer,
        return_url: form.get("return_url") ?? "",
        flow: form.get("flow_data[type]"),
      });
      return reply(200, {
        id: portalId,
        object: "billing_portal.session",
        customer,
        url: `${base}/portal/${portalId}`,
      });
    }
    const subscriptionPath = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (subscriptionPath) {
      const subscription = subscriptions.get(subscriptionPath[1]!);
      if (!subscription) return refuse(404, "No such subscription");
      if (req.method === "GET") return reply(200, subscription);
      if (req.method === "DELETE") {
        Object.assign(subscription, { status: "canceled", canceled_at: nowS() });
        subscription.items.data[0]!.current_period_end = nowS();
        await deliver("customer.subscription.deleted", subscription);
        return reply(200, subscription);
      }
    }
    return refuse(404, `Unrecognized request URL (${req.method}: ${path})`);
  }

  async function pages(req: IncomingMessage, res: ServerResponse, path: string) {
    // For browser tests in another process: what the webhook endpoint answered to each event.
    if (path === "/__deliveries") return sendJson(res, 200, deliveries);
    const checkout = /^\/checkout\/([\w-]+)(\/pay)?$/.exec(path);
    const session = checkout ? sessions.get(checkout[1]!) : undefined;
    if (checkout && session) {
      if (req.method === "GET") {
        return sendHtml(
          res,
          `<main><h1>Fake Stripe Checkout</h1><p>Subscribe to ${session.price}</p>
          <form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay and subscribe</button></form>
          <p><a href="${session.cancel_url}">Back</a></p></main>`,
        );
      }
      if (session.status === "open") {
        const subscription = createSubscription(session);
        Object.assign(session, { status: "complete", subscription: subscription.id });
        await deliver("checkout.session.completed", session);
        await deliver("customer.subscription.created", subscription);
      }
      return redirect(res, session.success_url);
    }
    const portalPath = /^\/portal\/([\w-]+)(\/cancel)?$/.exec(path);
    const portal = portalPath ? portals.get(portalPath[1]!) : undefined;
    if (portalPath && portal) {
      const live = [...subscriptions.values()].find(
        (s) => s.customer === portal.customer && s.status !== "canceled",
      );
      if (req.method === "GET") {
        return sendHtml(
          res,
          `<main><h1>Fake Billing Portal</h1><p>${live ? `Subscription ${live.items.data[0]!.price.id}: ${live.status}${live.cancel_at ? " (cancels at period end)" : ""}` : "No subscription"}</p>
          ${live && !live.cancel_at ? `<form method="post" action="/portal/${portalPath[1]}/cancel"><button type="submit">Cancel subscription</button></form>` : ""}
          <p><a href="${portal.return_url}">Return to StreakCoach</a></p></main>`,
        );
      }
      if (live && !live.cancel_at) {
        Object.assign(live, {
          cancel_at_period_end: true,
          cancel_at: live.items.data[0]!.current_period_end,
        });
        await deliver("customer.subscription.updated", live);
      }
      return redirect(res, portal.return_url);
    }
    res.writeHead(404, { "Content-Type": "text/plain" });
    res.end("Not found");
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://fake").pathname;
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const query = new URL(req.url ?? "/", "http://fake").searchParams;
      for (const [key, value] of query) form.append(key, value);
      requests.push({ method: req.method ?? "GET", path, form });
      const handle = path.startsWith("/v1/") ? api(req, res, path, form) : pages(req, res, path);
      handle.catch((error: unknown) => {
        if (!res.headersSent) stripeError(res, 500, String(error));
        else res.end();
      });
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    customers,
    sessions,
    subscriptions,
    requests,
    deliveries,
    /** The next API call (or calls) answers with this status instead. */
    failNext(status: number, times = 1) {
      for (let i = 0; i < times; i++) faults.push(status);
    },
    /** The next API call (or calls) answers its result failing on the wire as `fault` says. */
    failNextWith(fault: Fault, times = 1) {
      for (let i = 0; i < times; i++) wireFaults.push(fault);
    },
    /** Forgets the failures no call has used up yet. */
    clearFaults() {
      faults.length = 0;
      wireFaults.length = 0;
    },
    /**
     * Changes a subscription as Stripe would (the Dashboard, a renewal, a cancellation) and returns
     * the subscription as an event about it carries, to deliver to the app if the test wants.
     */
    changeSubscription(subscriptionId: string, changes: Partial<FakeSubscription>) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) throw new Error(`the fake has no subscription ${subscriptionId}`);
      Object.assign(subscription, changes);
      return structuredClone(subscription);
    },
    /** Pays an open Checkout Session as the person would on Stripe's page (webhooks included). */
    async pay(sessionId: string) {
      await fetch(`${base}/checkout/${sessionId}/pay`, { method: "POST", redirect: "manual" });
      return sessions.get(sessionId)!;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

function flag(name: string) {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeStripe({
    secretKey: flag("secret-key") ?? "sk_test_e2e",
    prices: (flag("prices") ?? "").split(",").filter(Boolean),
    webhookUrl: flag("webhook-url"),
    webhookSecret: flag("webhook-secret"),
    port: Number(flag("port") ?? 0),
  });
  console.log(`fake Stripe listening on ${fake.url}`);
  for (const signal of ["SIGINT", "SIGTERM"])
    process.on(signal, () => void fake.close().then(() => process.exit(0)));
}
