import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { fakeSubscription, type FakeSubscription } from "../fakes/stripe-server";
import { TEST_APP_URL } from "../helpers/app-env";
import { call, createTestUser, makeRequest, readJson, sessionCookie } from "../helpers/requests";
import { postBillingForm } from "../helpers/billing-form";
import { toastOf } from "../helpers/toasts";
import * as billingRoute from "~/routes/settings+/billing";
import * as accountRoute from "~/routes/settings+/account";
import * as webhookRoute from "~/routes/webhooks+/stripe";
import { isBillingEnabled, entitlementsOf } from "~/billing/billing.server";
import { recheckLapsedSubscriptions } from "~/billing/subscription-state.server";
import { MIN_TRIAL_CARRY_MS, trialEndToCarry } from "~/billing/subscriptions.server";
import { getUserById } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";
import { captureLogs } from "~/observability/logger.server";

// Billing is on only with a Stripe key, and the env module reads it when it loads: the fake Stripe
// starts first, then the environment points the app at it, then the app modules are imported.
const stripeEnv = await vi.hoisted(async () => {
  const { pointAppAtFakeStripe } = await import("../helpers/app-env");
  return pointAppAtFakeStripe({
    secretKey: "sk_test_billing_integration",
    webhookSecret: "whsec_billing_integration_0123456789",
    priceBasic: "price_basic_integration",
    pricePremium: "price_premium_integration",
  });
});
const {
  secretKey: SECRET_KEY,
  webhookSecret: WEBHOOK_SECRET,
  priceBasic: PRICE_BASIC,
  pricePremium: PRICE_PREMIUM,
  fake,
} = stripeEnv;
const APP_URL = TEST_APP_URL;

afterAll(() => stripeEnv.restore());

beforeEach(() => {
  // The routes log Stripe failures; the tests provoke them on purpose.
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const DAY_MS = 24 * 60 * 60 * 1000;
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/** Requests the app made to the fake Stripe API since `mark` (an index into fake.requests). */
const apiCallsSince = (mark: number, method?: string, path?: string | RegExp) =>
  fake.requests
    .slice(mark)
    .filter(
      (r) =>
        r.path.startsWith("/v1/") &&
        (!method || r.method === method) &&
        (!path || (typeof path === "string" ? r.path === path : path.test(r.path))),
    );

async function signedInUser() {
  const user = await createTestUser();
  return { user, cookie: await sessionCookie(user.id) };
}

const row = (userId: number) => getUserById(userId)!;
const storedEvent = (id: string) =>
  sqlite.prepare("select id, type from stripe_events where id = ?").get(id);

// Event times: each event a test sends is "newer" than the one before unless it says otherwise, and
// all are later than the wall clock a checkout completion is stamped with.
let clock = Math.floor(Date.now() / 1000) + 60;
const later = () => (clock += 10);

type EventInput = { id?: string; created?: number; type: string; object: unknown };

function stripeEvent({ id, created, type, object }: EventInput) {
  return {
    id: id ?? `evt_test_${randomBytes(8).toString("hex")}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: created ?? later(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

type Signing = { signature?: string | null; secret?: string; signedPayload?: string };

/** POST /webhooks/stripe through the real route, signed by the stripe package's own test helper. */
async function deliver(event: ReturnType<typeof stripeEvent> | string, signing: Signing = {}) {
  const payload = typeof event === "string" ? event : JSON.stringify(event);
  const signature =
    signing.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload: signing.signedPayload ?? payload,
          secret: signing.secret ?? WEBHOOK_SECRET,
        })
      : signing.signature;
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature !== null) headers["Stripe-Signature"] = signature;
  return call(
    webhookRoute.action,
    makeRequest("/webhooks/stripe", { method: "POST", headers, body: payload }),
  );
}

async function deliverOk(event: ReturnType<typeof stripeEvent>) {
  const response = await deliver(event);
  expect(response.status).toBe(200);
  return (await readJson(response)).outcome as string;
}

/** Starts Checkout as the Settings button does; returns the fake's session. */
async function startCheckout(cookie: string, plan: "basic" | "premium" = "premium") {
  const response = await postBillingForm({ intent: "subscribe", plan }, cookie);
  expect(response.status).toBe(302);
  const location = response.headers.get("Location")!;
  expect(location.startsWith(`${fake.url}/checkout/`)).toBe(true);
  const session = fake.sessions.get(location.split("/").at(-1)!);
  expect(session).toBeDefined();
  return session!;
}

/** Checkout, paid at the fake, and its checkout.session.completed delivered: a live subscription. */
async function subscribed(plan: "basic" | "premium" = "premium") {
  const { user, cookie } = await signedInUser();
  const session = await startCheckout(cookie, plan);
  await fake.pay(session.id);
  const completed = fake.sessions.get(session.id)!;
  expect(completed.subscription).not.toBeNull();
  expect(
    await deliverOk(stripeEvent({ type: "checkout.session.completed", object: { ...completed } })),
  ).toBe("processed");
  const subscription = fake.subscriptions.get(completed.subscription!)!;
  return { user, cookie, session: completed, subscription };
}

/** The subscription as Stripe would send it in an event, with changes. */
const snapshot = (subscription: FakeSubscription, changes: Partial<FakeSubscription> = {}) => ({
  ...structuredClone(subscription),
  ...changes,
});

describe("configuration", () => {
  it("has billing on with the Stripe key set", () => {
    expect(isBillingEnabled()).toBe(true);
  });
});

describe("Checkout", () => {
  it("sends a signed-in user to Stripe Checkout for the plan, carrying the rest of the trial", async () => {
    const { user, cookie } = await signedInUser();
    const mark = fake.requests.length;
    const session = await startCheckout(cookie, "premium");

    const account = row(user.id);
    // A fresh account has the 14-day trial.
    expect(account.trialEndsAt!.getTime() - account.createdAt.getTime()).toBeGreaterThan(
      14 * DAY_MS - 60_000,
    );
    expect(account.trialEndsAt!.getTime() - account.createdAt.getTime()).toBeLessThanOrEqual(
      14 * DAY_MS,
    );

    const created = apiCallsSince(mark, "POST", "/v1/customers");
    expect(created).toHaveLength(1);
    expect(created[0]!.form.get("email")).toBe(user.email);
    expect(created[0]!.form.get("metadata[userId]")).toBe(String(user.id));
    const customer = [...fake.customers.values()].find((c) => c.email === user.email);
    expect(customer).toBeDefined();
    expect(account.stripeCustomerId).toBe(customer!.id);

    expect(session).toMatchObject({
      mode: "subscription",
      customer: customer!.id,
      client_reference_id: String(user.id),
      price: PRICE_PREMIUM,
      trial_end: Math.floor(account.trialEndsAt!.getTime() / 1000),
      metadata: { userId: String(user.id) },
      status: "open",
    });
    // Stripe sends the person back to Plan & billing, which says how checkout went.
    expect(session.success_url).toBe(`${APP_URL}/settings/billing?checkout=success`);
    expect(session.cancel_url).toBe(`${APP_URL}/settings/billing?checkout=canceled`);
    expect(session.success_url).not.toBe(session.cancel_url);
    const [request] = apiCallsSince(mark, "POST", "/v1/checkout/sessions");
    expect(request!.form.get("line_items[0][quantity]")).toBe("1");
  });

  it("uses the Basic price, and carries no trial under 48 hours or after it ended", async () => {
    const { user, cookie } = await signedInUser();
    sqlite
      .prepare("update users set trial_ends_at = ? where id = ?")
      .run(Date.now() + DAY_MS, user.id);
    const short = await startCheckout(cookie, "basic");
    expect(short).toMatchObject({ price: PRICE_BASIC, trial_end: null });

    sqlite
      .prepare("update users set trial_ends_at = ? where id = ?")
      .run(Date.now() - DAY_MS, user.id);
    const customers = fake.customers.size;
    const expired = await startCheckout(cookie, "premium");
    expect(expired).toMatchObject({ price: PRICE_PREMIUM, trial_end: null });
    // The account's Stripe customer is reused, not made again.
    expect(fake.customers.size).toBe(customers);
    expect(expired.customer).toBe(short.customer);
  });

  it("carries the trial only with an hour's margin over Stripe's 48 hours", async () => {
    const now = new Date("2026-06-01T12:00:00Z");
    const at = (ms: number) => new Date(now.getTime() + ms);
    expect(MIN_TRIAL_CARRY_MS).toBe(49 * 60 * 60 * 1000);
    expect(trialEndToCarry(at(48 * 60 * 60 * 1000 + 30 * 60 * 1000), now)).toBeNull();
    expect(trialEndToCarry(at(MIN_TRIAL_CARRY_MS - 1), now)).toBeNull();
    expect(trialEndToCarry(at(MIN_TRIAL_CARRY_MS), now)).toBe(
      Math.floor(at(MIN_TRIAL_CARRY_MS).getTime() / 1000),
    );
    expect(trialEndToCarry(null, now)).toBeNull();

    // 48 hours and a half left: Stripe would take it now, but not after a slow request and a retry.
    const { user, cookie } = await signedInUser();
    sqlite
      .prepare("update users set trial_ends_at = ? where id = ?")
      .run(Date.now() + 48.5 * 60 * 60 * 1000, user.id);
    expect(await startCheckout(cookie, "premium")).toMatchObject({ trial_end: null });
  });

  it("the fake Stripe refuses the Checkout Sessions real Stripe refuses", async () => {
    const client = new Stripe(SECRET_KEY, {
      host: "127.0.0.1",
      port: Number(new URL(fake.url).port),
      protocol: "http",
      maxNetworkRetries: 0,
    });
    const valid = {
      mode: "subscription" as const,
      line_items: [{ price: PRICE_BASIC, quantity: 1 }],
      success_url: `${APP_URL}/settings/billing?checkout=success`,
      cancel_url: `${APP_URL}/settings/billing?checkout=canceled`,
    };
    const nowS = Math.floor(Date.now() / 1000);
    const refusals: [string, Record<string, unknown>, RegExp][] = [
      ["a mode Stripe does not have", { mode: "subscribe" }, /Invalid mode/],
      ["no mode", { mode: undefined }, /Missing required param: mode/],
      [
        "a price the account does not have",
        { line_items: [{ price: "price_nope", quantity: 1 }] },
        /No such price/,
      ],
      ["no success URL", { success_url: undefined }, /success_url/],
      ["a cancel URL that is no URL", { cancel_url: "/settings/billing" }, /cancel_url/],
      [
        "a trial ending in 47 hours",
        { subscription_data: { trial_end: nowS + 47 * 3600 } },
        /at least 2 days/,
      ],
      [
        "a trial in payment mode",
        { mode: "payment", subscription_data: { trial_end: nowS + 72 * 3600 } },
        /subscription mode/,
      ],
      ["a customer Stripe does not have", { customer: "cus_nope" }, /No such customer/],
    ];
    for (const [what, change, message] of refusals) {
      await expect(
        client.checkout.sessions.create({ ...valid, ...change } as never),
        what,
      ).rejects.toThrow(message);
    }
    const session = await client.checkout.sessions.create({
      ...valid,
      subscription_data: { trial_end: nowS + 49 * 3600 },
    });
    expect(session.url).toContain("/checkout/");
  });

  it("refuses a second subscription once one is live: a toast, no new session", async () => {
    const { cookie } = await subscribed("premium");
    const sessions = fake.sessions.size;
    const mark = fake.requests.length;

    const response = await postBillingForm({ intent: "subscribe", plan: "basic" }, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/settings/billing");
    expect(await toastOf(response)).toMatchObject({
      type: "error",
      description: expect.stringContaining("already have a plan"),
    });
    expect(fake.sessions.size).toBe(sessions);
    expect(apiCallsSince(mark)).toEqual([]);
  });

  it("sends an anonymous visitor to the login page without calling Stripe", async () => {
    const mark = fake.requests.length;
    const response = await postBillingForm({ intent: "subscribe", plan: "premium" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login/);
    expect(apiCallsSince(mark)).toEqual([]);
  });

  it("rejects an unknown plan or intent with 400", async () => {
    const { cookie } = await signedInUser();
    const mark = fake.requests.length;
    expect((await postBillingForm({ intent: "subscribe", plan: "gold" }, cookie)).status).toBe(400);
    expect((await postBillingForm({ intent: "refund" }, cookie)).status).toBe(400);
    expect(apiCallsSince(mark)).toEqual([]);
  });

  it("turns a Stripe outage into an error toast on Settings", async () => {
    const { user, cookie } = await signedInUser();
    const mark = fake.requests.length;
    // The client makes up to 3 attempts (maxNetworkRetries: 2); each one fails.
    fake.failNext(500, 3);

    const response = await postBillingForm({ intent: "subscribe", plan: "premium" }, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/settings/billing");
    expect(await toastOf(response)).toMatchObject({
      type: "error",
      description: expect.stringContaining("Billing is unavailable"),
    });
    expect(apiCallsSince(mark, "POST", "/v1/customers")).toHaveLength(3);
    expect(apiCallsSince(mark, "POST", "/v1/checkout/sessions")).toEqual([]);
    expect(row(user.id).stripeCustomerId).toBeNull();

    // Once Stripe is back, the same button works.
    const session = await startCheckout(cookie, "premium");
    expect(session.client_reference_id).toBe(String(user.id));
  });
});

describe("Billing Portal", () => {
  it("opens the portal to manage billing", async () => {
    const { user, cookie } = await subscribed("basic");
    const mark = fake.requests.length;
    const response = await postBillingForm({ intent: "manage" }, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(
      new RegExp(`^${fake.url.replace(/\./g, "\\.")}/portal/bps_`),
    );
    const [request, ...more] = apiCallsSince(mark, "POST", "/v1/billing_portal/sessions");
    expect(more).toEqual([]);
    expect(request!.form.get("customer")).toBe(row(user.id).stripeCustomerId);
    expect(request!.form.get("return_url")).toBe(`${APP_URL}/settings/billing`);
    expect(request!.form.get("flow_data[type]")).toBeNull();
  });

  it("opens the portal's cancel flow for the live subscription", async () => {
    const { user, cookie, subscription } = await subscribed("premium");
    const mark = fake.requests.length;
    const response = await postBillingForm({ intent: "cancel" }, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")!.startsWith(`${fake.url}/portal/`)).toBe(true);
    const [request] = apiCallsSince(mark, "POST", "/v1/billing_portal/sessions");
    expect(request!.form.get("customer")).toBe(row(user.id).stripeCustomerId);
    expect(request!.form.get("flow_data[type]")).toBe("subscription_cancel");
    expect(request!.form.get("flow_data[subscription_cancel][subscription]")).toBe(subscription.id);
  });

  it("answers a user with no Stripe customer with a toast, without calling Stripe", async () => {
    const { cookie } = await signedInUser();
    const mark = fake.requests.length;
    for (const intent of ["manage", "cancel"]) {
      const response = await postBillingForm({ intent }, cookie);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/settings/billing");
      expect(await toastOf(response)).toMatchObject({
        type: "error",
        description: expect.stringContaining("no subscription to manage"),
      });
    }
    expect(apiCallsSince(mark)).toEqual([]);
  });

  it("has nothing to cancel after an abandoned checkout", async () => {
    const { cookie } = await signedInUser();
    await startCheckout(cookie);
    const mark = fake.requests.length;
    const response = await postBillingForm({ intent: "cancel" }, cookie);
    expect(await toastOf(response)).toMatchObject({
      type: "error",
      description: expect.stringContaining("no active plan to cancel"),
    });
    expect(apiCallsSince(mark)).toEqual([]);
  });
});

describe("Stripe webhooks", () => {
  it("rejects a missing, wrong or mismatched signature with 400 and stores nothing", async () => {
    const { user, cookie } = await signedInUser();
    const session = await startCheckout(cookie);
    await fake.pay(session.id);
    const event = stripeEvent({
      type: "checkout.session.completed",
      object: { ...fake.sessions.get(session.id)! },
    });
    const tampered = JSON.stringify({ ...event, id: "evt_test_tampered" });
    const mark = fake.requests.length;

    const attempts = [
      await deliver(event, { signature: null }),
      await deliver(event, { signature: "t=1,v1=deadbeef" }),
      await deliver(event, { secret: "whsec_someone_else" }),
      // Signed over one body, sent with another.
      await deliver(tampered, { signedPayload: JSON.stringify(event) }),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(400);
      expect(await response.text()).toBe("Invalid signature");
    }
    expect(storedEvent(event.id)).toBeUndefined();
    expect(storedEvent("evt_test_tampered")).toBeUndefined();
    expect(row(user.id)).toMatchObject({
      plan: null,
      subscriptionStatus: null,
      stripeSubscriptionId: null,
    });
    expect(apiCallsSince(mark)).toEqual([]);
  });

  it("answers 413 to an oversized body without reading it as an event", async () => {
    const payload = JSON.stringify({
      ...stripeEvent({ type: "ping", object: {} }),
      pad: "x".repeat(600 * 1024),
    });
    const response = await deliver(payload);
    expect(response.status).toBe(413);
  });

  it("stores the plan when checkout.session.completed arrives, from the subscription at Stripe", async () => {
    const { user, cookie } = await signedInUser();
    const session = await startCheckout(cookie, "premium");
    await fake.pay(session.id);
    const completed = fake.sessions.get(session.id)!;
    const subscription = fake.subscriptions.get(completed.subscription!)!;
    const event = stripeEvent({ type: "checkout.session.completed", object: { ...completed } });
    const mark = fake.requests.length;

    expect(await deliverOk(event)).toBe("processed");
    expect(apiCallsSince(mark, "GET", `/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
    const account = row(user.id);
    expect(account).toMatchObject({
      plan: "premium",
      subscriptionStatus: "trialing",
      stripeSubscriptionId: subscription.id,
      cancelAtPeriodEnd: false,
    });
    expect(account.currentPeriodEnd!.getTime()).toBe(
      subscription.items.data[0]!.current_period_end * 1000,
    );
    expect(storedEvent(event.id)).toEqual({ id: event.id, type: "checkout.session.completed" });
    expect(entitlementsOf(account)).toMatchObject({ status: "premium", aiFeedback: true });
  });

  it("stores an active subscription bought after the trial, as Basic", async () => {
    const { user, cookie } = await signedInUser();
    sqlite
      .prepare("update users set trial_ends_at = ? where id = ?")
      .run(Date.now() - DAY_MS, user.id);
    expect(entitlementsOf(row(user.id)).status).toBe("expired");
    const session = await startCheckout(cookie, "basic");
    await fake.pay(session.id);
    const event = stripeEvent({
      type: "checkout.session.completed",
      object: { ...fake.sessions.get(session.id)! },
    });
    expect(await deliverOk(event)).toBe("processed");
    const account = row(user.id);
    expect(account).toMatchObject({ plan: "basic", subscriptionStatus: "active" });
    expect(account.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 27 * DAY_MS);
    expect(entitlementsOf(account)).toMatchObject({
      status: "basic",
      scheduledTexts: true,
      aiFeedback: false,
    });
  });

  it("applies an event id once: a replay is a duplicate and changes nothing", async () => {
    const { user, cookie } = await signedInUser();
    const session = await startCheckout(cookie, "premium");
    await fake.pay(session.id);
    const completed = fake.sessions.get(session.id)!;
    const event = stripeEvent({ type: "checkout.session.completed", object: { ...completed } });
    expect(await deliverOk(event)).toBe("processed");
    expect(row(user.id).subscriptionStatus).toBe("trialing");

    // In between, the subscription changed (the app heard of it) and Stripe now says something else.
    const subscriptionId = completed.subscription!;
    const cancelling = fake.changeSubscription(subscriptionId, { cancel_at_period_end: true });
    expect(
      await deliverOk(stripeEvent({ type: "customer.subscription.updated", object: cancelling })),
    ).toBe("processed");
    fake.changeSubscription(subscriptionId, { status: "active" });
    const before = row(user.id);
    expect(before.cancelAtPeriodEnd).toBe(true);
    const mark = fake.requests.length;

    const replay = await deliver(event);
    expect(replay.status).toBe(200);
    expect(await readJson(replay)).toEqual({ received: true, outcome: "duplicate" });
    expect(row(user.id)).toEqual(before);
    // Not even looked up again.
    expect(apiCallsSince(mark)).toEqual([]);
  });

  it("keeps Stripe's state when an older subscription update arrives late", async () => {
    const { user, subscription } = await subscribed("premium");
    const stale = snapshot(subscription, { status: "active", cancel_at_period_end: false });
    const cancelling = fake.changeSubscription(subscription.id, {
      status: "active",
      cancel_at_period_end: true,
      cancel_at: subscription.items.data[0]!.current_period_end,
    });

    expect(
      await deliverOk(stripeEvent({ type: "customer.subscription.updated", object: cancelling })),
    ).toBe("processed");
    // The older event's body says "not cancelling": only a hint, and Stripe says otherwise.
    await deliverOk(stripeEvent({ type: "customer.subscription.updated", object: stale }));
    const account = row(user.id);
    expect(account).toMatchObject({
      plan: "premium",
      subscriptionStatus: "active",
      cancelAtPeriodEnd: true,
    });
    expect(entitlementsOf(account)).toMatchObject({ status: "canceled", scheduledTexts: true });
  });

  it("records a deletion after an update, and a late 'active' for the canceled subscription changes nothing", async () => {
    const { user, subscription } = await subscribed("basic");
    const active = fake.changeSubscription(subscription.id, { status: "active" });
    expect(
      await deliverOk(stripeEvent({ type: "customer.subscription.updated", object: active })),
    ).toBe("processed");
    expect(row(user.id).subscriptionStatus).toBe("active");

    const endedAt = Math.floor(Date.now() / 1000) - 60;
    const ended = fake.changeSubscription(subscription.id, {
      status: "canceled",
      canceled_at: endedAt,
      items: {
        ...subscription.items,
        data: [{ ...subscription.items.data[0]!, current_period_end: endedAt }],
      },
    });
    expect(
      await deliverOk(stripeEvent({ type: "customer.subscription.deleted", object: ended })),
    ).toBe("processed");
    const billingOf = (id: number) => {
      const { subscriptionUpdatedAt: _readAt, ...rest } = row(id);
      return rest;
    };
    const canceled = billingOf(user.id);
    expect(canceled).toMatchObject({
      plan: "basic",
      subscriptionStatus: "canceled",
      currentPeriodEnd: new Date(endedAt * 1000),
    });

    // A late event whose body says "active": Stripe says canceled, and a canceled one never comes back.
    const revived = stripeEvent({ type: "customer.subscription.updated", object: active });
    await deliverOk(revived);
    expect(billingOf(user.id)).toEqual(canceled);
    expect(storedEvent(revived.id)).toBeDefined();
  });

  it("events out of order (created A, deleted A, created B, a late 'updated A (active)', deleted B) end with no plan", async () => {
    const { user, cookie, subscription: a } = await subscribed("premium");
    const createdA = snapshot(a);
    const endedA = fake.changeSubscription(a.id, { status: "canceled", canceled_at: clock });
    expect(
      await deliverOk(stripeEvent({ type: "customer.subscription.deleted", object: endedA })),
    ).toBe("processed");

    const session = await startCheckout(cookie, "premium");
    await fake.pay(session.id);
    const b = fake.subscriptions.get(fake.sessions.get(session.id)!.subscription!)!;
    expect(
      await deliverOk(stripeEvent({ type: "customer.subscription.created", object: snapshot(b) })),
    ).toBe("processed");
    expect(row(user.id)).toMatchObject({
      stripeSubscriptionId: b.id,
      subscriptionStatus: "trialing",
    });

    // Stripe delivers an old "A is active" after all that.
    await deliverOk(
      stripeEvent({
        type: "customer.subscription.updated",
        object: { ...createdA, status: "active" },
      }),
    );
    const endedB = fake.changeSubscription(b.id, { status: "canceled", canceled_at: clock });
    await deliverOk(stripeEvent({ type: "customer.subscription.deleted", object: endedB }));

    const account = row(user.id);
    expect(account.subscriptionStatus).toBe("canceled");
    expect(entitlementsOf(account, new Date(Date.now() + 400 * DAY_MS)).status).toBe("expired");
  });

  it("ignores the end of an older subscription while another one is live", async () => {
    const { user, subscription } = await subscribed("premium");
    const before = row(user.id);
    const older = snapshot(subscription, {
      id: `sub_test_${randomBytes(6).toString("hex")}`,
      status: "canceled",
    });
    expect(
      await deliverOk(stripeEvent({ type: "customer.subscription.deleted", object: older })),
    ).toBe("ignored");
    expect(row(user.id)).toEqual(before);
    expect(before).toMatchObject({ stripeSubscriptionId: subscription.id, plan: "premium" });
  });

  it("marks the account past_due when an invoice payment fails, keeping its access", async () => {
    const { user, subscription } = await subscribed("premium");
    fake.changeSubscription(subscription.id, { status: "past_due" });
    const invoice = {
      id: `in_test_${randomBytes(6).toString("hex")}`,
      object: "invoice",
      customer: subscription.customer,
      status: "open",
    };
    expect(await deliverOk(stripeEvent({ type: "invoice.payment_failed", object: invoice }))).toBe(
      "processed",
    );
    const account = row(user.id);
    expect(account).toMatchObject({ plan: "premium", subscriptionStatus: "past_due" });
    expect(entitlementsOf(account)).toMatchObject({ status: "past_due", scheduledTexts: true });
  });

  it("ignores events about a customer it does not know, answering 200", async () => {
    const { user } = await subscribed("premium");
    const before = row(user.id);
    const stranger = `cus_test_${randomBytes(6).toString("hex")}`;
    const subscription = fakeSubscription({
      id: `sub_test_${randomBytes(6).toString("hex")}`,
      itemId: "si_test_stranger",
      customer: stranger,
      status: "active",
      metadata: {},
      price: PRICE_PREMIUM,
      periodEnd: clock + 30 * 86_400,
    });
    for (const type of ["customer.subscription.created", "customer.subscription.updated"]) {
      expect(await deliverOk(stripeEvent({ type, object: subscription }))).toBe("ignored");
    }
    expect(
      await deliverOk(
        stripeEvent({
          type: "invoice.payment_failed",
          object: { id: "in_test_stranger", object: "invoice", customer: stranger },
        }),
      ),
    ).toBe("ignored");
    expect(
      await deliverOk(stripeEvent({ type: "customer.updated", object: { id: stranger } })),
    ).toBe("ignored");
    expect(row(user.id)).toEqual(before);
    expect(
      sqlite.prepare("select count(*) as n from users where stripe_customer_id = ?").get(stranger),
    ).toEqual({ n: 0 });
  });

  it("answers 200 and changes nothing when a subscription names a customer linked to another account", async () => {
    const { user: holder } = await subscribed("premium");
    const heldCustomer = row(holder.id).stripeCustomerId!;
    const { user: other } = await signedInUser();
    const before = { holder: row(holder.id), other: row(other.id) };
    const subscription = fakeSubscription({
      id: `sub_test_${randomBytes(6).toString("hex")}`,
      itemId: "si_test_clash",
      customer: heldCustomer,
      status: "active",
      metadata: { userId: String(other.id) },
      price: PRICE_PREMIUM,
      periodEnd: clock + 30 * 86_400,
    });
    fake.subscriptions.set(subscription.id, subscription);
    const event = stripeEvent({ type: "customer.subscription.updated", object: subscription });
    const logged = await captureLogs(async () => {
      expect(await deliverOk(event)).toBe("ignored");
    });
    expect(logged.join("\n")).toContain(`customer ${heldCustomer}`);
    expect(row(holder.id)).toEqual(before.holder);
    expect(row(other.id)).toEqual(before.other);
    // Applied once: Stripe's retry is a duplicate.
    expect(await readJson(await deliver(event))).toEqual({ received: true, outcome: "duplicate" });
  });

  it("answers 500 when applying fails, and releases the event id so Stripe's retry applies it", async () => {
    const { user, cookie } = await signedInUser();
    const session = await startCheckout(cookie, "premium");
    await fake.pay(session.id);
    const event = stripeEvent({
      type: "checkout.session.completed",
      object: { ...fake.sessions.get(session.id)! },
    });
    // Retrieving the subscription fails on every attempt the client makes.
    fake.failNext(500, 3);
    const failed = await deliver(event);
    expect(failed.status).toBe(500);
    expect(storedEvent(event.id)).toBeUndefined();
    expect(row(user.id)).toMatchObject({ plan: null, subscriptionStatus: null });

    // Stripe retries the same event later.
    expect(await deliverOk(event)).toBe("processed");
    expect(row(user.id)).toMatchObject({ plan: "premium", subscriptionStatus: "trialing" });
    expect(storedEvent(event.id)).toBeDefined();
  });
});

describe("live subscriptions past their period end", () => {
  const HOUR_MS = 60 * 60 * 1000;
  /** As if the period ended `endedAgo` ms ago and Stripe was last read `readAgo` ms ago. */
  const lapse = (userId: number, endedAgo: number, readAgo: number) =>
    sqlite
      .prepare("update users set current_period_end = ?, subscription_updated_at = ? where id = ?")
      .run(Date.now() - endedAgo, Date.now() - readAgo, userId);

  it("are read again from Stripe, so an ending whose event never came is seen", async () => {
    const { user, subscription } = await subscribed("premium");
    const endedAt = Math.floor(Date.now() / 1000) - 2 * 3600;
    // Stripe ended it; the customer.subscription.deleted event is lost.
    fake.changeSubscription(subscription.id, {
      status: "canceled",
      canceled_at: endedAt,
      items: {
        ...subscription.items,
        data: [{ ...subscription.items.data[0]!, current_period_end: endedAt }],
      },
    });
    lapse(user.id, 2 * HOUR_MS, 2 * HOUR_MS);
    expect(row(user.id).subscriptionStatus).toBe("trialing");
    expect(entitlementsOf(row(user.id)).status).toBe("premium");

    const mark = fake.requests.length;
    expect(await recheckLapsedSubscriptions()).toBeGreaterThanOrEqual(1);
    expect(apiCallsSince(mark, "GET", `/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
    const account = row(user.id);
    expect(account.subscriptionStatus).toBe("canceled");
    expect(entitlementsOf(account).status).not.toBe("premium");
  });

  it("are left alone inside their period, or when read from Stripe within the hour", async () => {
    const { user: current, subscription: inPeriod } = await subscribed("basic");
    const { user: recent, subscription: readLately } = await subscribed("basic");
    lapse(recent.id, 2 * HOUR_MS, 10 * 60 * 1000);
    const mark = fake.requests.length;
    await recheckLapsedSubscriptions();
    for (const id of [inPeriod.id, readLately.id]) {
      expect(apiCallsSince(mark, "GET", `/v1/subscriptions/${id}`)).toEqual([]);
    }
    expect(row(current.id).subscriptionStatus).toBe("trialing");
  });
});

describe("Settings: Plan & billing page", () => {
  const loadSettings = async (cookie: string) => {
    const response = await call(billingRoute.loader, makeRequest("/settings/billing", { cookie }));
    expect(response.status).toBe(200);
    return (await readJson(response)).billing;
  };

  it("shows a fresh account's trial and the plans to choose", async () => {
    const { cookie } = await signedInUser();
    expect(await loadSettings(cookie)).toMatchObject({
      enabled: true,
      status: "trial",
      planName: "Free trial",
      trialDaysLeft: 14,
      aiFeedback: true,
      canSubscribe: true,
      canManage: false,
      canCancel: false,
      plans: [
        { id: "basic", name: "Basic", price: "$9.99/month" },
        { id: "premium", name: "Premium", price: "$19.99/month" },
      ],
    });
  });

  it("shows the plan bought, with manage and cancel instead of subscribe", async () => {
    const { cookie } = await subscribed("basic");
    expect(await loadSettings(cookie)).toMatchObject({
      enabled: true,
      status: "basic",
      planName: "Basic",
      price: "$9.99/month",
      aiFeedback: false,
      trialDaysLeft: null,
      canSubscribe: false,
      canManage: true,
      canCancel: true,
    });
  });

  it("shows an ended trial as expired, able to subscribe", async () => {
    const { user, cookie } = await signedInUser();
    sqlite
      .prepare("update users set trial_ends_at = ? where id = ?")
      .run(Date.now() - DAY_MS, user.id);
    expect(await loadSettings(cookie)).toMatchObject({
      status: "expired",
      trialDaysLeft: null,
      aiFeedback: false,
      canSubscribe: true,
    });
  });
});

describe("deleting an account", () => {
  const deleteAccount = (cookie: string, password: string) =>
    call(
      accountRoute.action,
      makeRequest("/settings/account", {
        method: "POST",
        cookie,
        headers: FORM,
        body: new URLSearchParams({ intent: "delete", password, confirm: "on" }).toString(),
      }),
    );

  it("cancels the live subscription at Stripe, then deletes the account", async () => {
    const { user, cookie, subscription } = await subscribed("premium");
    const mark = fake.requests.length;
    const response = await deleteAccount(cookie, user.password);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(apiCallsSince(mark, "DELETE", `/v1/subscriptions/${subscription.id}`)).toHaveLength(1);
    expect(fake.subscriptions.get(subscription.id)!.status).toBe("canceled");
    expect(getUserById(user.id)).toBeUndefined();
  });

  it("keeps the account and answers 502 when Stripe cannot cancel the subscription", async () => {
    const { user, cookie, subscription } = await subscribed("premium");
    fake.failNext(500, 3);
    const response = await deleteAccount(cookie, user.password);
    expect(response.status).toBe(502);
    expect(JSON.stringify(await readJson(response))).toContain(
      "We could not cancel your subscription, so your account was not deleted.",
    );
    expect(getUserById(user.id)).toMatchObject({
      id: user.id,
      plan: "premium",
      stripeSubscriptionId: subscription.id,
    });
    expect(fake.subscriptions.get(subscription.id)!.status).toBe("trialing");
  });

  it("does not call Stripe for a wrong password or an account without a subscription", async () => {
    const { user, cookie } = await subscribed("basic");
    const mark = fake.requests.length;
    const wrong = await deleteAccount(cookie, "not the password");
    expect(wrong.status).toBe(400);
    expect(getUserById(user.id)).toBeDefined();

    const other = await signedInUser();
    const deleted = await deleteAccount(other.cookie, other.user.password);
    expect(deleted.status).toBe(302);
    expect(getUserById(other.user.id)).toBeUndefined();
    expect(apiCallsSince(mark)).toEqual([]);
  });
});
