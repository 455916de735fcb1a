import { json, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BillingIntent, billingSummary, isBillingEnabled } from "~/billing/billing.server";
import { BillingError, openBillingPortal, startCheckout } from "~/billing/subscriptions.server";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { requireUser } from "~/http/session.server";
import { redirectWithToast } from "~/utils/toast/toast.server";
import { readFormData } from "~/utils/forms/forms.server";
import { PlanBillingCard } from "~/components/billing/plan-billing-card";
import { pageMeta } from "~/utils/page/meta";
import { errorFields, logger } from "~/observability/logger.server";

const BILLING_SECTION = "/settings/billing";

export const meta: MetaFunction = () =>
  pageMeta("Plan & billing · Settings", "Your plan, trial, renewal, and the way to change them.");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({ billing: billingSummary(user) });
}

/** POST /settings/billing: the Plan & billing buttons; each sends the person on to Stripe. */
export async function action({ request }: ActionFunctionArgs) {
  await ensurePrimary();
  const user = await requireUser(request);
  const parsed = BillingIntent.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) throw new Response("Unknown billing action.", { status: 400 });
  if (!isBillingEnabled()) {
    return redirectWithToast(BILLING_SECTION, {
      title: "Billing is off",
      description: "Every account has Premium on this server.",
      type: "info",
    });
  }
  const choice = parsed.data;
  try {
    const url =
      choice.intent === "subscribe"
        ? await startCheckout(user.id, choice.plan)
        : await openBillingPortal(user.id, choice.intent);
    return redirect(url);
  } catch (error) {
    if (error instanceof BillingError) {
      return redirectWithToast(BILLING_SECTION, {
        title: "Error",
        description: error.message,
        type: "error",
      });
    }
    logger.error(
      { err: errorFields(error) },
      `billing ${choice.intent} failed for account ${user.id}`,
    );
    return redirectWithToast(BILLING_SECTION, {
      title: "Error",
      description: "Billing is unavailable right now. Please try again in a few minutes.",
      type: "error",
    });
  }
}

export default function BillingSettingsPage() {
  const { billing } = useLoaderData<typeof loader>();
  return <PlanBillingCard billing={billing} />;
}
