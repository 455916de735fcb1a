import type { Page } from "@playwright/test";
import {
  daysBefore,
  describeOnPhone,
  expect,
  markPhoneVerified,
  register,
  seedDailyHabit,
  test,
  toast,
  todayOf,
  uniqueEmail,
  userIdOf,
  withDatabase,
} from "./fixtures";

// Habits on a phone, with JavaScript on and off (the two projects): add one, keep it from the
// dashboard, see it on its own page.

function habitCard(page: Page, title: string) {
  return page.locator("li[id^='habit-']").filter({ hasText: title });
}

/** "Mon, Nov 23": how a day of the last seven is named on the habit's page. */
function dayName(day: string) {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "short",
    month: "short",
    day: "numeric",
  });
}

describeOnPhone("habits on a phone", () => {
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
    // With JavaScript as without, the form is ready for the next habit.
    await expect(page.getByLabel("Habit", { exact: true })).toHaveValue("");
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
    await expect(page.getByRole("definition").first()).toHaveText("1 day");

    // Scrolled back to its oldest week on the phone, the heatmap still names its weekdays.
    const weeks = page.getByRole("group", { name: "Heatmap, scrolls sideways" });
    await weeks.evaluate((el) => el.scrollBy({ left: -el.scrollWidth, behavior: "instant" }));
    await expect(page.locator(`rect[data-day="${today}"]`)).not.toBeInViewport();
    const weekdays = page.getByTestId("heatmap-weekdays");
    for (const day of ["Mon", "Wed", "Fri"])
      await expect(weekdays.locator("text", { hasText: day })).toBeInViewport();
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

  test("a habit named like an active one is refused, keeping what was typed; a stopped one restarts", async ({
    page,
    user,
  }) => {
    const id = seedDailyHabit(user.email, "Floss", 3);
    await page.goto("/habits");
    const title = page.getByLabel("Habit", { exact: true });
    const typeFlossTwiceAWeek = async () => {
      await title.fill("floss daily");
      await page.getByRole("radio", { name: "Any days," }).check();
      await page.getByLabel("Times per week").selectOption({ label: "2 times" });
      await page.getByLabel("Time (optional)").fill("21:30");
      await page.getByRole("button", { name: "Add habit" }).click();
    };
    await typeFlossTwiceAWeek();
    await expect(page.getByText('You already have the habit "Floss" (every day).')).toBeVisible();
    await expect(title).toHaveAttribute("aria-invalid", "true");
    await expect(title).toHaveValue("floss daily");
    await expect(page.getByRole("radio", { name: "Any days," })).toBeChecked();
    await expect(page.getByLabel("Times per week")).toHaveValue("2");
    await expect(page.getByLabel("Time (optional)")).toHaveValue("21:30");
    const habits = () =>
      withDatabase((db) =>
        db
          .prepare<[number], { id: number; active: number }>(
            "select id, active from habits where user_id = ?",
          )
          .all(userIdOf(user.email)),
      );
    expect(habits()).toEqual([{ id, active: 1 }]);

    await habitCard(page, "Floss").getByRole("button", { name: "Stop: Floss" }).click();
    await expect(toast(page)).toContainText('Stopped "Floss"');
    await typeFlossTwiceAWeek();
    await expect(toast(page)).toContainText('Restarted "Floss"');
    await expect(habitCard(page, "Floss")).toContainText("2 times a week · by 9:30 PM");
    expect(habits()).toEqual([{ id, active: 1 }]);
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

  test("one tap on /habits marks today done, the habit's page shows it, and one more takes it back", async ({
    page,
    user,
    javaScriptEnabled,
  }) => {
    await page.goto("/habits");
    await page.getByLabel("Habit", { exact: true }).fill("Meditate");
    await page.getByRole("button", { name: "Add habit" }).click();
    await expect(toast(page)).toContainText('Added "Meditate"');
    await page.goto("/habits");

    const card = habitCard(page, "Meditate");
    const done = card.getByRole("button", { name: "Mark Meditate done for today" });
    await expect(done).toHaveAttribute("aria-pressed", "false");
    await done.click();
    await expect(done).toHaveAttribute("aria-pressed", "true");
    await expect(toast(page)).toContainText('"Meditate" done for today');
    // With JavaScript the page stays where it was (a fetcher); without, the post comes back at the card.
    expect(new URL(page.url()).hash).toBe(
      javaScriptEnabled ? "" : `#${await card.getAttribute("id")}`,
    );
    await expect(card.getByRole("definition").first()).toHaveText("1 d");

    await card.getByRole("link", { name: "Meditate" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Meditate" })).toBeVisible();
    const today = todayOf(user.email);
    await expect(page.locator(`rect[data-day="${today}"]`)).toHaveAttribute("data-outcome", "done");
    const todayOnPage = page.getByRole("button", { name: "Mark Meditate done for today" });
    await expect(todayOnPage).toHaveAttribute("aria-pressed", "true");
    // Started today: the six days before it cannot be set.
    await expect(
      page.getByRole("list", { name: "Meditate, the last 7 days" }).getByRole("button"),
    ).toHaveCount(1);

    await todayOnPage.click();
    await expect(todayOnPage).toHaveAttribute("aria-pressed", "false");
    await expect(toast(page)).toContainText('"Meditate" not done for today');
    await expect(page.locator(`rect[data-day="${today}"]`)).toHaveAttribute("data-outcome", "open");

    await page.goto("/habits");
    await expect(
      habitCard(page, "Meditate").getByRole("button", { name: "Mark Meditate done for today" }),
    ).toHaveAttribute("aria-pressed", "false");
    expect(
      withDatabase((db) =>
        db
          .prepare(
            "select habit_day, completed_at from goals where user_id = ? and habit_id is not null",
          )
          .all(userIdOf(user.email)),
      ),
    ).toEqual([{ habit_day: today, completed_at: null }]);
  });

  test("days of the last week are set from the habit's page, and its streak follows", async ({
    page,
    user,
  }) => {
    const id = seedDailyHabit(user.email, "Walk", 10);
    const today = todayOf(user.email);
    await page.goto(`/habits/${id}`);
    const week = page.getByRole("list", { name: "Walk, the last 7 days" });
    await expect(week.getByRole("button")).toHaveCount(7);
    const streak = page.getByRole("definition").first();
    await expect(streak).toHaveText("0 days");

    for (const n of [2, 1]) {
      const day = week.getByRole("button", {
        name: `Mark Walk done for ${dayName(daysBefore(today, n))}`,
      });
      await expect(day).toHaveAttribute("aria-pressed", "false");
      await day.click();
      await expect(day).toHaveAttribute("aria-pressed", "true");
      await expect(toast(page)).toContainText(`"Walk" done for`);
    }
    await expect(streak).toHaveText("2 days");
    await expect(page.locator(`rect[data-day="${daysBefore(today, 1)}"]`)).toHaveAttribute(
      "data-outcome",
      "done",
    );

    await week.getByRole("button", { name: "Mark Walk done for today" }).click();
    await expect(streak).toHaveText("3 days");

    const twoDaysAgo = week.getByRole("button", {
      name: `Mark Walk done for ${dayName(daysBefore(today, 2))}`,
    });
    await twoDaysAgo.click();
    await expect(twoDaysAgo).toHaveAttribute("aria-pressed", "false");
    await expect(streak).toHaveText("2 days");
    await expect(page.locator(`rect[data-day="${daysBefore(today, 2)}"]`)).toHaveAttribute(
      "data-outcome",
      "missed",
    );
  });

  test("another user's post with your habit's id is answered 404 and changes nothing", async ({
    page,
    user,
    browser,
  }) => {
    const id = seedDailyHabit(user.email, "Stretch", 3);
    const today = todayOf(user.email);
    const context = await browser.newContext();
    try {
      const other = await context.newPage();
      await register(other, uniqueEmail("intruder"));
      const onList = await other.request.post("/habits", {
        form: { intent: `done:${today}`, habitId: String(id) },
      });
      expect(onList.status()).toBe(404);
      const onPage = await other.request.post(`/habits/${id}`, {
        form: { intent: `done:${daysBefore(today, 1)}`, habitId: String(id), via: "fetcher" },
      });
      expect(onPage.status()).toBe(404);
    } finally {
      await context.close();
    }
    expect(
      withDatabase((db) =>
        db
          .prepare(
            "select count(*) as n from goals where habit_id = ? and completed_at is not null",
          )
          .get(id),
      ),
    ).toEqual({ n: 0 });
    await page.goto(`/habits/${id}`);
    await expect(page.getByRole("button", { name: "Mark Stretch done for today" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  test("deleting a habit asks first: Cancel keeps it, Yes deletes it", async ({ page, user }) => {
    const id = seedDailyHabit(user.email, "Floss", 3);
    const habitCount = () =>
      withDatabase((db) => db.prepare("select count(*) as n from habits where id = ?").get(id));
    await page.goto(`/habits/${id}`);
    await page.getByRole("link", { name: "Delete habit" }).click();
    const question = page.getByRole("alertdialog", { name: "Delete \u201cFloss\u201d?" });
    await expect(question).toContainText("this cannot be undone");
    await question.getByRole("link", { name: "Cancel" }).click();
    await expect(question).toHaveCount(0);
    expect(habitCount()).toEqual({ n: 1 });

    // A post that skips the question (an old page, say) is asked it too, and deletes nothing.
    const skipped = await page.request.post(`/habits/${id}`, { form: { intent: "delete" } });
    expect(skipped.url()).toMatch(new RegExp(`/habits/${id}\\?delete#delete-habit$`));
    expect(habitCount()).toEqual({ n: 1 });

    await page.getByRole("link", { name: "Delete habit" }).click();
    await question.getByRole("button", { name: "Yes, delete it" }).click();
    await expect(toast(page)).toContainText("Habit deleted");
    await expect(page).toHaveURL(/\/habits$/);
    expect(habitCount()).toEqual({ n: 0 });
  });
});
