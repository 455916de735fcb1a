import type { Page } from "@playwright/test";
import {
  daysBefore,
  describeOnPhone,
  expect,
  test,
  toast,
  todayOf,
  userIdOf,
  withDatabase,
} from "./fixtures";

// A measured habit on a phone, with JavaScript on and off (the two projects): made with a target on
// /habits, today's amount typed in the number field on its row, and its page's server-drawn charts.

const TITLE = "📚 Read Donaudampfschifffahrtsgesellschaftskapitän";

/** Earlier days' values straight into the database, so the charts have a past to draw. */
function seedPastValues(email: string, habitId: number, values: number[]) {
  const today = todayOf(email);
  const start = daysBefore(today, values.length);
  const userId = userIdOf(email);
  withDatabase((db) => {
    db.prepare("update habits set start_date = ?, schedules = ? where id = ?").run(
      start,
      JSON.stringify([{ from: start, days: [0, 1, 2, 3, 4, 5, 6] }]),
      habitId,
    );
    const insert = db.prepare(
      `insert into goals (user_id, description, due_date, habit_id, habit_day, value, note, completed_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    values.forEach((value, i) => {
      const day = daysBefore(today, values.length - i);
      const due = Date.parse(`${day}T18:00:00Z`);
      const note = i === values.length - 1 ? "long chapter, good one" : null;
      insert.run(userId, TITLE, due, habitId, day, value, note, value >= 30 ? due : null);
    });
  });
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

describeOnPhone("a measured habit on a phone", () => {
  test("is made with a target, takes today's amount and note, and draws its values", async ({
    page,
    user,
  }, testInfo) => {
    await page.goto("/habits");
    await page.getByLabel("Habit", { exact: true }).fill(TITLE);
    await page.getByLabel("Amount", { exact: true }).fill("30");
    await page.getByLabel("Unit", { exact: true }).fill("pages");
    await page.getByRole("button", { name: "Add habit" }).click();
    await expect(toast(page)).toContainText(`Added "${TITLE}"`);
    const card = page.locator("li[id^='habit-']").filter({ hasText: TITLE });
    await expect(card).toContainText("30 pages a day");

    await card.getByLabel(`${TITLE}: amount for Today in pages`).fill("35");
    await card.getByLabel(`${TITLE}: note for Today`).fill("great chapter");
    await card.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("35 of 30 pages ✓");
    await expect(card.getByLabel(`${TITLE}: amount for Today in pages`)).toHaveValue("35");
    await expect(
      card.getByRole("button", { name: `Mark ${TITLE} done for today` }),
    ).toHaveAttribute("aria-pressed", "true");
    await noSidewaysScroll(page);

    const habitId = Number((await card.getAttribute("id"))!.replace("habit-", ""));
    seedPastValues(user.email, habitId, [30, 12, 31, 0, 40, 33, 28, 30, 45]);
    await page.goto(`/habits/${habitId}`);
    await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    await expect(
      page.getByRole("img", { name: /have a value; 7 met the target of 30 pages/ }),
    ).toBeVisible();
    await expect(page.getByRole("img", { name: /This week so far:/ })).toBeVisible();
    await expect(page.getByText("great chapter")).toBeVisible();

    // A day short of the target, typed on the habit's page, takes the day's check off.
    await page.getByLabel(`${TITLE}: amount for Today in pages`).fill("12,5");
    await page.getByRole("button", { name: "Save" }).first().click();
    await expect(toast(page)).toContainText("12.5 of 30 pages");
    await expect(page.getByLabel(`${TITLE}: amount for Today in pages`)).toHaveValue("12.5");
    await noSidewaysScroll(page);

    if (testInfo.project.name === "js") {
      await page.screenshot({
        path: testInfo.outputPath("measured-habit-390-light.png"),
        fullPage: true,
      });
      const theme = page.getByRole("contentinfo").getByRole("form", { name: "Theme" });
      await theme.getByRole("button", { name: "Dark" }).click();
      await expect(page.locator("html")).toHaveClass("dark");
      await noSidewaysScroll(page);
      await page.screenshot({
        path: testInfo.outputPath("measured-habit-390-dark.png"),
        fullPage: true,
      });
    }
  });

  test("refuses a value that is not a number, keeping the day as it was", async ({
    page,
    user,
  }) => {
    await page.goto("/habits");
    await page.getByLabel("Habit", { exact: true }).fill("Water");
    await page.getByLabel("Amount", { exact: true }).fill("8");
    await page.getByLabel("Unit", { exact: true }).fill("glasses");
    await page.getByRole("button", { name: "Add habit" }).click();
    const card = page.locator("li[id^='habit-']").filter({ hasText: "Water" });
    await card.getByLabel("Water: amount for Today in glasses").fill("lots");
    await card.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("value must be a number");
    const stored = withDatabase((db) =>
      db
        .prepare("select value from goals where user_id = ? and habit_id is not null")
        .all(userIdOf(user.email)),
    );
    expect(stored).toEqual([{ value: null }]);
  });
});
