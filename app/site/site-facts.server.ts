import { PLANS, formatMonthlyPrice } from "~/billing/plans";
import { formatUsPhone } from "~/users/phone";
import { env } from "~/utils/env/env.server";

/**
 * The facts several pages state (trial length, prices, where the service works, how to reach us),
 * from configuration, so no two pages can disagree.
 */
export function getSiteFacts() {
  return {
    trialDays: env.TRIAL_DAYS,
    supportEmail: env.SUPPORT_EMAIL,
    /** The number people text; with a messaging service there is no single one to name. */
    serviceNumber: env.TWILIO_FROM_NUMBER ? formatUsPhone(env.TWILIO_FROM_NUMBER) : null,
    /** Sign-up validates US mobile numbers only (+1, stored as E.164). */
    availability: { countries: ["United States"], summary: "the United States" },
    plans: PLANS.map((plan) => ({
      id: plan.id,
      name: plan.name,
      price: formatMonthlyPrice(plan.priceCents),
      summary: plan.summary,
    })),
  };
}

export type SiteFacts = ReturnType<typeof getSiteFacts>;
