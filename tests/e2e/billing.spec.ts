import { expect, test, withDatabase, type Account } from "./fixtures";

// The end-to-end server bills through a fake Stripe on 127.0.0.1 (tests/e2e/start-server.mjs): its
// Checkout and Portal pages are plain forms that send our webhook signed events, as Stripe does.

/** Every event the fake Stripe sent so far and our webhook's answer to it. */
async function webhookDeliveries(): Promise<{ type: string; status: number | null }[]> {
  const port = Number(process.env.E2E_PORT ?? 3210) + 1;
  return (await fetch(`http://127.0.0.1:${port}/__deliveries`)).json();
}

function planFacts(page: import("@playwright/test").Page) {
  return page.getByTestId("plan-facts");
}

function billingOf(account: Account) {
  return withDatabase((db) =>
    db
      .prepare<
        [string],
        { plan: string | null; subscription_status: string | null; cancel_at_period_end: number }
      >("select plan, subscription_status, cancel_at_period_end from users where email = ?")
      .get(account.email),
  );
}

test.describe("plans and billing", () => {
  test("a new account shows its free trial and the days left", async ({ page, user }) => {
    const banner = page.getByTestId("plan-banner");
    await expect(banner).toContainText("Free trial: 14 days left");
    await banner.getByRole("link", { name: "Choose a plan" }).click();
    await expect(page).toHaveURL(/\/settings\/billing$/);
    await expect(page.getByRole("heading", { level: 2, name: "Plan & billing" })).toBeVisible();
    await expect(planFacts(page)).toContainText("Plan:Free trial");
    await expect(planFacts(page)).toContainText("Trial days left:14 days");
    await expect(planFacts(page)).toContainText("AI feedback:Included");
    expect(billingOf(user)?.plan).toBeNull();
  });

  test("subscribing through Checkout and a signed webhook sets the plan; cancelling keeps access", async ({
    page,
    user,
  }) => {
    await page.goto("/settings/billing");
    await page.getByRole("button", { name: "Subscribe to Premium ($19.99/month)" }).click();

    await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
    expect(new URL(page.url()).hostname).toBe("127.0.0.1");
    await expect(page.getByText("Subscribe to price_e2e_premium")).toBeVisible();
    await page.getByRole("button", { name: "Pay and subscribe" }).click();

    await expect(page).toHaveURL(/\/settings\/billing\?checkout=success$/);
    await expect(page.getByText("Thank you for subscribing!")).toBeVisible();
    const deliveries = await webhookDeliveries();
    expect(deliveries.map((d) => d.type)).toContain("checkout.session.completed");
    expect(deliveries.filter((d) => d.status !== 200)).toEqual([]);
    // The rest of the trial carried over: Stripe charges when it ends, so the renewal is the trial end.
    await expect(planFacts(page)).toContainText("Plan:Premium ($19.99/month)");
    await expect(planFacts(page)).toContainText("Next renewal:");
    await expect(page.getByRole("button", { name: /Subscribe to/ })).toHaveCount(0);
    expect(billingOf(user)).toEqual({
      plan: "premium",
      subscription_status: "trialing",
      cancel_at_period_end: 0,
    });

    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByTestId("plan-banner")).toHaveCount(0);

    await page.goto("/settings/billing");
    await page.getByRole("button", { name: "Cancel plan" }).click();
    await expect(page.getByRole("heading", { name: "Fake Billing Portal" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel subscription" }).click();

    await expect(page).toHaveURL(/\/settings\/billing$/);
    await expect(planFacts(page)).toContainText("Access until:");
    await expect(page.getByText("Your plan is cancelled and will not renew.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel plan" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Manage billing" })).toBeVisible();
    expect(billingOf(user)?.cancel_at_period_end).toBe(1);
    expect((await webhookDeliveries()).filter((d) => d.status !== 200)).toEqual([]);
  });

  test("an account whose trial ended is told so and can still read its data", async ({
    page,
    user,
  }) => {
    withDatabase((db) =>
      db
        .prepare("update users set trial_ends_at = ? where email = ?")
        .run(Date.now() - 60_000, user.email),
    );
    await page.goto("/dashboard");
    await expect(page.getByTestId("plan-banner")).toContainText(
      "Your access has ended, so your daily texts are paused.",
    );
    await expect(page.getByRole("heading", { name: "Today's Goals" })).toBeVisible();
    await page.goto("/settings/billing");
    await expect(planFacts(page)).toContainText("Plan:No active plan");
    await expect(planFacts(page)).toContainText("AI feedback:Premium only");
    await expect(
      page.getByRole("button", { name: "Subscribe to Basic ($9.99/month)" }),
    ).toBeVisible();
  });
});
