import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { z } from "zod";
import type { User } from "../../db/schema";
import { getUserById } from "~/users/users.server";
import { db, schema } from "~/utils/db/db.server";
import { env } from "~/utils/env/env.server";
import { hasLiveSubscription } from "./entitlements";
import type { PlanId } from "./plans";
import { stripe } from "./stripe.server";
import {
  applySubscription,
  idOf,
  readSubscription,
  stripeRef,
  SubscriptionShape,
  syncSubscription,
} from "./subscription-state.server";
import type { EventOutcome } from "./subscription-state.server";
import { errorFields, logger } from "~/observability/logger.server";

export type { EventOutcome } from "./subscription-state.server";

const { users, stripeEvents } = schema;

/** An expected refusal, with a message for the person. */
export class BillingError extends Error {}

const HOUR_MS = 60 * 60 * 1000;
/**
 * Stripe only accepts a trial end at least 48 hours ahead of when the request reaches it; an hour of
 * margin covers the time the request takes (retries included) and a clock a little ahead of ours. A
 * shorter rest of the trial is not carried over.
 */
export const MIN_TRIAL_CARRY_MS = 49 * HOUR_MS;

/** The trial end a new subscription carries (Unix seconds), or null when too little trial is left. */
export function trialEndToCarry(trialEndsAt: Date | null, now: Date) {
  if (!trialEndsAt || trialEndsAt.getTime() - now.getTime() < MIN_TRIAL_CARRY_MS) return null;
  return Math.floor(trialEndsAt.getTime() / 1000);
}

const billingPageUrl = (query = "") => `${env.APP_URL}/settings/billing${query}`;

function priceOf(plan: PlanId) {
  const price = plan === "basic" ? env.STRIPE_PRICE_BASIC : env.STRIPE_PRICE_PREMIUM;
  if (!price) throw new Error(`No Stripe price is configured for the ${plan} plan.`);
  return price;
}

function requireAccount(userId: number): User {
  const user = getUserById(userId);
  if (!user) throw new BillingError("Your account no longer exists.");
  return user;
}

async function ensureCustomer(user: User): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await stripe().customers.create(
    { email: user.email, metadata: { userId: String(user.id) } },
    // A double click must not make two customers for one account.
    { idempotencyKey: `customer-${user.id}-${user.createdAt.getTime()}` },
  );
  db.update(users).set({ stripeCustomerId: customer.id }).where(eq(users.id, user.id)).run();
  return customer.id;
}

/**
 * A Stripe Checkout Session in subscription mode for the plan; returns the URL to send the person to.
 * What is left of the free trial carries over, so subscribing during the trial charges nothing until
 * it ends, and cancelling before then is never charged.
 */
export async function startCheckout(userId: number, plan: PlanId, now = new Date()) {
  const user = requireAccount(userId);
  if (hasLiveSubscription(user)) {
    throw new BillingError("You already have a plan. Use Manage billing to change or cancel it.");
  }
  const customer = await ensureCustomer(user);
  const trialEnd = trialEndToCarry(user.trialEndsAt, now);
  const session = await stripe().checkout.sessions.create({
    mode: "subscription",
    customer,
    client_reference_id: String(user.id),
    line_items: [{ price: priceOf(plan), quantity: 1 }],
    subscription_data: {
      metadata: { userId: String(user.id) },
      ...(trialEnd === null ? {} : { trial_end: trialEnd }),
    },
    success_url: billingPageUrl("?checkout=success"),
    cancel_url: billingPageUrl("?checkout=canceled"),
  });
  if (!session.url) throw new Error(`Checkout Session ${session.id} came back without a URL`);
  return session.url;
}

/** A Billing Portal session (card, invoices, plan change, cancellation); `cancel` opens its cancel flow. */
export async function openBillingPortal(userId: number, flow: "manage" | "cancel" = "manage") {
  const user = requireAccount(userId);
  if (!user.stripeCustomerId) throw new BillingError("You have no subscription to manage yet.");
  if (flow === "cancel" && !(user.stripeSubscriptionId && hasLiveSubscription(user))) {
    throw new BillingError("You have no active plan to cancel.");
  }
  const session = await stripe().billingPortal.sessions.create({
    customer: user.stripeCustomerId,
    return_url: billingPageUrl(),
    ...(flow === "cancel"
      ? {
          flow_data: {
            type: "subscription_cancel" as const,
            subscription_cancel: { subscription: user.stripeSubscriptionId! },
          },
        }
      : {}),
  });
  return session.url;
}

/** Ends a deleted account's subscription at once, so nobody is charged for an account that is gone. */
export async function cancelSubscriptionOf(userId: number) {
  const user = getUserById(userId);
  if (!env.STRIPE_SECRET_KEY || !user?.stripeSubscriptionId || !hasLiveSubscription(user)) return;
  try {
    await stripe().subscriptions.cancel(user.stripeSubscriptionId);
  } catch (error) {
    logger.error(
      { err: errorFields(error) },
      `subscription of account ${userId} was not cancelled`,
    );
    throw new BillingError(
      "We could not cancel your subscription, so your account was not deleted. Please try again in a few minutes.",
    );
  }
}

export class StripeSignatureError extends Error {}

/** The event, when the Stripe-Signature header proves Stripe sent exactly this body. */
export function verifyStripeEvent(payload: string, signature: string | null): Stripe.Event {
  if (!env.STRIPE_WEBHOOK_SECRET) throw new StripeSignatureError("Billing is off.");
  if (!signature) throw new StripeSignatureError("Missing Stripe-Signature header.");
  try {
    return stripe().webhooks.constructEvent(payload, signature, env.STRIPE_WEBHOOK_SECRET);
  } catch (error) {
    throw new StripeSignatureError((error as Error).message);
  }
}

// The parts of an event that handleStripeEvent reads. The signature proves an event came from Stripe,
// not that it has the shape this code was written for (another API version, a test event sent by
// hand): one that does not is refused before anything is claimed or written, instead of failing
// half-way with a TypeError (a 500 that Stripe would retry for days).
const EventEnvelope = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().min(0).max(100_000_000_000),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
const CheckoutSessionShape = z.object({
  mode: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  subscription: stripeRef,
});
const InvoiceShape = z.object({ customer: stripeRef });

/** Whether a verified event has the shape handleStripeEvent expects for its type. */
export function isWellFormedStripeEvent(event: unknown): event is Stripe.Event {
  const envelope = EventEnvelope.safeParse(event);
  if (!envelope.success) return false;
  const { type, data } = envelope.data;
  switch (type) {
    case "checkout.session.completed":
      return CheckoutSessionShape.safeParse(data.object).success;
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return SubscriptionShape.safeParse(data.object).success;
    case "invoice.payment_failed":
      return InvoiceShape.safeParse(data.object).success;
    default:
      return true;
  }
}

/**
 * Applies one webhook event exactly once: its id is claimed first (Stripe retries and replays), and
 * released again when applying it fails so Stripe's next retry is not mistaken for a duplicate.
 */
export async function handleStripeEvent(event: Stripe.Event): Promise<EventOutcome> {
  const claimed = db
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type })
    .onConflictDoNothing()
    .returning()
    .get();
  if (!claimed) return "duplicate";
  try {
    return await applyEvent(event);
  } catch (error) {
    db.delete(stripeEvents).where(eq(stripeEvents.id, event.id)).run();
    throw error;
  }
}

async function applyEvent(event: Stripe.Event): Promise<EventOutcome> {
  switch (event.type) {
    case "checkout.session.completed":
      return checkoutCompleted(event.data.object);
    // Events arrive late, twice or out of order: each only says which subscription to read again.
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return syncSubscription(event.data.object.id);
    case "invoice.payment_failed":
      return paymentFailed(event.data.object);
    default:
      return "ignored";
  }
}

async function checkoutCompleted(session: Stripe.Checkout.Session): Promise<EventOutcome> {
  const userId = Number(session.client_reference_id);
  const subscriptionId = idOf(session.subscription);
  if (session.mode !== "subscription" || !Number.isSafeInteger(userId) || !subscriptionId) {
    return "ignored";
  }
  const read = await readSubscription(subscriptionId);
  return read ? applySubscription(userId, read.subscription, read.at) : "ignored";
}

/** A failed payment changes the subscription's status at Stripe (past_due, or unpaid later): read it. */
async function paymentFailed(invoice: Stripe.Invoice): Promise<EventOutcome> {
  const customerId = idOf(invoice.customer);
  if (!customerId) return "ignored";
  const user = db.select().from(users).where(eq(users.stripeCustomerId, customerId)).get();
  if (!user?.stripeSubscriptionId) return "ignored";
  return syncSubscription(user.stripeSubscriptionId);
}
