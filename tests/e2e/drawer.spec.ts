import type { Page } from "@playwright/test";
import {
  avatar,
  displayNameOf,
  expect,
  expectAppLinks,
  makeAdmin,
  register,
  test,
  toast,
  uniqueEmail,
} from "./fixtures";

test.use({ viewport: { width: 390, height: 844 } });

function drawerButton(page: Page) {
  return page.getByLabel("Open menu");
}

function drawerNav(page: Page) {
  return page.getByRole("navigation", { name: "Mobile" });
}

async function openDrawer(page: Page) {
  await expect(drawerNav(page)).toBeHidden();
  await drawerButton(page).click();
  await expect(drawerNav(page)).toBeVisible();
  return page.getByTestId("mobile-drawer");
}

test.describe("mobile drawer", () => {
  test("replaces the top navigation on small screens", async ({ page, user }) => {
    await expect(drawerButton(page)).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(drawerNav(page)).toBeHidden();
    await expect(avatar(page, user.email)).toBeVisible();
  });

  test("shows the display name and the app links", async ({ page, user }) => {
    const drawer = await openDrawer(page);
    await expect(drawer.getByText(displayNameOf(user.email), { exact: true })).toBeVisible();
    const nav = drawerNav(page);
    await expectAppLinks(nav);
    await expect(drawer.getByRole("button", { name: "Sign out" })).toBeVisible();
  });

  test("closes when a link is chosen", async ({ page, user }) => {
    await expect(avatar(page, user.email)).toBeVisible();
    await openDrawer(page);
    await drawerNav(page).getByRole("link", { name: "Messages" }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(page.getByRole("heading", { level: 1, name: /conversation/i })).toBeVisible();
    await expect(drawerNav(page)).toBeHidden();

    await openDrawer(page);
    await drawerNav(page).getByRole("link", { name: "Settings" }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(drawerNav(page)).toBeHidden();

    await openDrawer(page);
    await drawerNav(page).getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(drawerNav(page)).toBeHidden();
  });

  test("signs out", async ({ page, user }) => {
    const drawer = await openDrawer(page);
    await drawer.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toast(page)).toContainText("Logout successful");
    await expect(drawerButton(page)).toHaveCount(0);
    await expect(avatar(page, user.email)).toHaveCount(0);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
  });

  test("shows the Admin link to admins", async ({ page }) => {
    const email = uniqueEmail("drawer-admin");
    await register(page, email);
    await makeAdmin(email);
    await page.reload();
    await openDrawer(page);
    const admin = drawerNav(page).getByRole("link", { name: "Admin" });
    await expect(admin).toHaveAttribute("href", "/admin");
    await admin.click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await expect(drawerNav(page)).toBeHidden();
  });
});
