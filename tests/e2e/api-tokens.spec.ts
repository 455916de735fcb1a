import { expect, test, toast } from "./fixtures";

// Settings → API tokens with and without JavaScript: a token is shown once, works as a Bearer token,
// is listed with its last use and stops at once when revoked; the calendar link likewise.

test.describe("API tokens", () => {
  test("create a token, see it once, use it, then revoke it", async ({
    page,
    baseURL,
    user: _user,
  }) => {
    await page.goto("/settings/api-tokens");
    const form = page.locator("form#create-api-token");
    await form.getByLabel("Name").fill("Home Shortcut");
    await form.getByLabel("Access").selectOption({ label: "Read and write" });
    await form.getByLabel("Expires").selectOption({ label: "In 30 days" });
    await form.getByRole("button", { name: "Create token" }).click();

    const shown = page.getByTestId("new-api-token");
    await expect(shown).toHaveValue(/^sc_pat_[A-Za-z0-9_-]{43}$/);
    const token = await shown.inputValue();
    await expect(
      page.getByRole("status").filter({ hasText: "won't be shown again" }),
    ).toBeVisible();

    const asScript = (path: string) =>
      fetch(new URL(path, baseURL), { headers: { Authorization: `Bearer ${token}` } });
    expect((await asScript("/api/goals")).status).toBe(200);

    // Shown once: the list has the token by name and last use, never the token again.
    await page.goto("/settings/api-tokens");
    await expect(page.getByTestId("new-api-token")).toHaveCount(0);
    expect(await page.content()).not.toContain(token);
    const row = page.getByTestId("api-token").filter({ hasText: "Home Shortcut" });
    await expect(row).toContainText("(read and write, active, expires");
    await expect(row).toContainText("Last used:");
    await expect(row).not.toContainText("never used");

    await row.getByRole("button", { name: "Revoke the token Home Shortcut" }).click();
    await expect(toast(page)).toContainText("Token revoked");
    await expect(page.getByTestId("api-token").filter({ hasText: "Home Shortcut" })).toContainText(
      "revoked",
    );
    expect((await asScript("/api/goals")).status).toBe(401);
  });

  test("make a calendar link, read it as a calendar app would, then revoke it", async ({
    page,
    baseURL,
    user: _user,
  }) => {
    await page.goto("/settings/api-tokens");
    await page.getByRole("button", { name: "Make a calendar link" }).click();
    const link = page.getByTestId("calendar-link");
    await expect(link).toHaveValue(/\/calendar\/sc_cal_[A-Za-z0-9_-]{43}\.ics$/);
    const url = new URL(new URL(await link.inputValue()).pathname, baseURL);
    await expect(
      page.getByRole("link", { name: "Subscribe in Apple Calendar or Outlook" }),
    ).toHaveAttribute("href", /^webcal:\/\//);
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(await feed.text()).toContain("BEGIN:VCALENDAR");

    await page.goto("/settings/api-tokens");
    await expect(page.getByTestId("calendar-link")).toHaveCount(0);
    await page.getByRole("button", { name: "Revoke the calendar link" }).click();
    await expect(toast(page)).toContainText("Calendar link revoked");
    await expect(page.getByText("You have no calendar link.")).toBeVisible();
    expect((await fetch(url)).status).toBe(404);
  });
});
