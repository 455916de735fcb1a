import { accessEndOf } from "~/billing/entitlements";
import { entitlementsOf, type BillingColumns } from "~/billing/billing.server";
import type { PlanId } from "~/billing/plans";
import { templates } from "~/replies/templates";
import { env } from "~/utils/env/env.server";
import type { Slot } from "./due-times";
import type { Candidate } from "./send-types";

/** The billing columns every scheduler query reads, so the one entitlements module can decide. */
export const BILLING_COLUMNS = `u.trial_ends_at, u.plan, u.subscription_status, u.current_period_end,
  u.cancel_at_period_end`;

export type BillingRow = {
  trial_ends_at: number | null;
  plan: PlanId | null;
  subscription_status: string | null;
  current_period_end: number | null;
  cancel_at_period_end: number;
};

const toDate = (ms: number | null) => (ms === null ? null : new Date(ms));

function billingOf(row: BillingRow): BillingColumns {
  return {
    trialEndsAt: toDate(row.trial_ends_at),
    plan: row.plan,
    subscriptionStatus: row.subscription_status,
    currentPeriodEnd: toDate(row.current_period_end),
    cancelAtPeriodEnd: row.cancel_at_period_end === 1,
  };
}

export function mayReceiveScheduledTexts(row: BillingRow, at: Date) {
  return entitlementsOf(billingOf(row), at).scheduledTexts;
}

type DueUser = BillingRow & { id: number; phone: string };

/**
 * Entitled users get their scheduled texts; the others get one notice that their access ended, in
 * place of the text: the ledger key (user, access_ended, end instant) lets it go out once per ending.
 */
export function splitByAccess<U extends DueUser>(
  users: U[],
  slot: Slot,
  toCandidates: (entitled: U[]) => Candidate[],
): Candidate[] {
  const entitled = users.filter((u) => mayReceiveScheduledTexts(u, slot.dueAt));
  const ended = users.filter((u) => !entitled.includes(u));
  return [
    ...(entitled.length ? toCandidates(entitled) : []),
    ...ended.map((u) => accessEndedNotice(u, slot)),
  ];
}

function accessEndedNotice(user: DueUser, slot: Slot): Candidate {
  const billing = billingOf(user);
  return {
    userId: user.id,
    phone: user.phone,
    kind: "access_ended",
    localDate: accessEndOf(billing)?.toISOString() ?? "never",
    dueAt: slot.dueAt,
    body: templates.accessEnded(billing.subscriptionStatus ? "plan" : "trial", env.APP_URL),
  };
}
