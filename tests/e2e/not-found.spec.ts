import { expect, test } from "./fixtures";

test.describe("not-found page", () => {
  for (const path of ["/no-such-page", "/no/such/nested/page"]) {
    test(`${path} answers 404 with the not-found page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(
        page.getByRole("heading", { level: 1, name: "404 Page Not Found" }),
      ).toBeVisible();
      await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
      // The site chrome is still there, and the way home works.
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await page.getByRole("main").getByRole("link", { name: "Go home" }).click();
      await expect(page).toHaveURL(/\/$/);
    });
  }

  test("keeps the signed-in header for a signed-in user", async ({ page, user }) => {
    const response = await page.goto("/dashboard/nothing-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByLabel(`Account menu for ${user.email}`)).toBeVisible();
  });

  test("/metrics is not on the public port; the metrics are on their own port", async ({
    request,
  }) => {
    expect((await request.get("/metrics")).status()).toBe(404);
    const metricsPort = Number(process.env.E2E_PORT ?? 3210) + 1000;
    const metrics = await request.get(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(metrics.status()).toBe(200);
    expect(await metrics.text()).toContain("streakcoach_http_request_duration_seconds_count");
  });
});
