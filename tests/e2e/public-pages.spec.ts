import type { Page } from "@playwright/test";
import { avatar, expect, test } from "./fixtures";

// The e2e server runs with the defaults of app/utils/env/env.server.ts.
const TRIAL_DAYS = 14;
const SUPPORT_EMAIL = "support@streakcoach.app";

const isNoJs = () => test.info().project.name === "no-js";

/** The landing page's links, in the navigation and in the small screen's menu. */
const LANDING_LINKS = [
  ["Features", /^\/#features$/],
  ["How It Works", /^\/#how-it-works$/],
  ["FAQ", /^\/faq$/],
  ["Blog", /^\/blog$/],
  ["Log in", /^\/login$/],
  ["Sign up", /^\/register$/],
] as const;

function landingNav(page: Page) {
  return page.getByRole("navigation", { name: "Landing", exact: true });
}

function landingMenu(page: Page) {
  return page.getByRole("navigation", { name: "Landing menu", exact: true });
}

/** Every "N-day free trial" the page states, as numbers. */
async function trialLengths(page: Page) {
  const text = (await page.getByRole("main").textContent()) ?? "";
  return [...text.matchAll(/(\d+)-day free trial/g)].map((match) => Number(match[1]));
}

test.describe("landing page", () => {
  test("shows its sections in the order of the spec, each with a heading", async ({ page }) => {
    await page.goto("/");
    const ids = await page
      .locator("main > section")
      .evaluateAll((sections) => sections.map((section) => section.id));
    expect(ids).toEqual(["hero", "features", "how-it-works", "success-stories", "get-started"]);
    // The global footer comes after the last section.
    await expect(page.getByRole("contentinfo")).toBeVisible();

    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.locator("#hero").getByRole("heading", { level: 1 })).toBeVisible();
    for (const [id, name] of [
      ["features", /follow-through/],
      ["how-it-works", "How It Works"],
      ["success-stories", "Success Stories"],
      ["get-started", /Ready to start/],
    ] as const) {
      await expect(page.locator(`#${id}`).getByRole("heading", { level: 2, name })).toBeVisible();
    }

    const features = page.locator("#features").getByRole("heading", { level: 3 });
    await expect(features).toHaveText([
      "SMS Check-ins",
      "Visual Proof",
      "AI-Powered Feedback",
      "Progress Tracking",
    ]);
    const steps = page.locator("#how-it-works").getByRole("heading", { level: 3 });
    await expect(steps).toHaveText([
      /Morning goal setting/,
      /Work through your day/,
      /Evening check-in/,
      /AI feedback and growth/,
    ]);

    const stories = page.locator("#success-stories article");
    await expect(stories).toHaveCount(3);
    await expect(stories.nth(0)).toContainText("Fitness");
    await expect(stories.nth(1)).toContainText("Productivity");
    await expect(stories.nth(2)).toContainText("Health");
    for (const [index, days] of [35, 28, 42].entries()) {
      await expect(stories.nth(index)).toContainText(`${days}-day streak`);
      await expect(stories.nth(index).locator("blockquote")).not.toBeEmpty();
    }
    await expect(page.locator("#success-stories")).toContainText("Sample stories");
  });

  test("its top navigation leads to every place it names", async ({ page }) => {
    await page.goto("/");
    const nav = landingNav(page);
    await expect(nav).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Account" })).toHaveCount(0);
    for (const [name, href] of LANDING_LINKS) {
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }

    await nav.getByRole("link", { name: "Features", exact: true }).click();
    await expect(page).toHaveURL(/\/#features$/);
    await expect(page.locator("#features")).toBeInViewport();

    await page.goto("/");
    await nav.getByRole("link", { name: "How It Works", exact: true }).click();
    await expect(page).toHaveURL(/\/#how-it-works$/);
    await expect(page.locator("#how-it-works")).toBeInViewport();

    for (const [name, url] of [
      ["Log in", /\/login$/],
      ["Sign up", /\/register$/],
      ["FAQ", /\/faq$/],
      ["Blog", /\/blog$/],
    ] as const) {
      await page.goto("/");
      await nav.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(url);
    }
  });

  test("Get started and Start Free Trial lead to sign-up", async ({ page }) => {
    await page.goto("/");
    await page.locator("#hero").getByRole("link", { name: "Get started", exact: true }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();

    await page.goto("/");
    await page
      .locator("#get-started")
      .getByRole("link", { name: "Start Free Trial", exact: true })
      .click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("Learn more (hero) and Learn More (closing call to action) scroll to the features", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.locator("#features")).not.toBeInViewport();
    await page.locator("#hero").getByRole("link", { name: "Learn more", exact: true }).click();
    await expect(page).toHaveURL(/\/#features$/);
    await expect(page.locator("#features")).toBeInViewport();

    await page.goto("/");
    const learnMore = page
      .locator("#get-started")
      .getByRole("link", { name: "Learn More", exact: true });
    await learnMore.scrollIntoViewIfNeeded();
    await expect(page.locator("#features")).not.toBeInViewport();
    await learnMore.click();
    await expect(page).toHaveURL(/\/#features$/);
    await expect(page.locator("#features")).toBeInViewport();
  });

  test("a signed-in user sees the app header and no second, landing navigation", async ({
    page,
    user,
  }) => {
    await page.goto("/");
    await expect(avatar(page, user.email)).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(landingNav(page)).toHaveCount(0);
    await expect(page.getByTestId("landing-menu")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.locator("main > section")).toHaveCount(5);
  });
});

test.describe("landing page on a small screen", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the menu button opens a menu with every link", async ({ page }) => {
    await page.goto("/");
    await expect(landingNav(page)).toBeHidden();
    await expect(landingMenu(page)).toBeHidden();
    await page.getByLabel("Menu", { exact: true }).click();
    const menu = landingMenu(page);
    await expect(menu).toBeVisible();
    for (const [name, href] of LANDING_LINKS) {
      const link = menu.getByRole("link", { name, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute("href", href);
    }
    await expect(menu.getByRole("link")).toHaveCount(6);

    // The same button closes it again.
    await page.getByLabel("Menu", { exact: true }).click();
    await expect(menu).toBeHidden();

    await page.getByLabel("Menu", { exact: true }).click();
    await menu.getByRole("link", { name: "Sign up", exact: true }).click();
    await expect(page).toHaveURL(/\/register$/);
  });

  test("choosing a section scrolls to it (and, with JavaScript, closes the menu)", async ({
    page,
  }) => {
    await page.goto("/");
    await page.getByLabel("Menu", { exact: true }).click();
    await landingMenu(page).getByRole("link", { name: "How It Works", exact: true }).click();
    await expect(page).toHaveURL(/\/#how-it-works$/);
    await expect(page.locator("#how-it-works")).toBeInViewport();
    if (isNoJs()) {
      // Without JavaScript the menu stays open up in the page header, scrolled away.
      await expect(page.getByTestId("landing-menu")).toHaveAttribute("open", "");
      await expect(landingMenu(page)).not.toBeInViewport();
    } else {
      await expect(landingMenu(page)).toBeHidden();
    }
  });
});

test.describe("configured facts", () => {
  test("the landing page, FAQ and Terms state the same trial length and prices", async ({
    page,
  }) => {
    for (const path of ["/", "/faq", "/terms"]) {
      await page.goto(path);
      const lengths = await trialLengths(page);
      expect(lengths.length, `${path} states the trial length`).toBeGreaterThan(0);
      for (const days of lengths) expect(days, path).toBe(TRIAL_DAYS);
      const main = page.getByRole("main");
      await expect(main).toContainText("$9.99/month");
      await expect(main).toContainText("$19.99/month");
    }
  });
});

const FAQ_QUESTIONS = [
  "How does StreakCoach work?",
  "Do I have to send photo proof?",
  "When will I receive messages?",
  "How much does it cost?",
  "Can I set more than one goal a day?",
  "Is my data secure?",
  "Can I cancel anytime?",
  "Where is StreakCoach available?",
];

test.describe("FAQ page", () => {
  test("lists the eight questions in order, each answer hidden until opened", async ({ page }) => {
    await page.goto("/faq");
    await expect(
      page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" }),
    ).toBeVisible();
    const items = page.locator('details[name="faq"]');
    await expect(items).toHaveCount(8);
    await expect(items.locator("summary")).toHaveText(FAQ_QUESTIONS);
    for (const item of await items.all()) {
      await expect(item).not.toHaveAttribute("open");
      await expect(item.locator("summary + div")).toBeHidden();
    }
  });

  test("opens one answer at a time", async ({ page }) => {
    await page.goto("/faq");
    const items = page.locator('details[name="faq"]');
    const first = items.nth(0);
    const third = items.nth(2);

    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open", "");
    await expect(first.getByText(/lives in your text messages/)).toBeVisible();
    await expect(first).toContainText("HELP");
    await expect(first).toContainText("STOP");

    await third.locator("summary").click();
    await expect(third).toHaveAttribute("open", "");
    await expect(third.getByText(/By default we text you at 8:00 AM and 7:00 PM/)).toBeVisible();
    await expect(first).not.toHaveAttribute("open");
    await expect(first.getByText(/lives in your text messages/)).toBeHidden();

    await third.locator("summary").click();
    await expect(third).not.toHaveAttribute("open");
  });

  test("answers pricing, goals, cancellation and availability from the configuration", async ({
    page,
  }) => {
    await page.goto("/faq");
    const item = (question: string) =>
      page.locator('details[name="faq"]', { has: page.getByText(question, { exact: true }) });

    const pricing = item("How much does it cost?");
    await pricing.locator("summary").click();
    await expect(pricing).toContainText(`${TRIAL_DAYS}-day free trial`);
    await expect(pricing).toContainText("Basic, $9.99/month");
    await expect(pricing).toContainText("Premium, $19.99/month");

    const goals = item("Can I set more than one goal a day?");
    await goals.locator("summary").click();
    await expect(goals).toContainText("2-3 goals a day");

    const cancel = item("Can I cancel anytime?");
    await cancel.locator("summary").click();
    await expect(cancel).toContainText("no cancellation fee or penalty");
    await expect(cancel).toContainText("keep access until the end of the period");
    await expect(cancel).toContainText("won't be charged");

    const availability = item("Where is StreakCoach available?");
    await availability.locator("summary").click();
    await expect(availability).toContainText(
      "StreakCoach is available in the United States; you need a US mobile number",
    );
  });

  test("ends with a contact line that mails support", async ({ page }) => {
    await page.goto("/faq");
    const contact = page.getByTestId("faq-contact");
    const link = contact.getByRole("link", { name: SUPPORT_EMAIL });
    await expect(link).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
});

/** Opens a legal page: its title, its effective date and its sections in order. */
async function expectLegalPage(page: Page, path: string, title: string, sectionIds: string[]) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(/Effective date:\s*April 21, 2025/);
  const ids = await page
    .locator("article > section")
    .evaluateAll((sections) => sections.map((section) => section.id));
  expect(ids).toEqual(sectionIds);
}

test.describe("Terms page", () => {
  test("shows its dates and every section in order", async ({ page }) => {
    await expectLegalPage(page, "/terms", "Terms of Service", [
      "service",
      "eligibility",
      "subscriptions",
      "sms",
      "your-content",
      "prohibited",
      "privacy",
      "intellectual-property",
      "liability",
      "changes",
      "termination",
      "governing-law",
      "contact",
    ]);
    await expect(page.getByRole("main")).toContainText(/Last updated:\s*April 21, 2025/);
    await expect(page.locator("#eligibility")).toContainText("at least 18 years old");
    await expect(page.locator("#eligibility")).toContainText("U.S. mobile phone number");
    await expect(page.locator("#subscriptions")).toContainText("renew automatically");
    await expect(page.locator("#subscriptions")).toContainText("cancel anytime");
    await expect(page.locator("#liability")).toContainText("in the 12 months before the claim");
    await expect(page.locator("#governing-law")).toContainText("State of New York");
    await expect(page.locator("#governing-law")).toContainText("arbitration");
    await expect(
      page.locator("#contact").getByRole("link", { name: SUPPORT_EMAIL }),
    ).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
  });

  test("has the SMS consent and opt-out terms a carrier review expects", async ({ page }) => {
    await page.goto("/terms");
    const sms = page.locator("#sms");
    for (const text of [
      "recurring automated",
      "about 2 messages a day",
      "Msg & data rates may apply",
      "reply STOP to any message to cancel",
      "reply HELP to any message for help",
      "not a condition of any purchase",
      "Carriers are not liable for delayed or undelivered messages",
      "never shared with or sold to third parties",
    ]) {
      await expect(sms).toContainText(text);
    }
  });

  test("its table of contents jumps to a section and it links to the privacy page", async ({
    page,
  }) => {
    await page.goto("/terms");
    await page
      .getByRole("navigation", { name: "Contents" })
      .getByRole("link", { name: "Governing law and arbitration" })
      .click();
    await expect(page).toHaveURL(/\/terms#governing-law$/);
    await expect(page.locator("#governing-law")).toBeInViewport();

    const privacy = page.locator("#privacy").getByRole("link", { name: "Privacy Policy" });
    await expect(privacy).toHaveAttribute("href", "/privacy-policy");
    await privacy.click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  });
});

test.describe("Privacy page", () => {
  test("covers every point, with children under 13 and no selling of data", async ({ page }) => {
    await expectLegalPage(page, "/privacy-policy", "Privacy Policy", [
      "data-we-collect",
      "how-we-use",
      "sharing",
      "no-selling",
      "your-rights",
      "security",
      "international",
      "children",
      "changes",
      "contact",
    ]);
    const collected = page.locator("#data-we-collect");
    for (const text of [
      "email address",
      "mobile phone number",
      "time zone",
      "check-in times",
      "goals",
      "photos or text descriptions",
      "Usage data",
      "Device information",
      "session cookie",
      "theme cookie",
      "short-lived notification cookie",
    ]) {
      await expect(collected).toContainText(text);
    }
    await expect(page.locator("#sharing")).toContainText("SMS delivery provider");
    await expect(page.locator("#sharing")).toContainText("AI processing partners");
    await expect(page.locator("#no-selling")).toContainText(
      "We do not sell or rent your personal information",
    );
    await expect(page.locator("#no-selling")).toContainText(
      "never shared with or sold to third parties",
    );
    await expect(page.locator("#children")).toContainText("not directed to children under 13");
    await expect(page.locator("#your-rights")).toContainText("download a copy of your data");
    await expect(page.locator("#your-rights")).toContainText("delete your account");
    await expect(
      page.locator("#contact").getByRole("link", { name: SUPPORT_EMAIL }),
    ).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
  });
});

test.describe("every public page", () => {
  for (const [path, title] of [
    ["/", /StreakCoach/],
    ["/faq", "Frequently Asked Questions | StreakCoach"],
    ["/terms", "Terms of Service | StreakCoach"],
    ["/privacy-policy", "Privacy Policy | StreakCoach"],
  ] as const) {
    test(`${path} has a title, a description and one h1`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\w.{40,}/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    });
  }
});

test("in-page anchors scroll smoothly unless the visitor prefers reduced motion", async ({
  page,
}) => {
  const scrollBehavior = () =>
    page.locator("html").evaluate((html) => getComputedStyle(html).scrollBehavior);
  await page.emulateMedia({ reducedMotion: "no-preference" });
  // A page without sections moves at once, so a reload or a new page never glides on its own.
  await page.goto("/login");
  expect(await scrollBehavior()).toBe("auto");
  await page.goto("/");
  expect(await scrollBehavior()).toBe("smooth");
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await scrollBehavior()).toBe("auto");
  await page.locator("#hero").getByRole("link", { name: "Learn more", exact: true }).click();
  await expect(page.locator("#features")).toBeInViewport();
});
