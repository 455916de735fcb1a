import { sqlite } from "~/utils/db/db.server";

/** A user's trial and plan as Stripe's webhooks would have left them. */
export type BillingState = {
  trialEndsAt: string | null;
  plan?: "basic" | "premium" | null;
  status?: string | null;
  periodEnd?: string | null;
  cancelAtPeriodEnd?: boolean;
};

export function setBillingState(userId: number, billing: BillingState) {
  sqlite
    .prepare(
      `update users set trial_ends_at = ?, plan = ?, subscription_status = ?, current_period_end = ?,
       cancel_at_period_end = ? where id = ?`,
    )
    .run(
      billing.trialEndsAt ? Date.parse(billing.trialEndsAt) : null,
      billing.plan ?? null,
      billing.status ?? null,
      billing.periodEnd ? Date.parse(billing.periodEnd) : null,
      billing.cancelAtPeriodEnd ? 1 : 0,
      userId,
    );
}
