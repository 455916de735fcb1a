import { expect, test, toast, userIdOf, withDatabase } from "./fixtures";

test.describe("Settings → Webhooks", () => {
  test("add a URL, see its secret and deliveries, send a test event, see it disabled, remove it", async ({
    page,
    user,
  }) => {
    await page.goto("/settings/webhooks");
    await expect(page.getByText("No webhooks yet.")).toBeVisible();
    const url = page.getByLabel("URL");

    // In production only https URLs are taken.
    await url.fill("http://hooks.example.com/streakcoach");
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByText("The URL must start with https://.")).toBeVisible();
    await expect(page.getByLabel("URL")).toHaveValue("http://hooks.example.com/streakcoach");

    await page.getByLabel("URL").fill("https://hooks.example.com/streakcoach");
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(toast(page)).toContainText("Webhook added");
    const row = page.getByTestId("webhook");
    await expect(row).toContainText("https://hooks.example.com/streakcoach");
    await expect(row.locator("code")).toHaveText(/^whsec_[A-Za-z0-9_-]{32}$/);
    await expect(row).toContainText("No deliveries yet.");

    await row.getByRole("button", { name: "Send a test event" }).click();
    await expect(toast(page)).toContainText("Test event queued");
    await expect(page.getByRole("row", { name: /ping/ })).toContainText("Waiting to be sent");

    // A day of failures (the scheduler's doing) disables it, with the reason on the page.
    withDatabase((db) =>
      db
        .prepare(
          "update webhook_endpoints set disabled_at = ?, disabled_reason = 'Every delivery failed for a day.' where user_id = ?",
        )
        .run(Date.now(), userIdOf(user.email)),
    );
    await page.reload();
    await expect(page.getByTestId("webhook")).toContainText(
      /Disabled on .+\. Every delivery failed for a day\./,
    );
    await expect(page.getByRole("button", { name: "Send a test event" })).toHaveCount(0);

    await page.getByTestId("webhook").getByRole("button", { name: "Remove" }).click();
    await expect(toast(page)).toContainText("Webhook removed");
    await expect(page.getByText("No webhooks yet.")).toBeVisible();
  });
});
