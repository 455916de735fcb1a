import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { FAULT_NAMES, type Fault } from "../fakes/faults";
import { call, createTestUser, makeRequest, readJson, sessionCookie } from "../helpers/requests";
import { postBillingForm } from "../helpers/billing-form";
import { toastOf } from "../helpers/toasts";
import * as accountRoute from "~/routes/settings+/account";
import * as webhookRoute from "~/routes/webhooks+/stripe";
import { recheckLapsedSubscriptions } from "~/billing/subscription-state.server";
import { getUserById } from "~/users/users.server";
import { sqlite } from "~/utils/db/db.server";

// Every caller of Stripe against a Stripe that answers badly on the wire: a slow first byte, a body
// that stalls, drips or is cut by a reset. Each ends with a clear answer (a toast, a 502, a 500 that
// Stripe retries) and nothing half-written, within the client's timeout (lowered here so the file is
// quick) and its two retries.
const { TIMEOUT_MS, stripeEnv } = await vi.hoisted(async () => {
  const { pointAppAtFakeStripe } = await import("../helpers/app-env");
  const TIMEOUT_MS = 300;
  const stripeEnv = await pointAppAtFakeStripe(
    {
      secretKey: "sk_test_billing_faults",
      webhookSecret: "whsec_billing_faults_0123456789",
      priceBasic: "price_basic_faults",
      pricePremium: "price_premium_faults",
    },
    { STRIPE_TIMEOUT_MS: String(TIMEOUT_MS) },
  );
  return { TIMEOUT_MS, stripeEnv };
});
const { webhookSecret: WEBHOOK_SECRET, fake } = stripeEnv;

afterAll(() => stripeEnv.restore());
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  fake.clearFaults();
  vi.restoreAllMocks();
});

const FAULTS: Record<(typeof FAULT_NAMES)[number], Fault> = {
  // Longer than the timeout: nothing at all comes in time.
  "slow-first-byte": { fault: "slow-first-byte", ms: 4 * TIMEOUT_MS },
  "stalled-body": { fault: "stalled-body" },
  // A byte every 50 ms: a subscription's body would take over a minute.
  drip: { fault: "drip", ms: 50 },
  "reset-mid-body": { fault: "reset-mid-body" },
};
/** Every attempt the client makes (maxNetworkRetries: 2) meets the fault. */
const ATTEMPTS = 3;
const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const row = (userId: number) => getUserById(userId)!;

async function signedInUser() {
  const user = await createTestUser();
  return { user, cookie: await sessionCookie(user.id) };
}

function deliver(type: string, object: unknown) {
  const payload = JSON.stringify({
    id: `evt_test_${randomBytes(8).toString("hex")}`,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return call(
    webhookRoute.action,
    makeRequest("/webhooks/stripe", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    }),
  );
}

/** A user with a live subscription, bought through Checkout while Stripe answered well. */
async function subscribed() {
  const { user, cookie } = await signedInUser();
  const started = await postBillingForm({ intent: "subscribe", plan: "premium" }, cookie);
  const session = await fake.pay(started.headers.get("Location")!.split("/").at(-1)!);
  expect((await deliver("checkout.session.completed", { ...session })).status).toBe(200);
  expect(row(user.id).subscriptionStatus).toBe("trialing");
  return { user, cookie, subscriptionId: session.subscription! };
}

const eventsStored = () =>
  (sqlite.prepare("select count(*) as n from stripe_events").get() as { n: number }).n;

describe.each(FAULT_NAMES)("Stripe answering with %s", (name) => {
  const fault = FAULTS[name];

  it("Checkout: an error toast, no customer stored; the button works once Stripe is back", async () => {
    const { user, cookie } = await signedInUser();
    fake.failNextWith(fault, ATTEMPTS);
    const response = await postBillingForm({ intent: "subscribe", plan: "premium" }, cookie);
    expect(response.headers.get("Location")).toBe("/settings/billing");
    expect(await toastOf(response)).toMatchObject({
      type: "error",
      description: "Billing is unavailable right now. Please try again in a few minutes.",
    });
    expect(row(user.id).stripeCustomerId).toBeNull();

    fake.clearFaults();
    const again = await postBillingForm({ intent: "subscribe", plan: "premium" }, cookie);
    expect(again.headers.get("Location")).toMatch(/\/checkout\/cs_test_/);
  });

  it("Checkout: one bad answer is retried and the person goes to Stripe", async () => {
    const { cookie } = await signedInUser();
    fake.failNextWith(fault, 1);
    const response = await postBillingForm({ intent: "subscribe", plan: "basic" }, cookie);
    expect(response.headers.get("Location")).toMatch(/\/checkout\/cs_test_/);
  });

  it("Billing Portal: an error toast", async () => {
    const { cookie } = await subscribed();
    fake.failNextWith(fault, ATTEMPTS);
    const response = await postBillingForm({ intent: "manage" }, cookie);
    expect(response.headers.get("Location")).toBe("/settings/billing");
    expect(await toastOf(response)).toMatchObject({ type: "error" });
  });

  it("deleting the account: a 502, the account and its subscription kept", async () => {
    const { user, cookie, subscriptionId } = await subscribed();
    fake.failNextWith(fault, ATTEMPTS);
    const response = await call(
      accountRoute.action,
      makeRequest("/settings/account", {
        method: "POST",
        cookie,
        headers: FORM,
        body: new URLSearchParams({
          intent: "delete",
          password: user.password,
          confirm: "on",
        }).toString(),
      }),
    );
    expect(response.status).toBe(502);
    expect(JSON.stringify(await readJson(response))).toContain(
      "We could not cancel your subscription, so your account was not deleted.",
    );
    expect(row(user.id)).toMatchObject({ stripeSubscriptionId: subscriptionId, plan: "premium" });
  });

  it("a subscription event: a 500 Stripe retries, nothing stored, and the retry applies it", async () => {
    const { user, subscriptionId } = await subscribed();
    const canceled = fake.changeSubscription(subscriptionId, { status: "canceled" });
    const events = eventsStored();
    fake.failNextWith(fault, ATTEMPTS);
    expect((await deliver("customer.subscription.deleted", canceled)).status).toBe(500);
    expect(eventsStored()).toBe(events);
    expect(row(user.id).subscriptionStatus).toBe("trialing");

    fake.clearFaults();
    expect((await deliver("customer.subscription.deleted", canceled)).status).toBe(200);
    expect(row(user.id).subscriptionStatus).toBe("canceled");
  });

  it("the re-check of lapsed subscriptions: logged, nothing written, read on the next run", async () => {
    const { user, subscriptionId } = await subscribed();
    fake.changeSubscription(subscriptionId, { status: "canceled" });
    const hoursAgo = Date.now() - 2 * 60 * 60 * 1000;
    sqlite
      .prepare("update users set current_period_end = ?, subscription_updated_at = ? where id = ?")
      .run(hoursAgo, hoursAgo, user.id);
    fake.failNextWith(fault, ATTEMPTS * 20);
    await recheckLapsedSubscriptions();
    expect(row(user.id).subscriptionStatus).toBe("trialing");

    fake.clearFaults();
    await recheckLapsedSubscriptions();
    expect(row(user.id).subscriptionStatus).toBe("canceled");
  });
});
