import type { User } from "../../db/schema";
import { env } from "~/utils/env.server";
import { entitlementsFor, type BillingState, type Entitlements } from "./entitlements";

/** Billing is on only with a Stripe key; without one every account has Premium. */
export function isBillingEnabled() {
  return Boolean(env.STRIPE_SECRET_KEY);
}

export type BillingColumns = Pick<
  User,
  "trialEndsAt" | "plan" | "subscriptionStatus" | "currentPeriodEnd" | "cancelAtPeriodEnd"
>;

export function billingStateOf(user: BillingColumns): BillingState {
  return {
    trialEndsAt: user.trialEndsAt,
    plan: user.plan,
    subscriptionStatus: user.subscriptionStatus,
    currentPeriodEnd: user.currentPeriodEnd,
    cancelAtPeriodEnd: user.cancelAtPeriodEnd,
  };
}

export function entitlementsOf(user: BillingColumns, now = new Date()): Entitlements {
  return entitlementsFor(billingStateOf(user), now, { billingEnabled: isBillingEnabled() });
}
