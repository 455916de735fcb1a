import { z } from "zod";
import type { User } from "../../db/schema";
import { env } from "~/utils/env/env.server";
import { formatLongDate } from "~/utils/time/format";
import { entitlementsFor, hasLiveSubscription } from "./entitlements";
import type { BillingState, Entitlements } from "./entitlements";
import { formatMonthlyPrice, PLANS } from "./plans";

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

/** What the Settings page and the trial banner say about an account's plan, dates in its time zone. */
export function billingSummary(user: BillingColumns & { timezone: string }, now = new Date()) {
  const enabled = isBillingEnabled();
  const rights = entitlementsOf(user, now);
  const plan = PLANS.find((p) => p.id === (rights.status === "trial" ? null : user.plan));
  const date = (d: Date | null) => (d ? formatLongDate(d, user.timezone) : null);
  const live = enabled && hasLiveSubscription(user);
  return {
    enabled,
    status: rights.status,
    planName: rights.status === "trial" ? "Free trial" : (plan?.name ?? null),
    price: plan ? formatMonthlyPrice(plan.priceCents) : null,
    aiFeedback: rights.aiFeedback,
    trialDaysLeft: rights.trialDaysLeft,
    trialEndsOn: rights.status === "trial" ? date(rights.accessEndsAt) : null,
    /** Renews on this date unless cancelled; or, once cancelled, access lasts until it. */
    periodEndsOn: rights.status === "trial" ? null : date(rights.accessEndsAt),
    cancelAtPeriodEnd: user.cancelAtPeriodEnd,
    canSubscribe: enabled && !live,
    canManage: enabled && user.subscriptionStatus !== null,
    canCancel: live && !user.cancelAtPeriodEnd,
    plans: PLANS.map((p) => ({ id: p.id, name: p.name, price: formatMonthlyPrice(p.priceCents) })),
  };
}

export type BillingSummary = ReturnType<typeof billingSummary>;

/** The Plan & billing buttons' form posts (kept here so the page's browser code carries no zod). */
export const BillingIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("subscribe"), plan: z.enum(["basic", "premium"]) }),
  z.object({ intent: z.literal("manage") }),
  z.object({ intent: z.literal("cancel") }),
]);
