import type { Page } from "@playwright/test";
import {
  PASSWORD,
  expect,
  goalsOf,
  localDaysAgo,
  logIn,
  markPhoneVerified,
  openUserMenu,
  seedGoals,
  test,
  uniquePhone,
  toast,
  userIdOf,
  userTimeZoneOf,
  withDatabase,
} from "./fixtures";

const MORNING_OPTIONS = ["6:00 AM", "7:00 AM", "8:00 AM", "9:00 AM", "10:00 AM", "11:00 AM"];
const EVENING_OPTIONS = ["5:00 PM", "6:00 PM", "7:00 PM", "8:00 PM", "9:00 PM", "10:00 PM"];

function remindersBox(page: Page) {
  return page.getByRole("checkbox", { name: "Send Check In and Reminders" });
}

function weeklyBox(page: Page) {
  return page.getByRole("checkbox", { name: "Weekly summary" });
}

/** A page of Settings: the Settings heading, and that page marked current in the sub-navigation. */
async function openSettings(page: Page, path = "/settings") {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expect(subNav(page).locator('[aria-current="page"]')).toHaveAttribute("href", path);
}

function subNav(page: Page) {
  return page.getByRole("navigation", { name: "Settings" });
}

async function signOut(page: Page, email: string) {
  await (await openUserMenu(page, email)).getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The account's phone as the settings form shows it: the national number, without +1. */
function nationalPhoneOf(email: string) {
  const phone = withDatabase(
    (db) =>
      db.prepare<[string], { phone: string }>("select phone from users where email = ?").get(email)
        ?.phone,
  );
  expect(phone).toMatch(/^\+1\d{10}$/);
  return phone!.slice(2);
}

function userCount(email: string) {
  return withDatabase(
    (db) =>
      db
        .prepare<[string], { n: number }>("select count(*) as n from users where email = ?")
        .get(email)?.n ?? 0,
  );
}

test.describe("settings", () => {
  test("shows the account information and check-in preferences", async ({ page, user }) => {
    await openSettings(page);

    await expect(page.getByRole("heading", { name: "Account Information" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
    // The phone is shown with its +1 and its state; it is changed on its own page.
    const national = nationalPhoneOf(user.email);
    const phone = page.getByTestId("phone-summary");
    await expect(phone).toContainText(
      `+1 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`,
    );
    await expect(phone.getByTestId("phone-verified-state")).toHaveText("Not verified");
    await expect(phone.getByRole("link", { name: "Change or verify" })).toHaveAttribute(
      "href",
      "/settings/phone",
    );
    // The sign-up form (fixtures) chose Central time, 7:00 AM and 8:00 PM.
    await expect(page.getByLabel("Time zone")).toHaveValue("America/Chicago");
    await expect(page.getByLabel("Time zone").getByRole("option")).toHaveText([
      "Eastern Time (ET)",
      "Central Time (CT)",
      "Mountain Time (MT)",
      "Pacific Time (PT)",
      "Alaska Time (AKT)",
      "Hawaii-Aleutian Time (HST)",
      "Arizona Time (MST, no daylight saving)",
      "Atlantic Time (AST, Puerto Rico)",
    ]);

    await expect(page.getByRole("heading", { name: "Check-in Preferences" })).toBeVisible();
    const morning = page.getByLabel("Morning check-in time");
    const evening = page.getByLabel("Evening check-in time");
    await expect(morning.getByRole("option")).toHaveText(MORNING_OPTIONS);
    await expect(evening.getByRole("option")).toHaveText(EVENING_OPTIONS);
    await expect(morning).toHaveValue("07:00");
    await expect(evening).toHaveValue("20:00");
    await expect(remindersBox(page)).toBeChecked();
    await expect(weeklyBox(page)).toBeChecked();
    await expect(page.getByRole("button", { name: "Save changes" })).toBeVisible();
  });

  test("saves changes, unticked boxes included, and keeps them after a reload", async ({
    page,
    user,
  }) => {
    await openSettings(page);
    await page.getByLabel("Time zone").selectOption({ label: "Pacific Time (PT)" });
    // 7:00 AM is what the account was created with, so choose another morning time.
    await page.getByLabel("Morning check-in time").selectOption({ label: "10:00 AM" });
    await page.getByLabel("Evening check-in time").selectOption({ label: "9:00 PM" });
    await weeklyBox(page).uncheck();
    await page.getByRole("button", { name: "Save changes" }).click();

    await expect(toast(page)).toContainText("Settings updated");
    await expect(toast(page)).toContainText(
      "Your account settings have been updated successfully.",
    );
    await expect(page).toHaveURL(/\/settings$/);

    await page.reload();
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
    await expect(page.getByLabel("Time zone")).toHaveValue("America/Los_Angeles");
    await expect(page.getByLabel("Morning check-in time")).toHaveValue("10:00");
    await expect(page.getByLabel("Evening check-in time")).toHaveValue("21:00");
    await expect(weeklyBox(page)).not.toBeChecked();
    await expect(remindersBox(page)).toBeChecked();

    // And back: tick the summary again, pause the check-ins.
    await weeklyBox(page).check();
    await remindersBox(page).uncheck();
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(toast(page)).toContainText("Settings updated");

    await page.reload();
    await expect(weeklyBox(page)).toBeChecked();
    await expect(remindersBox(page)).not.toBeChecked();
    await expect(page.getByLabel("Time zone")).toHaveValue("America/Los_Angeles");
    await expect(page.getByLabel("Morning check-in time")).toHaveValue("10:00");
  });

  test("Phone: shows the number with +1, refuses an invalid one and saves nothing", async ({
    page,
    user,
  }) => {
    const phone = nationalPhoneOf(user.email);
    await openSettings(page, "/settings/phone");
    await expect(page.getByLabel("Phone number")).toHaveValue(phone);
    // The country code is shown in front of the national number.
    await expect(page.getByText("+1", { exact: true })).toBeVisible();
    await expect(page.getByTestId("phone-verified-state")).toHaveText("Not verified");
    await expect(
      page.getByTestId("phone-verification").getByRole("button", { name: "Verify phone" }),
    ).toBeVisible();

    await page.getByLabel("Phone number").fill("1234567890");
    await page.getByLabel("Confirm with your password").fill(user.password);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Please enter a valid US mobile number")).toBeVisible();
    await expect(toast(page)).not.toContainText("Settings updated");
    await expect(page).toHaveURL(/\/settings\/phone$/);

    await page.getByLabel("Phone number").fill("12345");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Phone number must be 10 to 15 digits")).toBeVisible();

    // A fresh load shows the stored number: nothing of the refused posts was saved.
    await openSettings(page, "/settings/phone");
    await expect(page.getByLabel("Phone number")).toHaveValue(phone);
    expect(nationalPhoneOf(user.email)).toBe(phone);
  });

  test("Phone: a wrong verification code marks the code field", async ({
    page,
    user,
    javaScriptEnabled,
  }) => {
    void user;
    await openSettings(page, "/settings/phone");
    await page
      .getByTestId("phone-verification")
      .getByRole("button", { name: "Verify phone" })
      .click();
    await expect(toast(page)).toContainText("Verification code sent");
    const field = page.getByLabel("Verification code");
    await expect(field).not.toHaveAttribute("aria-invalid", "true");
    // Six digits that are not the code: the chance the real one is 000000 is one in a million.
    await field.fill("000000");
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(
      /The verification code you entered is invalid\. Please try again\./,
    );
    if (javaScriptEnabled) await expect(toast(page)).toContainText("Invalid code");
    await expect(page.getByTestId("phone-verified-state")).toHaveText("Not verified");
  });

  test("Phone: a new number needs the password, then is saved", async ({ page, user }) => {
    const phone = nationalPhoneOf(user.email);
    const next = uniquePhone();
    await openSettings(page, "/settings/phone");
    await page.getByLabel("Phone number").fill(next);
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(
      page.getByText("Enter your current password to change your email or phone number"),
    ).toBeVisible();
    expect(nationalPhoneOf(user.email)).toBe(phone);

    await page.getByLabel("Phone number").fill(next);
    await page.getByLabel("Confirm with your password").fill(user.password);
    await page.getByRole("button", { name: "Save changes" }).click();
    // Not verified yet, so the number changes at once, as the old single page did it.
    await expect(toast(page)).toContainText("Settings updated");
    await expect(page).toHaveURL(/\/settings\/phone$/);
    await expect(page.getByLabel("Phone number")).toHaveValue(next);
    expect(nationalPhoneOf(user.email)).toBe(next);
  });

  test("changes the password with the current one", async ({ page, user }) => {
    const newPassword = "a brand new passphrase";
    await openSettings(page, "/settings/password");

    await page.getByLabel("Current password").fill("not my password");
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Repeat new password").fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your current password is not correct")).toBeVisible();
    await expect(toast(page)).not.toContainText("Password changed");

    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Repeat new password").fill("something else entirely");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("The new passwords do not match")).toBeVisible();

    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Repeat new password").fill(newPassword);
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(toast(page)).toContainText("Password changed");
    await expect(page).toHaveURL(/\/settings\/password$/);

    await signOut(page, user.email);
    await logIn(page, { email: user.email, password: PASSWORD });
    await expect(page.getByRole("alert")).toContainText("Invalid email or password");
    await expect(page).toHaveURL(/\/login$/);

    await logIn(page, { email: user.email, password: newPassword });
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page)).toContainText("Login successful");
  });

  test("downloads all my data as JSON without the password hash", async ({ page, user }) => {
    seedGoals(user.email, [
      { description: "Exported goal", dueDate: localDaysAgo(1, userTimeZoneOf(user.email)) },
    ]);
    await openSettings(page, "/settings/account");
    const link = page.getByRole("link", { name: "Download my data" });
    await expect(link).toHaveAttribute("href", "/settings/export.json");

    const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(file.suggestedFilename()).toBe("streakcoach-data.json");
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");

    expect(text).not.toMatch(/password/i);
    const data = JSON.parse(text) as {
      account: { email: string };
      goals: { description: string }[];
      messages: unknown[];
    };
    expect(data.account.email).toBe(user.email);
    expect(Array.isArray(data.goals)).toBe(true);
    expect(data.goals.map((g) => g.description)).toEqual(["Exported goal"]);
    expect(Array.isArray(data.messages)).toBe(true);
  });

  test("deletes the account only with the password and the box ticked", async ({ page, user }) => {
    seedGoals(user.email, [
      {
        description: "Goes with the account",
        dueDate: localDaysAgo(1, userTimeZoneOf(user.email)),
      },
    ]);
    const userId = userIdOf(user.email);
    expect(goalsOf(user.email)).toHaveLength(1);
    await openSettings(page, "/settings/account");
    const password = page.getByLabel("Password", { exact: true });
    const confirm = page.getByRole("checkbox", { name: /I understand that my account/ });
    const deleteButton = page.getByRole("button", { name: "Delete account" });

    await password.fill(user.password);
    await expect(confirm).not.toBeChecked();
    await deleteButton.click();
    await expect(
      page.getByText("Tick the box to confirm that you want to delete your account"),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/account$/);

    await password.fill("not my password");
    await confirm.check();
    await deleteButton.click();
    await expect(page.getByText("Your current password is not correct")).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/account$/);
    expect(userCount(user.email)).toBe(1);

    await password.fill(user.password);
    await confirm.check();
    await deleteButton.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page)).toContainText("Account deleted");
    await expect(toast(page)).toContainText("Your account and its data have been deleted.");
    expect(userCount(user.email)).toBe(0);
    const goalsLeft = withDatabase(
      (db) =>
        db
          .prepare<[number], { n: number }>("select count(*) as n from goals where user_id = ?")
          .get(userId)?.n,
    );
    expect(goalsLeft).toBe(0);

    // Signed out, and the account is gone.
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fsettings$/);
    await logIn(page, user);
    await expect(page.getByRole("alert")).toContainText("Invalid email or password");
    await expect(page).toHaveURL(/\/login(\?|$)/);
  });
});

test("changing the email asks for the password; a wrong one changes nothing", async ({
  page,
  user,
}) => {
  await page.goto("/settings");
  const newEmail = `changed-${Date.now().toString(36)}@example.com`;
  await page.getByLabel("Email").fill(newEmail);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(
    page.getByText("Enter your current password to change your email or phone number"),
  ).toBeVisible();
  await page.getByLabel("Email").fill(newEmail);
  await page.getByLabel("Confirm with your password").fill("not my password");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your current password is not correct").first()).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByLabel("Email")).toHaveValue(user.email);

  await page.getByLabel("Email").fill(newEmail);
  await page.getByLabel("Confirm with your password").fill(user.password);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(toast(page)).toContainText("Settings updated");
  await page.reload();
  await expect(page.getByLabel("Email")).toHaveValue(newEmail);
});

/** The pages of Settings, each with a heading of its own content. */
const PAGES = [
  { path: "/settings", link: "Profile & check-ins", heading: "Check-in Preferences" },
  { path: "/settings/phone", link: "Phone", heading: "Phone" },
  { path: "/settings/password", link: "Password", heading: "Change password" },
  { path: "/settings/billing", link: "Plan & billing", heading: "Plan & billing" },
  { path: "/settings/partners", link: "Coaches & partners", heading: "Coaches & partners" },
  { path: "/settings/share-links", link: "Share links", heading: "Share links" },
  { path: "/settings/api-tokens", link: "API tokens", heading: "API tokens" },
  { path: "/settings/import", link: "Import & export", heading: "Import from Loop Habit Tracker" },
  { path: "/settings/webhooks", link: "Webhooks", heading: "Webhooks" },
  { path: "/settings/account", link: "Data & account", heading: "Delete account" },
] as const;

/** Each page loads with the whole sub-navigation, itself marked current (axe checks every page). */
async function visitEveryPage(page: Page) {
  for (const { path, heading } of PAGES) {
    await openSettings(page, path);
    await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
    const links = subNav(page).getByRole("link");
    await expect(links).toHaveText(PAGES.map((p) => p.link));
    for (const [i, other] of PAGES.entries()) {
      await expect(links.nth(i)).toHaveAttribute("href", other.path);
      if (other.path === path) await expect(links.nth(i)).toHaveAttribute("aria-current", "page");
      else await expect(links.nth(i)).not.toHaveAttribute("aria-current");
    }
  }
}

test.describe("settings pages", () => {
  test("each page loads, its sub-navigation link marked current, in light mode", async ({
    page,
    user: _user,
  }) => {
    test.slow(); // every page, each checked by axe
    await expect(page.locator("html")).toHaveClass("light");
    await visitEveryPage(page);
  });

  test("each page loads in dark mode too", async ({ page, user: _user }) => {
    test.slow(); // every page, each checked by axe
    await openSettings(page);
    await page.getByRole("contentinfo").getByRole("button", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass("dark");
    await expect(page).toHaveURL(/\/settings$/);
    await visitEveryPage(page);
  });

  test("the sub-navigation leads from page to page by its links", async ({ page, user: _user }) => {
    await openSettings(page);
    for (const { path, link, heading } of [...PAGES.slice(1), PAGES[0]]) {
      await subNav(page).getByRole("link", { name: link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path.replaceAll("/", "\\/")}$`));
      await expect(
        page.getByRole("heading", { level: 2, name: heading, exact: true }),
      ).toBeVisible();
      await expect(subNav(page).locator('[aria-current="page"]')).toHaveText(link);
    }
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the sub-navigation wraps on screen, nothing scrolls sideways", async ({
      page,
      user: _user,
    }) => {
      for (const path of ["/settings", "/settings/partners"]) {
        await openSettings(page, path);
        for (const link of await subNav(page).getByRole("link").all()) {
          await expect(link).toBeInViewport({ ratio: 1 });
        }
        // The sub-navigation comes before the page's content, not beside it.
        const nav = (await subNav(page).boundingBox())!;
        const content = (await page.getByRole("heading", { level: 2 }).first().boundingBox())!;
        expect(nav.y + nav.height).toBeLessThanOrEqual(content.y);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(390);
      }
      await subNav(page).getByRole("link", { name: "Share links" }).click();
      await expect(page).toHaveURL(/\/settings\/share-links$/);
      await expect(subNav(page).getByRole("link", { name: "Share links" })).toHaveAttribute(
        "aria-current",
        "page",
      );
    });
  });
});

test.describe("old Settings links and forms", () => {
  /** Each anchor of the old single page, and the page of PAGES that now holds its section. */
  const OLD_ANCHORS = [
    ["#phone", "/settings/phone"],
    ["#billing", "/settings/billing"],
    ["#partners", "/settings/partners"],
    ["#share-links", "/settings/share-links"],
    ["#change-password", "/settings/password"],
    ["#delete-account", "/settings/account"],
  ] as const;

  test("a bookmarked /settings#anchor finds its page", async ({
    page,
    javaScriptEnabled,
    user: _user,
  }) => {
    test.slow(); // six pages, each checked by axe
    for (const [hash, path] of OLD_ANCHORS) {
      const label = PAGES.find((settingsPage) => settingsPage.path === path)!.link;
      await page.goto(`/settings${hash}`);
      if (javaScriptEnabled) {
        // The inline script replaces the location before the page is used.
        await expect(page).toHaveURL(new RegExp(`${path.replaceAll("/", "\\/")}$`));
      } else {
        // Without JavaScript the anchor is a notice, shown only as the target, linking to the page.
        await expect(page).toHaveURL(new RegExp(`/settings${hash}$`));
        const moved = page.locator(hash);
        await expect(moved).toBeVisible();
        await expect(moved).toBeInViewport();
        await expect(page.getByTestId("moved-section").filter({ visible: true })).toHaveCount(1);
        await moved.getByRole("link", { name: `Open ${label}` }).click();
        await expect(page).toHaveURL(new RegExp(`${path.replaceAll("/", "\\/")}$`));
      }
      await expect(subNav(page).locator('[aria-current="page"]')).toHaveText(label);
    }
    // /settings itself shows none of the notices.
    await page.goto("/settings");
    await expect(page.getByTestId("moved-section").filter({ visible: true })).toHaveCount(0);
  });

  /** A page with a form of the old single Settings page, as a tab opened before the change has it. */
  async function openOldForm(page: Page, fields: Record<string, string>) {
    const inputs = Object.entries(fields)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
      .join("");
    await page.route("**/old-settings-form", (route) =>
      route.fulfill({
        contentType: "text/html; charset=utf-8",
        body: `<!doctype html><html lang="en"><head><title>Old Settings</title></head><body><main><h1>Old Settings</h1><form method="post" action="/settings">${inputs}<button type="submit">Send the old form</button></form></main></body></html>`,
      }),
    );
    await page.goto("/old-settings-form");
  }

  test("a post of the old profile form reaches the profile page and is saved", async ({
    page,
    user,
  }) => {
    await openOldForm(page, {
      intent: "settings",
      email: user.email,
      phone: nationalPhoneOf(user.email),
      timezone: "America/Denver",
      preferredCheckInTimeMorning: "09:00",
      preferredCheckInTimeEvening: "21:00",
      sendCheckInReminders: "on",
    });
    await page.getByRole("button", { name: "Send the old form" }).click();
    await expect(toast(page)).toContainText("Settings updated");
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByLabel("Time zone")).toHaveValue("America/Denver");
    await expect(page.getByLabel("Morning check-in time")).toHaveValue("09:00");
    await expect(weeklyBox(page)).not.toBeChecked();
  });

  test("a post of the old password form reaches the password page", async ({ page, user }) => {
    const newPassword = "changed through the old form";
    await openOldForm(page, {
      intent: "password",
      currentPassword: user.password,
      newPassword,
      confirmPassword: newPassword,
    });
    await page.getByRole("button", { name: "Send the old form" }).click();
    await expect(toast(page)).toContainText("Password changed");
    await expect(page).toHaveURL(/\/settings\/password$/);
    await signOut(page, user.email);
    await logIn(page, { email: user.email, password: newPassword });
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test("the dashboard's 'Change your number' opens Settings → Phone", async ({ page, user }) => {
  markPhoneVerified(user.email);
  withDatabase((db) =>
    db
      .prepare("update users set phone_undeliverable_code = '21211' where email = ?")
      .run(user.email),
  );
  await page.goto("/dashboard");
  await page.getByTestId("today-card").getByRole("link", { name: "Change your number" }).click();
  await expect(page).toHaveURL(/\/settings\/phone$/);
  await expect(page.getByLabel("Phone number")).toHaveValue(nationalPhoneOf(user.email));
});
