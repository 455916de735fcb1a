import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { test as base, expect, type Locator, type Page } from "@playwright/test";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");

export const PASSWORD = "correct horse battery";
/** Valid US numbers (555-01xx is reserved for fiction and accepted by libphonenumber). */
export const VALID_PHONE = "2015550123";

export type Account = { email: string; password: string };

/**
 * An email no other test uses. It starts with `prefix`, so the avatar initials are known:
 * the first two letters of the prefix, upper case.
 */
export function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now().toString(36)}${randomBytes(4).toString("hex")}@example.com`;
}

export function initialsOf(email: string) {
  return email.slice(0, 2).toUpperCase();
}

export function displayNameOf(email: string) {
  return email.split("@")[0]!;
}

/** The notification region: the toast flashed by the last action shows here. */
export function toast(page: Page) {
  return page.getByRole("region", { name: "Notifications (F8)" }).getByRole("status");
}

export async function fillRegisterForm(
  page: Page,
  values: { email: string; password?: string; phone?: string; consent?: boolean },
) {
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel("Password").fill(values.password ?? PASSWORD);
  await page.getByLabel("Time zone").selectOption({ label: "Central Time (CT)" });
  await page.getByLabel("Morning check-in time").selectOption({ label: "7:00 AM" });
  await page.getByLabel("Evening check-in time").selectOption({ label: "8:00 PM" });
  await page.getByLabel("Phone number").fill(values.phone ?? VALID_PHONE);
  const consent = page.getByRole("checkbox", { name: /I agree to receive recurring automated/ });
  if (values.consent ?? true) await consent.check();
  else await expect(consent).not.toBeChecked();
}

/** Creates an account through the sign-up form; the page is signed in on /dashboard afterwards. */
export async function register(page: Page, email: string, password = PASSWORD): Promise<Account> {
  await page.goto("/register");
  await fillRegisterForm(page, { email, password });
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  return { email, password };
}

/** Signs in through the login form (on the current /login page, or a fresh one). */
export async function logIn(page: Page, account: Account) {
  if (new URL(page.url(), "http://x").pathname !== "/login") await page.goto("/login");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** The avatar that opens the user menu (a native <details>, so it opens without JavaScript too). */
export function avatar(page: Page, email: string) {
  return page.getByLabel(`Account menu for ${email}`);
}

export async function openUserMenu(page: Page, email: string): Promise<Locator> {
  const menu = page.getByTestId("user-menu");
  await avatar(page, email).click();
  await expect(menu.getByRole("button", { name: "Sign out" })).toBeVisible();
  return menu;
}

/** Makes an existing account an admin with the operator script, on the server's database. */
export async function makeAdmin(email: string) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir)
    throw new Error("E2E_DATA_DIR is not set: run the tests through playwright.config.ts");
  const { stdout } = await run(
    path.join(root, "node_modules", ".bin", "tsx"),
    ["scripts/create-admin.ts", email],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_PATH: path.join(dataDir, "e2e.db"),
        SESSION_SECRET: "e2e-session-secret-0123456789abcdef0123456789",
        CRON_ENABLED: "false",
      },
    },
  );
  expect(stdout).toContain(`${email} is now an admin.`);
}

type Fixtures = {
  /** A fresh account, registered through the form; the page is signed in. */
  user: Account;
  /** A fresh admin account; the page is signed in. */
  admin: Account;
};

// The second argument is Playwright's `use`; it is named `provide` so the React hooks lint rule
// does not mistake it for React's use().
export const test = base.extend<Fixtures>({
  user: async ({ page }, provide) => {
    await provide(await register(page, uniqueEmail("us")));
  },
  admin: async ({ page }, provide) => {
    const account = await register(page, uniqueEmail("ad"));
    await makeAdmin(account.email);
    await provide(account);
  },
});

export { expect };
