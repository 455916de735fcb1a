import type { Page } from "@playwright/test";
import { seedPost } from "./blog-fixtures";
import {
  describeOnPhone,
  expect,
  localDaysAgo,
  PHONE,
  seedGoals,
  test,
  toast,
  userIdOf,
  userTimeZoneOf,
  withDatabase,
} from "./fixtures";

// A phone's width, with JavaScript on and off (the two projects): a pasted link or any other long
// word in what the user wrote wraps, so no page is wider than the screen.

/** A 495-character link with no place to break, as pasted from a browser's address bar. */
const LONG_LINK = `https://example.com/track?${"utm_source=newsletter&ref=".repeat(19)}x`.slice(
  0,
  495,
);
const GOAL = `Read ${LONG_LINK} before lunch 📚🔥`;
const HABIT = `Stretch🧘‍♀️${"a".repeat(120)} and ${LONG_LINK.slice(0, 200)}`;
const MESSAGE = `Here is my proof ✅ ${LONG_LINK}`;

/** The last Sunday on or before today in the user's zone, as YYYY-MM-DD, and how many days ago. */
function lastSunday(timeZone: string) {
  const weekday = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short" }).format(
    new Date(),
  );
  const daysAgo = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(weekday);
  return { daysAgo, date: localDaysAgo(daysAgo, timeZone).toISOString().slice(0, 10) };
}

function seedAccount(email: string) {
  const zone = userTimeZoneOf(email);
  const sunday = lastSunday(zone);
  seedGoals(email, [
    { description: GOAL, dueDate: localDaysAgo(0, zone) },
    { description: `${GOAL} (yesterday)`, dueDate: localDaysAgo(1, zone) },
    {
      description: `${GOAL} (Sunday)`,
      dueDate: localDaysAgo(sunday.daysAgo, zone),
      completedAt: localDaysAgo(sunday.daysAgo, zone),
    },
    { description: `${GOAL} (tomorrow)`, dueDate: localDaysAgo(-1, zone) },
  ]);
  const userId = userIdOf(email);
  const start = localDaysAgo(14, zone).toISOString().slice(0, 10);
  const habitId = withDatabase((db) => {
    const at = Date.now();
    const insert = db.prepare(
      "insert into messages (user_id, from_system, body, media_urls, source, created_at) values (?, ?, ?, '[]', 'web', ?)",
    );
    insert.run(userId, 0, MESSAGE, at - 60_000);
    insert.run(userId, 1, `Got it: ${GOAL}`, at);
    return (
      db
        .prepare(
          "insert into habits (user_id, title, schedules, start_date) values (?, ?, ?, ?) returning id",
        )
        .get(
          userId,
          HABIT,
          JSON.stringify([{ from: start, days: [0, 1, 2, 3, 4, 5, 6] }]),
          start,
        ) as {
        id: number;
      }
    ).id;
  });
  return { habitId, sunday: sunday.date };
}

async function expectNoSideScroll(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(width, `${path} is ${width} px wide at 390 px`).toBeLessThanOrEqual(PHONE.width);
}

describeOnPhone("a phone-wide screen", () => {
  test("no page scrolls sideways when goals, a habit and messages hold a 495-character link", async ({
    page,
    browser,
    javaScriptEnabled,
    user,
  }) => {
    const { habitId, sunday } = seedAccount(user.email);
    const post = seedPost({ title: `Why ${LONG_LINK.slice(0, 120)} is a long word` });

    await page.goto("/settings/share-links");
    const form = page.locator("form#create-share-link");
    await form.getByLabel("Who it is for").fill(`Group ${"Runners".repeat(7)}`);
    await form.getByLabel("Your name on the page").fill("Robin📚");
    await form.getByLabel("Include habits").check();
    await form.getByRole("button", { name: "Create link" }).click();
    await expect(toast(page)).toContainText("Share link created");
    const shareUrl = await page.getByRole("textbox", { name: /^Link for Group/ }).inputValue();

    for (const path of [
      "/dashboard",
      "/dashboard?new-goal",
      "/habits",
      `/habits/${habitId}`,
      "/messages",
      "/settings/account",
      "/settings/phone",
      "/settings/password",
      "/settings/partners",
      "/settings/share-links",
      "/settings/billing",
      `/summaries/weekly/${sunday}`,
      "/blog",
      `/blog/${post.slug}`,
    ]) {
      await expectNoSideScroll(page, path);
    }
    await page.goto("/dashboard");
    await expect(page.getByText(GOAL, { exact: true })).toBeVisible();

    const visitor = await browser.newContext({ javaScriptEnabled, viewport: PHONE });
    const view = await visitor.newPage();
    await expectNoSideScroll(view, new URL(shareUrl).pathname);
    await expect(view.getByText(HABIT).first()).toBeVisible();
    await expectNoSideScroll(view, `${new URL(shareUrl).pathname}/summaries/weekly/${sunday}`);
    await visitor.close();
  });
});
