import { Link } from "@remix-run/react";
import type { BillingSummary } from "~/billing/billing.server";
import { pluralDays } from "~/utils/time/format";

type BannerFacts = Pick<BillingSummary, "enabled" | "status" | "trialDaysLeft" | "trialEndsOn">;

/** The trial's days left, or what to do when access ended or a payment failed; nothing otherwise. */
export function PlanBanner({ billing }: { billing: BannerFacts }) {
  if (!billing.enabled) return null;
  const message =
    billing.status === "trial" && billing.trialDaysLeft !== null
      ? `Free trial: ${pluralDays(billing.trialDaysLeft)} left${billing.trialEndsOn ? ` (ends ${billing.trialEndsOn})` : ""}. Every Premium feature is included.`
      : billing.status === "expired"
        ? "Your access has ended, so your daily texts are paused. Your goals and history are kept."
        : billing.status === "past_due"
          ? "Your last payment did not go through. Update your card to keep your plan."
          : null;
  if (!message) return null;
  return (
    <div
      role="status"
      data-testid="plan-banner"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 text-sm"
    >
      <p>{message}</p>
      <Link
        to="/settings/billing"
        className="font-medium text-primary underline underline-offset-4"
      >
        {billing.status === "past_due" ? "Update billing" : "Choose a plan"}
      </Link>
    </div>
  );
}
