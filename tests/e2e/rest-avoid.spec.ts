import type { Page } from "@playwright/test";
import {
  describeOnPhone,
  expect,
  markPhoneVerified,
  seedDailyHabit,
  test,
  toast,
} from "./fixtures";

// Rest days and habits to avoid on /habits, on a phone, with JavaScript on and off (the two
// projects): a habit's day rested with Rest, a habit to avoid added with its checkbox, kept until
// Slipped is pressed, and the slip taken back.

function habitCard(page: Page, title: string) {
  return page.locator("li[id^='habit-']").filter({ hasText: title });
}

describeOnPhone("rest days and habits to avoid", () => {
  test("Rest spends a rest day and keeps the habit's day; a habit to avoid is kept until a slip", async ({
    page,
    user,
  }, testInfo) => {
    markPhoneVerified(user.email);
    seedDailyHabit(user.email, "Meditate", 3);
    await page.goto("/habits");
    await expect(page.locator("#rest-days")).toContainText("3 of 3 rest days left this month.");

    const meditate = habitCard(page, "Meditate");
    await meditate.getByRole("button", { name: "Rest day for Meditate" }).click();
    await expect(toast(page)).toContainText('Rest day: "Meditate"');
    await expect(toast(page)).toContainText("2 rest days left this month.");
    await expect(meditate).toContainText("Resting today");
    await expect(page.locator("#rest-days")).toContainText("2 of 3 rest days left this month.");

    await page.getByLabel("Habit", { exact: true }).fill("No sugar");
    await page.getByLabel("A habit to avoid").check();
    await page.getByRole("button", { name: "Add habit" }).click();
    await expect(toast(page)).toContainText('Added "No sugar"');
    const sugar = habitCard(page, "No sugar");
    await expect(sugar).toContainText("avoid");
    await expect(sugar).toContainText("Kept today");
    await expect(sugar.getByText("Streak")).toBeVisible();

    // The list from its top: the rest-day notice, the rested habit and the habit to avoid.
    await page.goto("/habits");
    await expect(sugar).toContainText("Kept today");
    await page.screenshot({ path: testInfo.outputPath("habits-avoid-rest-390-light.png") });
    // The theme cookie as the theme switch sets it (Remix's signed-less cookie: base64 of JSON).
    const dark = Buffer.from(JSON.stringify("dark")).toString("base64");
    await page.context().addCookies([{ name: "theme", value: dark, url: page.url() }]);
    await page.goto("/habits");
    await expect(page.locator("html")).toHaveClass("dark");
    await page.screenshot({ path: testInfo.outputPath("habits-avoid-rest-390-dark.png") });

    await sugar.getByRole("button", { name: "Slipped on No sugar today" }).click();
    await expect(toast(page)).toContainText('Slip noted: "No sugar"');
    await expect(sugar).toContainText("Slipped today");
    // Today's list on the dashboard says the slip in the same word, not "Pending".
    await page.goto("/dashboard");
    const todays = page.getByRole("list", { name: "Today's Goals" }).getByTestId("goal-row");
    await expect(todays.filter({ hasText: "No sugar" })).toContainText("Slipped");
    await expect(todays.filter({ hasText: "Meditate" })).not.toContainText("Slipped");
    await todays.filter({ hasText: "No sugar" }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("dashboard-slipped-390-dark.png") });
    await page.goto("/habits");

    await sugar.getByRole("button", { name: "Undo the slip on No sugar" }).click();
    await expect(sugar).toContainText("Kept today");
  });

  test("the settings switch pauses: nothing is due on /habits until it is on again", async ({
    page,
    user,
  }) => {
    markPhoneVerified(user.email);
    seedDailyHabit(user.email, "Stretch", 2);
    const reminders = page.getByRole("checkbox", { name: "Send Check In and Reminders" });
    const save = async () => {
      await page.getByRole("button", { name: "Save changes" }).click();
      await expect(toast(page)).toContainText("Settings updated");
    };

    await page.goto("/settings");
    await reminders.uncheck();
    await save();
    await page.goto("/habits");
    await expect(page.locator("#rest-days")).toContainText("Paused today: every streak is frozen.");
    const stretch = habitCard(page, "Stretch");
    await expect(stretch.getByRole("button", { name: "Mark Stretch done for today" })).toHaveCount(
      0,
    );

    await page.goto("/settings");
    await reminders.check();
    await save();
    await page.goto("/habits");
    await expect(page.locator("#rest-days")).toContainText("3 of 3 rest days left this month.");
    await expect(
      stretch.getByRole("button", { name: "Mark Stretch done for today" }),
    ).toBeVisible();
  });

  test("a habit's edit form makes it a habit to avoid, and a habit to do again", async ({
    page,
    user,
  }) => {
    markPhoneVerified(user.email);
    seedDailyHabit(user.email, "Sugar", 2);
    const sugar = habitCard(page, "Sugar");
    const switchAvoid = async (avoid: boolean) => {
      await page.goto("/habits");
      await sugar.getByRole("link", { name: "Sugar" }).click();
      // The list has its own "A habit to avoid" (the add form): wait until the habit's page is shown.
      await expect(page.getByRole("heading", { level: 1, name: "Sugar" })).toBeVisible();
      const editForm = page.locator("form", { has: page.getByLabel("A habit to avoid") });
      await editForm.getByLabel("A habit to avoid").setChecked(avoid);
      await editForm.getByRole("button", { name: "Save" }).click();
      await expect(toast(page)).toContainText("Habit saved");
      await expect(page.getByLabel("A habit to avoid")).toBeChecked({ checked: avoid });
      await page.goto("/habits");
    };

    await switchAvoid(true);
    await expect(sugar).toContainText("Kept today");
    await expect(sugar.getByRole("button", { name: "Slipped on Sugar today" })).toBeVisible();

    await switchAvoid(false);
    await expect(sugar.getByRole("button", { name: "Mark Sugar done for today" })).toBeVisible();
    await expect(sugar).not.toContainText("Kept today");
  });
});
