import { expect, PASSWORD, test, uniqueEmail, uniquePhone, userTimeZoneOf } from "./fixtures";

// A browser in Menominee keeps Central time without being one of the offered zones: with JavaScript
// the sign-up form chooses Central for it; without, the Eastern default stays for the user to change.

test.describe("sign-up in a browser on Central time", () => {
  test.use({ timezoneId: "America/Menominee" });

  test("the time zone comes from the browser with JavaScript, from the default without", async ({
    page,
    javaScriptEnabled,
  }) => {
    const email = uniqueEmail("tz");
    const expected = javaScriptEnabled ? "America/Chicago" : "America/New_York";
    await page.goto("/register");
    await expect(page.getByLabel("Time zone")).toHaveValue(expected);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByLabel("Phone number").fill(uniquePhone());
    await page.getByRole("checkbox", { name: /I agree to receive recurring automated/ }).check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(userTimeZoneOf(email)).toBe(expected);
  });
});
