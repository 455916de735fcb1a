import { expect, localDaysAgo, seedGoals, test, toast, userTimeZoneOf } from "./fixtures";

test.describe("share links", () => {
  test("create a read-only link, open it signed out, then revoke it", async ({
    page,
    browser,
    javaScriptEnabled,
    user,
  }) => {
    const zone = userTimeZoneOf(user.email);
    seedGoals(user.email, [
      {
        description: "Run 5k by the river",
        dueDate: localDaysAgo(1, zone),
        completedAt: localDaysAgo(1, zone),
      },
      { description: "Read 30 pages", dueDate: localDaysAgo(0, zone) },
    ]);

    await page.goto("/settings/share-links");
    const form = page.locator("form#create-share-link");
    await form.getByLabel("Who it is for").fill("My running group");
    await form.getByLabel("Your name on the page").fill("Robin");
    await form.getByLabel("Expires").selectOption({ label: "In 7 days" });
    await form.getByLabel("Include habits").check();
    await form.getByRole("button", { name: "Create link" }).click();
    await expect(toast(page)).toContainText("Share link created");

    const row = page.getByTestId("share-link").filter({ hasText: "My running group" });
    await expect(row).toContainText(
      /\(Active; without photos; with habits; expires: \w+ \d+, \d{4}\)/,
    );
    const link = row.getByLabel("Link for My running group");
    await expect(link).toHaveAttribute("readonly", "");
    const url = await link.inputValue();
    expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{32}$/);
    // With JavaScript one tap copies the link; without, it stays text to select in the box.
    const copy = row.getByRole("button", { name: "Copy the link for My running group" });
    if (javaScriptEnabled) {
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await copy.click();
      await expect(
        row.getByRole("button", { name: "Copied the link for My running group" }),
      ).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    } else {
      await expect(copy).toHaveCount(0);
    }

    // Whoever has the link, signed in or not, sees the progress and nothing that identifies the user.
    const visitor = await browser.newContext({ javaScriptEnabled });
    const view = await visitor.newPage();
    const response = await view.goto(url);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(view.getByRole("heading", { level: 1, name: "Robin's progress" })).toBeVisible();
    await expect(view.getByTestId("share-Current streak")).toHaveText("1 day");
    await expect(view.getByRole("list", { name: "Recent goals" })).toContainText(
      "Run 5k by the river",
    );
    await expect(view.locator('meta[name="robots"]')).toHaveAttribute(
      "content",
      "noindex, nofollow",
    );
    const body = (await view.locator("body").textContent()) ?? "";
    expect(body).not.toContain(user.email);
    expect(body).not.toContain(user.email.split("@")[0]);

    await row.getByRole("button", { name: "Revoke the link My running group" }).click();
    await expect(toast(page)).toContainText("Share link revoked");
    await expect(
      page.getByTestId("share-link").filter({ hasText: "My running group" }),
    ).toContainText("Revoked");

    const gone = await view.goto(url);
    expect(gone?.status()).toBe(404);
    await expect(view.getByRole("heading", { name: "Share link not available" })).toBeVisible();
    await visitor.close();
  });
});
