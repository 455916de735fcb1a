import {
  devPhoneTexts,
  expect,
  logIn,
  markPhoneVerified,
  openDevPhone,
  openUserMenu,
  phoneOf,
  test,
  toast,
} from "./fixtures";

const NEW_PASSWORD = "a brand new password";

test.describe("forgot password", () => {
  test("a code texted to the verified phone lets the user set a new password", async ({
    page,
    user,
  }) => {
    markPhoneVerified(user.email);
    const phone = phoneOf(user.email);
    await (await openUserMenu(page, user.email)).getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email").fill(user.email);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByLabel("Code")).toBeVisible();

    let code = "";
    await expect(async () => {
      await openDevPhone(page, phone);
      const text = (await devPhoneTexts(page, "received").last().textContent()) ?? "";
      code = /reset code is (\d{6})/.exec(text)?.[1] ?? "";
      expect(code).toMatch(/^\d{6}$/);
    }).toPass();

    await page.goto(`/forgot-password?${new URLSearchParams({ email: user.email })}`);
    await page.getByLabel("Code").fill(code === "000000" ? "111111" : "000000");
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Repeat new password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page.getByText("Invalid code").first()).toBeVisible();

    // A fresh form for the second try, as after reopening the link: no typing into a form that the
    // answer to the first try may still be resetting.
    await page.goto(`/forgot-password?${new URLSearchParams({ email: user.email })}`);
    await page.getByLabel("Code").fill(code);
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Repeat new password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Reset password" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText("Password reset");

    await logIn(page, { email: user.email, password: NEW_PASSWORD });
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("says the same thing for an email with no account", async ({ page }) => {
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill("nobody-here@example.com");
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(
      page.getByText(/If an account with a verified phone exists for that email/),
    ).toBeVisible();
  });

  test("tells a person without a verified phone what to do", async ({ page }) => {
    await page.goto("/forgot-password");
    await page.getByText("Never verified your phone, or lost it?").click();
    await expect(page.getByText(/A code can only go to a phone number you verified/)).toBeVisible();
    await expect(page.getByRole("link", { name: "support@streakcoach.app" })).toHaveAttribute(
      "href",
      "mailto:support@streakcoach.app?subject=Password%20reset",
    );
  });
});
