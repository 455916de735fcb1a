import { APP_LINKS, avatar, expect, expectAppLinks, openUserMenu, test } from "./fixtures";

test.describe("anonymous visitors", () => {
  for (const path of ["/dashboard", "/messages", "/settings", "/admin"]) {
    test(`are sent to /login from ${path}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.ok()).toBe(true);
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
      await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
    });
  }

  for (const path of ["/blog/edit/new", "/blog/edit/1"]) {
    test(`are sent to /login from ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(path)}`);
    });
  }

  test("see the signed-out header on /faq only, not on /, /login and /register", async ({
    page,
  }) => {
    const account = page.getByRole("navigation", { name: "Account" });

    await page.goto("/faq");
    await expect(account.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
    await expect(account.getByRole("link", { name: "Sign up" })).toHaveAttribute(
      "href",
      "/register",
    );
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    await account.getByRole("link", { name: "Log in" }).click();
    await expect(page).toHaveURL(/\/login$/);

    for (const path of ["/", "/login", "/register"]) {
      await page.goto(path);
      await expect(page.getByRole("contentinfo")).toBeVisible();
      await expect(account).toHaveCount(0);
    }
  });

  test("see the footer links and the current year", async ({ page }) => {
    await page.goto("/faq");
    const footer = page.getByRole("contentinfo");
    const nav = footer.getByRole("navigation", { name: "Footer" });
    await expect(nav.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
    await expect(nav.getByRole("link", { name: "FAQ" })).toHaveAttribute("href", "/faq");
    await expect(nav.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
      "href",
      "/privacy-policy",
    );
    await expect(nav.getByRole("link", { name: "Terms of Service" })).toHaveAttribute(
      "href",
      "/terms",
    );
    await expect(footer).toContainText(`© ${new Date().getFullYear()} StreakCoach`);

    await nav.getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
  });
});

test.describe("signed-in users", () => {
  for (const path of ["/login", "/register"]) {
    test(`are sent to /dashboard from ${path}`, async ({ page, user }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(avatar(page, user.email)).toBeVisible();
    });
  }

  test("reach their own pages", async ({ page, user }) => {
    await expect(avatar(page, user.email)).toBeVisible();
    for (const [path, heading] of [
      ["/dashboard", "Dashboard"],
      ["/messages", /conversation/i],
      ["/settings", "Settings"],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    }
  });

  test("who are not admins are sent away from the admin pages", async ({ page, user }) => {
    await expect(avatar(page, user.email)).toBeVisible();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toHaveCount(0);

    for (const path of ["/blog/edit/new", "/blog/edit/1"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("heading", { name: /Blog Post/ })).toHaveCount(0);
    }
  });

  test("see the app links and no admin link", async ({ page, user }) => {
    await page.goto("/faq");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expectAppLinks(nav);
    // The signed-out header is gone once signed in.
    await expect(page.getByRole("navigation", { name: "Account" })).toHaveCount(0);

    const menu = await openUserMenu(page, user.email);
    await expect(menu.getByRole("link", { name: "Profile" })).toHaveAttribute("href", "/settings");
    await expect(menu.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
    await expect(menu.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);

    await nav.getByRole("link", { name: "Messages" }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Blog" })
      .click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("open Profile and Settings from the user menu", async ({ page, user }) => {
    let menu = await openUserMenu(page, user.email);
    await menu.getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    // The menu closes on navigation.
    await expect(menu.getByRole("link", { name: "Profile" })).toBeHidden();

    await page.goto("/dashboard");
    menu = await openUserMenu(page, user.email);
    await menu.getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
  });
});

test.describe("admins", () => {
  test("reach the admin dashboard and the blog editor", async ({ page, admin }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();

    await page.goto("/blog/edit/new");
    await expect(page).toHaveURL(/\/blog\/edit\/new$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Create New Blog Post" }),
    ).toBeVisible();
    await expect(avatar(page, admin.email)).toBeVisible();
  });

  test("see the Admin nav link and the Admin Dashboard menu item", async ({ page, admin }) => {
    await page.goto("/dashboard");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Admin" })).toHaveAttribute("href", "/admin");
    await expect(nav.getByRole("link")).toHaveCount(APP_LINKS.length + 1);

    const menu = await openUserMenu(page, admin.email);
    const item = menu.getByRole("link", { name: "Admin Dashboard" });
    await expect(item).toHaveAttribute("href", "/admin");
    await item.click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();

    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Dashboard", exact: true })
      .click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Admin" })
      .click();
    await expect(page).toHaveURL(/\/admin$/);
  });
});
