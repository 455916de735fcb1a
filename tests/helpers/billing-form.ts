import * as billingRoute from "~/routes/settings+/billing";
import { call, makeRequest } from "./requests";

/** The Settings → Billing form posted as a browser without JavaScript posts it. */
export const postBillingForm = (fields: Record<string, string>, cookie?: string) =>
  call(
    billingRoute.action,
    makeRequest("/settings/billing", {
      method: "POST",
      cookie,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    }),
  );
