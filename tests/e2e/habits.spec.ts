import type { Page } from "@playwright/test";
import { expect, markPhoneVerified, test, toast, userIdOf, withDatabase } from "./fixtures";

// Habits on a phone, with JavaScript on and off (the two projects): add one, keep it from the
// dashboard, see it on its own page.

const PHONE = { width: 390, height: 844 };

function habitCard(page: Page, title: string) {
  return page.locator("li[id^='habit-']").filter({ hasText: title });
}

function todayOf(email: string) {
  const timeZone = withDatabase((db) =>
    db
      .prepare<[number], { timezone: string }>("select timezone from users where id = ?")
      .get(userIdOf(email)),
  )!.timezone;
  return new Intl.DateTimeFormat("en-CA", { timeZone, dateStyle: "short" }).format(new Date());
}

test.describe("habits on a phone", () => {
  test.use({ viewport: PHONE });

  test("a habit is added, kept from the dashboard, and shows on its heatmap", async ({
    page,
    user,
  }) => {
    markPhoneVerified(user.email);
    await page.goto("/dashboard");
    await page.getByLabel("Open menu").click();
    await page
      .getByRole("navigation", { name: "Mobile" })
      .getByRole("link", { name: "Habits" })
      .click();
    await expect(page).toHaveURL(/\/habits$/);
    await expect(page.getByRole("heading", { level: 1, name: "Habits" })).toBeVisible();

    await page.getByLabel("Habit", { exact: true }).fill("Meditate");
    await page.getByRole("button", { name: "Add habit" }).click();
    await expect(toast(page)).toContainText('Added "Meditate"');
    const card = habitCard(page, "Meditate");
    await expect(card).toContainText("every day");
    await expect(card).toContainText("Strength");

    await page.goto("/dashboard");
    const row = page
      .getByRole("list", { name: "Today's Goals" })
      .getByTestId("goal-row")
      .filter({ hasText: "Meditate" });
    await expect(row.getByRole("link", { name: "Habit: Meditate. See its history" })).toBeVisible();
    await row.getByRole("button", { name: "Done: Meditate" }).click();
    await expect(row.getByText("Completed", { exact: true })).toBeVisible();

    await row.getByRole("link", { name: "Habit: Meditate. See its history" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Meditate" })).toBeVisible();
    const today = todayOf(user.email);
    await expect(page.locator(`rect[data-day="${today}"]`)).toHaveAttribute("data-outcome", "done");
    await expect(page.getByRole("definition").first()).toHaveText("1 days");
  });

  test("a habit's form refuses a missing title and no days, keeping what was typed", async ({
    page,
    user,
  }) => {
    await page.goto("/habits");
    for (const day of ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
      await page.getByRole("checkbox", { name: day }).uncheck();
    await page.getByRole("button", { name: "Add habit" }).click();
    await expect(page.getByText("title is required")).toBeVisible();
    await expect(page.getByText("days must name at least one weekday")).toBeVisible();
    expect(
      withDatabase((db) =>
        db.prepare("select count(*) as n from habits where user_id = ?").get(userIdOf(user.email)),
      ),
    ).toEqual({ n: 0 });
  });

  test("a times-a-week habit is added, stopped and restarted", async ({ page, user }) => {
    void user;
    await page.goto("/habits");
    await page.getByLabel("Habit", { exact: true }).fill("Gym");
    await page.getByRole("radio", { name: "Any days," }).check();
    await page.getByLabel("Times per week").selectOption({ label: "3 times" });
    await page.getByRole("button", { name: "Add habit" }).click();
    await expect(habitCard(page, "Gym")).toContainText("3 times a week");

    await habitCard(page, "Gym").getByRole("button", { name: "Stop: Gym" }).click();
    await expect(toast(page)).toContainText('Stopped "Gym"');
    await expect(page.getByText("Stopped (1)")).toBeVisible();
    // Without JavaScript the redirect's #habit- fragment has already opened the <details>.
    const restart = habitCard(page, "Gym").getByRole("button", { name: "Restart: Gym" });
    if (!(await restart.isVisible())) await page.getByText("Stopped (1)").click();
    await restart.click();
    await expect(toast(page)).toContainText('Restarted "Gym"');
    await expect(habitCard(page, "Gym").getByRole("button", { name: "Stop: Gym" })).toBeVisible();
  });

  test("stopped habits come a page at a time, with links to the others", async ({ page, user }) => {
    const userId = userIdOf(user.email);
    withDatabase((db) => {
      const insert = db.prepare(
        `insert into habits (user_id, title, schedules, start_date, active, stopped_on)
         values (?, ?, '[{"from":"2026-01-01","days":[1]}]', '2026-01-01', 0, ?)`,
      );
      for (let i = 1; i <= 12; i++)
        insert.run(
          userId,
          `Old habit ${String.fromCharCode(64 + i)}`,
          `2026-02-${String(i).padStart(2, "0")}`,
        );
    });
    await page.goto("/habits");
    await page.getByText("Stopped (12)").click();
    const pages = page.getByRole("navigation", { name: "Stopped habits pages" });
    await expect(pages).toContainText("1 to 10 of 12");
    await expect(habitCard(page, "Old habit L")).toBeVisible();
    await expect(habitCard(page, "Old habit B")).toBeHidden();

    await pages.getByRole("link", { name: "Next" }).click();
    await expect(pages).toContainText("11 to 12 of 12");
    await expect(habitCard(page, "Old habit B")).toBeVisible();
    await expect(habitCard(page, "Old habit A")).toBeVisible();
    await expect(habitCard(page, "Old habit L")).toBeHidden();
    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(pages).toContainText("1 to 10 of 12");
  });
});
