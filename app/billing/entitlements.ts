import type { PlanId } from "./plans";

/**
 * What an account may use, decided here and nowhere else: the pages, the scheduler and the
 * coach all ask this module. Pure: no I/O, the clock is a parameter.
 */

export type AccountStatus = "trial" | "basic" | "premium" | "past_due" | "canceled" | "expired";

export type BillingState = {
  trialEndsAt: Date | null;
  plan: PlanId | null;
  /** Stripe's subscription status as last heard, or null when the account never subscribed. */
  subscriptionStatus: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

export type Entitlements = {
  status: AccountStatus;
  /** The plan whose features apply (the trial has Premium's), or null when nothing is active. */
  features: PlanId | null;
  scheduledTexts: boolean;
  aiFeedback: boolean;
  /** Whole days left in the trial (rounded up), for the banner; null outside the trial. */
  trialDaysLeft: number | null;
  /** When access ends unless something changes: the trial end or the end of the paid period. */
  accessEndsAt: Date | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Subscriptions Stripe still counts as paying (past_due: a payment failed and is being retried). */
export const LIVE_SUBSCRIPTION_STATUSES = ["active", "trialing", "past_due"] as const;
const PAYING = new Set<string>(LIVE_SUBSCRIPTION_STATUSES);

/** Stripe statuses a subscription never leaves. */
const TERMINAL = new Set(["canceled", "incomplete_expired"]);

export function isTerminalSubscriptionStatus(status: string | null) {
  return status !== null && TERMINAL.has(status);
}

/** A subscription that is paid, in its trial, or being retried: a second one must not be sold. */
export function hasLiveSubscription(state: Pick<BillingState, "plan" | "subscriptionStatus">) {
  return Boolean(state.plan && state.subscriptionStatus && PAYING.has(state.subscriptionStatus));
}

/** The instant the last access (trial or paid period) ended or ends; one "plan ended" notice per value. */
export function accessEndOf(state: Pick<BillingState, "trialEndsAt" | "currentPeriodEnd">) {
  const ends = [state.trialEndsAt, state.currentPeriodEnd].filter((d): d is Date => d !== null);
  return ends.length ? new Date(Math.max(...ends.map((d) => d.getTime()))) : null;
}

function grants(features: PlanId | null) {
  return { features, scheduledTexts: features !== null, aiFeedback: features === "premium" };
}

export function entitlementsFor(
  state: BillingState,
  now: Date,
  { billingEnabled }: { billingEnabled: boolean },
): Entitlements {
  // Without billing configured, every account has Premium.
  if (!billingEnabled) {
    return { status: "premium", ...grants("premium"), trialDaysLeft: null, accessEndsAt: null };
  }
  const periodLeft = state.currentPeriodEnd !== null && state.currentPeriodEnd > now;
  if (state.plan && hasLiveSubscription(state)) {
    const status: AccountStatus =
      state.subscriptionStatus === "past_due"
        ? "past_due"
        : state.cancelAtPeriodEnd
          ? "canceled"
          : state.plan;
    return {
      status,
      ...grants(state.plan),
      trialDaysLeft: null,
      accessEndsAt: state.currentPeriodEnd,
    };
  }
  // Cancelled: what was paid for lasts to the end of its period. Not so for unpaid or incomplete:
  // their current period was never paid for (Stripe keeps advancing an unpaid one's period).
  if (state.plan && state.subscriptionStatus === "canceled" && periodLeft) {
    return {
      status: "canceled",
      ...grants(state.plan),
      trialDaysLeft: null,
      accessEndsAt: state.currentPeriodEnd,
    };
  }
  if (state.trialEndsAt && state.trialEndsAt > now) {
    return {
      status: "trial",
      ...grants("premium"),
      trialDaysLeft: Math.ceil((state.trialEndsAt.getTime() - now.getTime()) / DAY_MS),
      accessEndsAt: state.trialEndsAt,
    };
  }
  return { status: "expired", ...grants(null), trialDaysLeft: null, accessEndsAt: null };
}
