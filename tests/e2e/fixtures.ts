import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import Database from "better-sqlite3";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");

export const PASSWORD = "correct horse battery";
/** A valid US number (555 numbers are accepted by libphonenumber) that no account in the test database has. */
export function uniquePhone(): string {
  const areaCodes = ["201", "202", "212", "312", "415", "617", "646", "718"];
  for (;;) {
    const areaCode = areaCodes[Math.floor(Math.random() * areaCodes.length)]!;
    const national = `${areaCode}555${String(1000 + Math.floor(Math.random() * 9000))}`;
    const taken = withDatabase((db) =>
      db.prepare("select 1 from users where phone = ?").get(`+1${national}`),
    );
    if (!taken) return national;
  }
}

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
  await page.getByLabel("Phone number").fill(values.phone ?? uniquePhone());
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

/** The web chat's message box on /messages. */
export function chatInput(page: Page) {
  return page.getByRole("textbox", { name: "Message", exact: true });
}

/** The web chat's messages, or those of one side. */
export function chatMessages(page: Page, side?: "user" | "system") {
  const all = page.getByTestId("chat-message");
  return side ? all.and(page.locator(`[data-side="${side}"]`)) : all;
}

/** Types a message in the web chat and sends it with the Send button. */
export async function sendInChat(page: Page, text: string) {
  await chatInput(page).fill(text);
  await page.getByRole("button", { name: "Send", exact: true }).click();
}

/** The app's links, in the header and in the phone's drawer, for an account that is no admin. */
export const APP_LINKS = [
  { name: "Dashboard", href: "/dashboard" },
  { name: "Habits", href: "/habits" },
  { name: "Messages", href: "/messages" },
  { name: "FAQ", href: "/faq" },
  { name: "Blog", href: "/blog" },
  { name: "Settings", href: "/settings" },
];

/** The navigation holds every app link, to its page, and nothing else: no Admin link. */
export async function expectAppLinks(nav: Locator) {
  for (const link of APP_LINKS) {
    await expect(nav.getByRole("link", { name: link.name, exact: true })).toHaveAttribute(
      "href",
      link.href,
    );
  }
  await expect(nav.getByRole("link")).toHaveCount(APP_LINKS.length);
  await expect(nav.getByRole("link", { name: "Admin" })).toHaveCount(0);
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

/** The SQLite file of the server under test (playwright.config.ts shares its directory). */
export function databasePath() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir)
    throw new Error("E2E_DATA_DIR is not set: run the tests through playwright.config.ts");
  return path.join(dataDir, "e2e.db");
}

/** Runs `work` on a short-lived connection to the server's database (WAL: the server keeps going). */
export function withDatabase<T>(work: (db: Database.Database) => T): T {
  const db = new Database(databasePath(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    return work(db);
  } finally {
    db.close();
  }
}

export function userIdOf(email: string): number {
  const row = withDatabase((db) =>
    db.prepare<[string], { id: number }>("select id from users where email = ?").get(email),
  );
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

export function userTimeZoneOf(email: string): string {
  const row = withDatabase((db) =>
    db
      .prepare<[string], { timezone: string }>("select timezone from users where email = ?")
      .get(email),
  );
  if (!row) throw new Error(`no user ${email}`);
  return row.timezone;
}

/** The user's local day today, "YYYY-MM-DD". */
export function todayOf(email: string) {
  const timeZone = userTimeZoneOf(email);
  return new Intl.DateTimeFormat("en-CA", { timeZone, dateStyle: "short" }).format(new Date());
}

/** The calendar day `n` days before `day` ("YYYY-MM-DD"). */
export function daysBefore(day: string, n: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

/** A daily habit of the user's that started `daysAgo` days before today, with no goals yet. */
export function seedDailyHabit(email: string, title: string, daysAgo: number) {
  const start = daysBefore(todayOf(email), daysAgo);
  return withDatabase(
    (db) =>
      db
        .prepare<[number, string, string, string], { id: number }>(
          "insert into habits (user_id, title, schedules, start_date) values (?, ?, ?, ?) returning id",
        )
        .get(
          userIdOf(email),
          title,
          JSON.stringify([{ from: start, days: [0, 1, 2, 3, 4, 5, 6] }]),
          start,
        )!.id,
  );
}

/**
 * Noon (US time zones) of the user's local day `days` before today: 18:00 UTC falls on the same
 * calendar date from UTC-10 to UTC-4, so seeded goals never straddle a local-day boundary.
 */
export function localDaysAgo(days: number, timeZone: string, now = new Date()): Date {
  const [year, month, day] = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  })
    .format(now)
    .split("-")
    .map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day - days, 18));
}

export type SeedGoal = {
  description: string;
  dueDate: Date;
  createdAt?: Date;
  completedAt?: Date | null;
};

/** Inserts goals for a user straight into the server's database; returns their ids in order. */
export function seedGoals(email: string, goals: SeedGoal[]): number[] {
  const userId = userIdOf(email);
  return withDatabase((db) => {
    const insert = db.prepare<[number, string, number, number, number | null]>(
      "insert into goals (user_id, description, created_at, due_date, completed_at) values (?, ?, ?, ?, ?)",
    );
    return db.transaction(() =>
      goals.map((goal) => {
        const createdAt = goal.createdAt ?? new Date(goal.dueDate.getTime() - 8 * 3600_000);
        const { lastInsertRowid } = insert.run(
          userId,
          goal.description,
          createdAt.getTime(),
          goal.dueDate.getTime(),
          goal.completedAt ? goal.completedAt.getTime() : null,
        );
        return Number(lastInsertRowid);
      }),
    )();
  });
}

export type GoalRecord = {
  id: number;
  userId: number;
  description: string;
  dueDate: number;
  completedAt: number | null;
};

/** A user's goals as stored, oldest id first. */
export function goalsOf(email: string): GoalRecord[] {
  const userId = userIdOf(email);
  return withDatabase((db) =>
    db
      .prepare<[number], GoalRecord>(
        "select id, user_id as userId, description, due_date as dueDate, completed_at as completedAt from goals where user_id = ? order by id",
      )
      .all(userId),
  );
}

export function goalById(id: number): GoalRecord | undefined {
  return withDatabase((db) =>
    db
      .prepare<[number], GoalRecord>(
        "select id, user_id as userId, description, due_date as dueDate, completed_at as completedAt from goals where id = ?",
      )
      .get(id),
  );
}

/** A user's phone number as stored: E.164, e.g. +12125551234 (the development phone takes it as is). */
export function phoneOf(email: string): string {
  const row = withDatabase((db) =>
    db.prepare<[string], { phone: string }>("select phone from users where email = ?").get(email),
  );
  if (!row) throw new Error(`no user ${email}`);
  return row.phone;
}

/**
 * Marks the account's phone verified straight in the database: test setup for flows that need texts
 * but are not about verification (sms.spec.ts verifies through Settings and the development phone).
 */
export function markPhoneVerified(email: string) {
  const { changes } = withDatabase((db) =>
    db
      .prepare<[number, string]>("update users set phone_verified_at = ? where email = ?")
      .run(Date.now(), email),
  );
  expect(changes).toBe(1);
}

/** A valid 1x1 PNG image, for proof photos. */
export const ONE_PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** Opens the development phone (/dev/phone) on a number: the texts it received and sent. */
export async function openDevPhone(page: Page, phone: string) {
  await page.goto(`/dev/phone?${new URLSearchParams({ phone })}`);
  await expect(page.getByRole("heading", { level: 1, name: "Development phone" })).toBeVisible();
  await expect(page.getByLabel("Number", { exact: true })).toHaveValue(phone);
}

/** The texts on the open development phone, oldest first: all, or only those sent or received. */
export function devPhoneTexts(page: Page, direction?: "sent" | "received") {
  const items = page.getByTestId("dev-phone-thread").getByRole("listitem");
  return direction ? items.and(page.locator(`[data-direction="${direction}"]`)) : items;
}

/** How many texts the number has received, as the open development phone shows them. */
export async function receivedCount(page: Page) {
  return devPhoneTexts(page, "received").count();
}

/**
 * Texts from the open development phone, optionally with a photo; the page comes back with the
 * text sent and the coach's answer received, the newest text last.
 */
export async function textAsPhone(
  page: Page,
  message: string,
  photo?: { name: string; mimeType: string; buffer: Buffer },
) {
  const sentBefore = await devPhoneTexts(page, "sent").count();
  await page.getByLabel("Message", { exact: true }).fill(message);
  if (photo) await page.getByLabel("Photo (optional)").setInputFiles(photo);
  await page.getByRole("button", { name: "Send as this phone" }).click();
  await expect(devPhoneTexts(page, "sent")).toHaveCount(sentBefore + 1);
  await expect(devPhoneTexts(page, "sent").last()).toContainText(message);
  // Ready for the next text: the form is empty again.
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Photo (optional)")).toHaveValue("");
}

/** WCAG 2.1 A and AA, and axe's best practices: zero violations on every page a test visits. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  const violations = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(", ")}`,
  );
  expect(violations, `accessibility of ${page.url()}`).toEqual([]);
}

const SCRIPTS = /<script\b[^>]*>[\s\S]*?<\/script>/gi;

/**
 * axe needs scripts in the page. Without JavaScript, the page's HTML as the browser has it is checked
 * in a scripted page of its own, with our scripts left out, so it is the very page the test saw.
 */
async function expectAccessibleWithoutScripts(page: Page) {
  const url = page.url();
  const html = (await page.content()).replace(SCRIPTS, "");
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true });
  try {
    const shadow = await context.newPage();
    await shadow.route("**/*", async (route) => {
      const request = route.request();
      if (request.isNavigationRequest() && request.url() === url) {
        return route.fulfill({ body: html, contentType: "text/html; charset=utf-8" });
      }
      if (request.resourceType() === "script") return route.abort();
      return route.continue();
    });
    await shadow.goto(url);
    await expectAccessible(shadow);
  } finally {
    await context.close();
  }
}

const DATA_ATTRIBUTES =
  /\s((?:value|href|action|formaction|id|for|name|content|datetime|src|srcset|title|alt|placeholder|min|max|style|aria-(?:label|labelledby|describedby|controls|valuenow|valuetext)|data-[\w-]+)=)"([^"]*)"/g;

/**
 * A page's shape: its markup with the words and data left out (each only as present or empty), so two
 * visits of one page in the same state are one shape, whoever's account and whatever the texts say.
 */
function shapeOf(html: string, url: string, javaScriptEnabled: boolean) {
  const skeleton = html
    .replace(SCRIPTS, "")
    .replace(DATA_ATTRIBUTES, (_, attribute: string, value: string) =>
      value ? ` ${attribute}"v"` : ` ${attribute}""`,
    )
    .replace(/>([^<]*)</g, (_, text: string) => (text.trim() ? ">t<" : "><"));
  const { pathname, hash } = new URL(url);
  const route = pathname.replace(/\/[^/]*\d[^/]*/g, "/:id");
  return createHash("sha1")
    .update(`${javaScriptEnabled} ${route}${hash} ${skeleton}`)
    .digest("hex");
}

/** Shapes axe has passed in this worker: a page in a shape already checked is not checked again. */
const checkedShapes = new Set<string>();

/**
 * Checks every page a test opens with page.goto, and the page it ends on, with axe; each page shape
 * once a worker. Pages reached by clicks are covered where a test ends on them or opens them again.
 */
function checkAccessibilityOf(page: Page, javaScriptEnabled: boolean) {
  const checked = new Set<string>();
  let documentType = "";
  page.on("response", (response) => {
    const request = response.request();
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
      documentType = response.headers()["content-type"] ?? "";
    }
  });
  const check = async () => {
    const url = page.url();
    if (page.isClosed() || !/^https?:/.test(url) || checked.has(url)) return;
    if (!documentType.startsWith("text/html")) return;
    checked.add(url);
    const shape = shapeOf(await page.content(), url, javaScriptEnabled);
    if (checkedShapes.has(shape)) return;
    if (javaScriptEnabled) await expectAccessible(page);
    else await expectAccessibleWithoutScripts(page);
    checkedShapes.add(shape);
  };
  const goto = page.goto.bind(page);
  page.goto = async (target, options) => {
    const response = await goto(target, options);
    await check();
    return response;
  };
  return check;
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
  page: async ({ page, javaScriptEnabled }, provide) => {
    const checkFinalPage = checkAccessibilityOf(page, javaScriptEnabled);
    await provide(page);
    await checkFinalPage();
  },
  user: async ({ page }, provide) => {
    await provide(await register(page, uniqueEmail("us")));
  },
  admin: async ({ page }, provide) => {
    const account = await register(page, uniqueEmail("ad"));
    await makeAdmin(account.email);
    await provide(account);
  },
});

/** A phone's screen, the narrowest the app is laid out for. */
export const PHONE = { width: 390, height: 844 };

/** A describe whose tests run on a phone's screen. */
export function describeOnPhone(title: string, body: () => void) {
  test.describe(title, () => {
    test.use({ viewport: PHONE });
    body();
  });
}

export { expect };
