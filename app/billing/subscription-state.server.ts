import { and, asc, eq, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import type Stripe from "stripe";
import { z } from "zod";
import { getUserById } from "~/users/users.server";
import { db, schema } from "~/utils/db/db.server";
import { env } from "~/utils/env/env.server";
import { isPrimary } from "~/utils/db/litefs.server";
import { errorFields, logger } from "~/observability/logger.server";
import {
  hasLiveSubscription,
  isTerminalSubscriptionStatus,
  LIVE_SUBSCRIPTION_STATUSES,
} from "./entitlements";
import type { PlanId } from "./plans";
import { stripe } from "./stripe.server";

// An account's subscription as Stripe holds it. Webhook events are only hints of a change (they come
// late, twice, out of order, or not at all): the state stored is always read from Stripe.

const { users } = schema;

export type EventOutcome = "processed" | "duplicate" | "ignored";

const HOUR_MS = 60 * 60 * 1000;

export const stripeId = z.string().min(1).max(255);
export const stripeRef = z.union([stripeId, z.object({ id: stripeId })]).nullish();

export const SubscriptionShape = z.object({
  id: stripeId,
  status: z.string().min(1).max(64),
  customer: stripeRef,
  metadata: z.record(z.string(), z.string()).nullish(),
  items: z.object({
    data: z.array(
      z.object({
        price: z.object({ id: z.string().max(255) }),
        current_period_end: z.number().int().min(0).max(100_000_000_000),
      }),
    ),
  }),
  cancel_at_period_end: z.boolean(),
  cancel_at: z.number().nullable(),
});
export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

function planOfPrice(priceId: string | undefined): PlanId | null {
  if (priceId && priceId === env.STRIPE_PRICE_BASIC) return "basic";
  if (priceId && priceId === env.STRIPE_PRICE_PREMIUM) return "premium";
  return null;
}

/**
 * Reads the subscription's state now from Stripe, as Stripe advises for webhooks, and stores it for
 * the account it belongs to. Any failure but "no such subscription" is thrown, so a webhook is
 * answered 500 and retried and nothing is half-written.
 */
export async function syncSubscription(subscriptionId: string): Promise<EventOutcome> {
  const read = await readSubscription(subscriptionId);
  if (!read) return "ignored";
  const userId = userIdOfSubscription(read.subscription);
  if (userId === null) return "ignored";
  return applySubscription(userId, read.subscription, read.at);
}

export async function readSubscription(subscriptionId: string) {
  // Stamped when asked: the state read is at least this fresh, and a read that started earlier but
  // answered later cannot overwrite it.
  const at = new Date();
  let subscription: Stripe.Subscription;
  try {
    subscription = await stripe().subscriptions.retrieve(subscriptionId);
  } catch (error) {
    // A subscription Stripe does not have will not appear on a retry either: nothing to apply.
    if ((error as { statusCode?: number }).statusCode === 404) return null;
    throw error;
  }
  if (!SubscriptionShape.safeParse(subscription).success) {
    throw new Error(`Stripe answered subscription ${subscriptionId} in an unexpected shape`);
  }
  return { subscription, at };
}

function userIdOfSubscription(subscription: Stripe.Subscription): number | null {
  const fromMetadata = Number(subscription.metadata?.userId);
  if (Number.isSafeInteger(fromMetadata) && fromMetadata > 0) return fromMetadata;
  const customerId = idOf(subscription.customer);
  if (!customerId) return null;
  return (
    db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customerId)).get()
      ?.id ?? null
  );
}

/**
 * Stores a subscription's state as read from Stripe unless it is older news: a read from before the
 * state we hold, a terminal subscription coming back to life, or a stale subscription while another
 * one is live.
 */
export function applySubscription(
  userId: number,
  subscription: Stripe.Subscription,
  at: Date,
): EventOutcome {
  const user = getUserById(userId);
  if (!user) return "ignored";
  const customerId = idOf(subscription.customer);
  if (user.stripeCustomerId && customerId && user.stripeCustomerId !== customerId) return "ignored";
  if (!user.stripeCustomerId && customerId && customerHeldByAnother(customerId, user.id)) {
    // Retrying cannot fix this (Stripe would retry for days): someone must look at both accounts.
    logger.error(
      `Stripe subscription ${subscription.id} names customer ${customerId}, already linked to another account than user ${user.id}; ignored`,
    );
    return "ignored";
  }
  const sameSubscription = user.stripeSubscriptionId === subscription.id;
  if (sameSubscription) {
    if (user.subscriptionUpdatedAt && at < user.subscriptionUpdatedAt) return "ignored";
    if (
      isTerminalSubscriptionStatus(user.subscriptionStatus) &&
      !isTerminalSubscriptionStatus(subscription.status)
    ) {
      return "ignored";
    }
  } else if (user.stripeSubscriptionId && hasLiveSubscription(user)) {
    if (isTerminalSubscriptionStatus(subscription.status)) return "ignored";
  }
  const item = subscription.items.data[0];
  db.update(users)
    .set({
      plan: planOfPrice(item?.price.id) ?? user.plan,
      subscriptionStatus: subscription.status,
      currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : user.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancel_at_period_end || subscription.cancel_at !== null,
      stripeSubscriptionId: subscription.id,
      stripeCustomerId: user.stripeCustomerId ?? customerId,
      subscriptionUpdatedAt: at,
    })
    .where(eq(users.id, user.id))
    .run();
  return "processed";
}

function customerHeldByAnother(customerId: string, userId: number) {
  const holder = db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.stripeCustomerId, customerId))
    .get();
  return holder !== undefined && holder.id !== userId;
}

/** A live subscription not read from Stripe for this long after its period ended is read again. */
const RECHECK_EVERY_MS = HOUR_MS;
const RECHECKS_PER_RUN = 20;

/**
 * Live subscriptions whose period ended and that were not read from Stripe for an hour: Stripe renews
 * or ends a subscription at its period end and says so by an event; one lost or refused for good must
 * not leave a plan live forever. Run by the scheduler on the primary, a few at a time.
 */
export async function recheckLapsedSubscriptions(now = new Date()) {
  if (!env.STRIPE_SECRET_KEY || !(await isPrimary())) return 0;
  const lapsed = db
    .select({ id: users.id, subscriptionId: users.stripeSubscriptionId })
    .from(users)
    .where(
      and(
        inArray(users.subscriptionStatus, [...LIVE_SUBSCRIPTION_STATUSES]),
        isNotNull(users.stripeSubscriptionId),
        lt(users.currentPeriodEnd, now),
        or(
          isNull(users.subscriptionUpdatedAt),
          lt(users.subscriptionUpdatedAt, new Date(now.getTime() - RECHECK_EVERY_MS)),
        ),
      ),
    )
    .orderBy(asc(users.currentPeriodEnd))
    .limit(RECHECKS_PER_RUN)
    .all();
  let read = 0;
  for (const { id, subscriptionId } of lapsed) {
    try {
      await syncSubscription(subscriptionId!);
      read += 1;
    } catch (error) {
      logger.error({ err: errorFields(error) }, `subscription of account ${id} was not re-read`);
    }
  }
  return read;
}
