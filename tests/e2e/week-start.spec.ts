import type { Page } from "@playwright/test";
import {
  describeOnPhone,
  expect,
  seedDailyHabit,
  test,
  toast,
  userIdOf,
  withDatabase,
} from "./fixtures";

// "Week starts on" in Settings, with JavaScript on and off (the two projects): Sunday by default,
// Monday once chosen, and then the dashboard calendar and a habit's heatmap both open on Monday.

const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

function storedWeekStart(email: string) {
  return withDatabase((db) =>
    db
      .prepare<[number], { week_starts_on: string }>(
        "select week_starts_on from users where id = ?",
      )
      .get(userIdOf(email)),
  )!.week_starts_on;
}

/** The weekday (0 = Sunday) of each calendar column's first day. */
async function calendarColumnStarts(page: Page) {
  const days = await page
    .getByTestId("calendar")
    .locator("rect[data-day]")
    .evaluateAll((rects) => rects.map((r) => r.getAttribute("data-day")!));
  return days.filter((_, i) => i % 7 === 0).map(weekdayOf);
}

describeOnPhone("the week's first day", () => {
  test("is Sunday by default; Monday, once chosen, opens the calendar's and heatmap's weeks", async ({
    page,
    user,
  }, testInfo) => {
    await page.goto("/settings");
    const choice = page.getByLabel("Week starts on");
    await expect(choice).toHaveValue("sunday");
    await page.goto("/dashboard");
    expect(new Set(await calendarColumnStarts(page))).toEqual(new Set([0]));

    await page.goto("/settings");
    await choice.selectOption({ label: "Monday" });
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(toast(page)).toContainText("Settings updated");
    expect(storedWeekStart(user.email)).toBe("monday");
    await page.reload();
    await expect(page.getByLabel("Week starts on")).toHaveValue("monday");

    await page.goto("/dashboard");
    const calendar = page.getByTestId("calendar");
    await expect(calendar).toHaveAttribute("data-week-starts-on", "monday");
    await expect(calendar.locator("text").first()).toHaveText("Mon");
    expect(new Set(await calendarColumnStarts(page))).toEqual(new Set([1]));
    await calendar.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("calendar-monday-390.png") });

    const id = seedDailyHabit(user.email, "Stretch", 60);
    await page.goto(`/habits/${id}`);
    const weekdays = page.getByTestId("heatmap-weekdays");
    await expect(weekdays).toHaveAttribute("data-week-starts-on", "monday");
    await expect(weekdays.locator("text")).toHaveText(["Tue", "Thu", "Sat"]);
    const first = await page
      .locator("rect[data-day]")
      .evaluateAll((rects) => rects.map((r) => r.getAttribute("data-day")!).sort()[0]);
    expect(weekdayOf(first!)).toBe(1);
    await weekdays.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath("heatmap-monday-390.png") });
  });
});
