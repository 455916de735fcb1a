import { Form, useSearchParams } from "@remix-run/react";
import type { BillingSummary } from "~/billing/billing.server";
import { PendingButton } from "~/components/pending-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { pluralDays } from "~/utils/time/format";

const ACTION = "/settings/billing";

/** Settings' 'Plan & billing' section: plain form posts that lead to Stripe Checkout or the portal. */
export function PlanBillingCard({ billing }: { billing: BillingSummary }) {
  return (
    <Card id="billing">
      <CardHeader>
        <CardTitle className="text-xl">Plan &amp; billing</CardTitle>
        <CardDescription>
          Cancel any time with no penalty: you keep access to the end of the paid period, and
          cancelling during the free trial costs nothing.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <CheckoutOutcome />
        {billing.enabled ? <PlanFacts billing={billing} /> : <BillingOff />}
        {billing.canSubscribe ? <SubscribeForms billing={billing} /> : null}
        {billing.canManage || billing.canCancel ? <ManageForms billing={billing} /> : null}
      </CardContent>
    </Card>
  );
}

/** Stripe sends the person back with ?checkout=success or ?checkout=canceled. */
function CheckoutOutcome() {
  const [params] = useSearchParams();
  const outcome = params.get("checkout");
  if (outcome !== "success" && outcome !== "canceled") return null;
  return (
    <p role="status" className="rounded-md border p-3 text-sm font-medium">
      {outcome === "success"
        ? "Thank you for subscribing! Your plan is shown below."
        : "Checkout was cancelled. Nothing was charged."}
    </p>
  );
}

function BillingOff() {
  return (
    <p className="text-sm" data-testid="billing-off">
      Billing is not enabled on this server: every account has Premium, including AI feedback.
    </p>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-muted-foreground">{label}:</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

function PlanFacts({ billing }: { billing: BillingSummary }) {
  return (
    <div className="grid gap-3">
      <dl className="grid gap-1 text-sm" data-testid="plan-facts">
        <Fact
          label="Plan"
          value={
            billing.planName
              ? `${billing.planName}${billing.price ? ` (${billing.price})` : ""}`
              : "No active plan"
          }
        />
        {billing.trialDaysLeft !== null ? (
          <Fact label="Trial days left" value={pluralDays(billing.trialDaysLeft)} />
        ) : null}
        {billing.trialEndsOn ? <Fact label="Trial ends" value={billing.trialEndsOn} /> : null}
        {billing.periodEndsOn ? (
          <Fact
            label={billing.cancelAtPeriodEnd ? "Access until" : "Next renewal"}
            value={billing.periodEndsOn}
          />
        ) : null}
        <Fact label="AI feedback" value={billing.aiFeedback ? "Included" : "Premium only"} />
      </dl>
      <StatusNote billing={billing} />
    </div>
  );
}

function StatusNote({ billing }: { billing: BillingSummary }) {
  const note =
    billing.status === "past_due"
      ? "Your last payment did not go through. Update your card under Manage billing to keep your plan."
      : billing.status === "expired"
        ? "Your access has ended, so your daily texts are paused. Your goals and history are kept: choose a plan to pick up where you left off."
        : billing.status === "canceled"
          ? "Your plan is cancelled and will not renew."
          : billing.status === "trial"
            ? "Your free trial includes every Premium feature. Subscribe now and you are charged only when the trial ends."
            : null;
  if (!note) return null;
  return (
    <p role="status" className="rounded-md bg-muted p-3 text-sm">
      {note}
    </p>
  );
}

function SubscribeForms({ billing }: { billing: BillingSummary }) {
  return (
    <div className="flex flex-wrap gap-3">
      {billing.plans.map((plan) => (
        <Form key={plan.id} method="post" action={ACTION}>
          <input type="hidden" name="intent" value="subscribe" />
          <input type="hidden" name="plan" value={plan.id} />
          <PendingButton
            formAction={ACTION}
            variant={plan.id === "premium" ? "default" : "outline"}
            pendingLabel="Redirecting..."
          >
            Subscribe to {plan.name} ({plan.price})
          </PendingButton>
        </Form>
      ))}
    </div>
  );
}

function ManageForms({ billing }: { billing: BillingSummary }) {
  return (
    <div className="flex flex-wrap gap-3">
      {billing.canManage ? (
        <Form method="post" action={ACTION}>
          <input type="hidden" name="intent" value="manage" />
          <PendingButton
            formAction={ACTION}
            intent="manage"
            variant="outline"
            pendingLabel="Opening..."
          >
            Manage billing
          </PendingButton>
        </Form>
      ) : null}
      {billing.canCancel ? (
        <Form method="post" action={ACTION}>
          <input type="hidden" name="intent" value="cancel" />
          <PendingButton
            formAction={ACTION}
            intent="cancel"
            variant="outline"
            pendingLabel="Opening..."
          >
            Cancel plan
          </PendingButton>
        </Form>
      ) : null}
    </div>
  );
}
