import { avatar, expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

function themeSwitch(page: Page) {
  return page.getByRole("contentinfo").getByRole("form", { name: "Theme" });
}

async function choose(page: Page, label: "Light" | "Dark" | "System") {
  await themeSwitch(page).getByRole("button", { name: label }).click();
  await expect(themeSwitch(page).getByRole("button", { name: label })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
}

test.describe("theme switch", () => {
  test("defaults to light", async ({ page }) => {
    await page.goto("/faq");
    await expect(page.locator("html")).toHaveClass("light");
    await expect(themeSwitch(page).getByRole("button", { name: "Light" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(themeSwitch(page).getByRole("button", { name: "Dark" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  test("Dark, System and Light are kept across reloads and pages", async ({ page }) => {
    await page.goto("/faq?from=test");
    await choose(page, "Dark");
    await expect(page.locator("html")).toHaveClass("dark");
    // The switch posts a form and comes back to the same page (query included).
    await expect(page).toHaveURL(/\/faq\?from=test$/);

    await page.reload();
    await expect(page.locator("html")).toHaveClass("dark");
    await page.goto("/terms");
    await expect(page.locator("html")).toHaveClass("dark");

    await choose(page, "System");
    await expect(page.locator("html")).toHaveClass("system");
    await expect(page).toHaveURL(/\/terms$/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass("system");

    await choose(page, "Light");
    await expect(page.locator("html")).toHaveClass("light");
    await page.reload();
    await expect(page.locator("html")).toHaveClass("light");
  });

  test("System follows the dark preference of the operating system", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/privacy-policy");
    const background = () =>
      page.locator("body").evaluate((body) => getComputedStyle(body).backgroundColor);
    const light = await background();
    await choose(page, "System");
    await expect(page.locator("html")).toHaveClass("system");
    await expect.poll(background).not.toBe(light);
    await choose(page, "Dark");
    const dark = await background();
    await choose(page, "System");
    await expect.poll(background).toBe(dark);
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(background).toBe(light);
  });

  test("works for a signed-in user on a protected page", async ({ page, user }) => {
    await page.goto("/settings");
    await expect(avatar(page, user.email)).toBeVisible();
    await choose(page, "Dark");
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.locator("html")).toHaveClass("dark");
  });
});
