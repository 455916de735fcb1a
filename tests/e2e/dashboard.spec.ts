import type { Download, Page } from "@playwright/test";
import {
  expect,
  goalById,
  goalsOf,
  localDaysAgo,
  markPhoneVerified,
  openDevPhone,
  phoneOf,
  register,
  seedGoals,
  test,
  textAsPhone,
  toast,
  uniqueEmail,
  userTimeZoneOf,
} from "./fixtures";
import { pdfText } from "./pdf-text";

const EMPTY = "No goals found. Start creating new goals to track your progress!";

function todayList(page: Page) {
  return page.getByRole("list", { name: "Today's Goals" });
}

function previousList(page: Page) {
  return page.getByRole("list", { name: "Previous Goals" });
}

function goalRow(page: Page, description: string) {
  return page.getByRole("listitem").filter({ hasText: description });
}

function pager(page: Page) {
  return page.getByRole("navigation", { name: "Previous goals pages" });
}

/**
 * Opens 'New Goal': a modal dialog with JavaScript, the same dialog inline on /dashboard?new-goal
 * without it.
 */
async function openNewGoal(page: Page, javaScriptEnabled: boolean) {
  await page.getByRole("link", { name: "New Goal" }).click();
  const dialog = page.getByRole("dialog", { name: "Create a new goal" });
  await expect(dialog).toBeVisible();
  if (javaScriptEnabled) {
    await expect(page).toHaveURL(/\/dashboard$/);
    expect(await dialog.evaluate((element) => element.matches(":modal"))).toBe(true);
  } else {
    await expect(page).toHaveURL(/\/dashboard\?new-goal$/);
  }
  return dialog;
}

async function createGoal(page: Page, description: string, javaScriptEnabled: boolean) {
  const dialog = await openNewGoal(page, javaScriptEnabled);
  await dialog.getByLabel("What's your goal?").fill(description);
  // The user's evening check-in time (8:00 PM in fillRegisterForm): the goal is asked about then.
  await expect(dialog.getByLabel("Due by")).toHaveValue("20:00");
  await dialog.getByRole("button", { name: "Create Goal" }).click();
  await expect(toast(page)).toContainText("Goal created!");
  await expect(toast(page)).toContainText("Your goal has been added successfully.");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(dialog).toBeHidden();
  await expect(todayList(page).getByRole("listitem").filter({ hasText: description })).toHaveCount(
    1,
  );
}

/** The download the link starts, as bytes: the browser saves it, with or without JavaScript. */
async function download(page: Page, linkName: string): Promise<{ file: Download; body: Buffer }> {
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: linkName }).click(),
  ]);
  const stream = await file.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return { file, body: Buffer.concat(chunks) };
}

/**
 * Downloads the dashboard's PDF report of the range (named in the link and the file) and checks that
 * its text holds each of `lines`; returns the text.
 */
async function expectReport(page: Page, range: string, lines: string[]) {
  await expect(page.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
    "href",
    `/dashboard/report.pdf?range=${range}`,
  );
  const { file, body } = await download(page, "Download PDF");
  expect(file.suggestedFilename()).toBe(`streakcoach-report-${range}.pdf`);
  expect(body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = pdfText(body);
  for (const line of lines) expect(text).toContain(line);
  return text;
}

async function chooseRange(page: Page, label: string, javaScriptEnabled: boolean) {
  await page.getByLabel("Date range").selectOption({ label });
  // With JavaScript the form submits itself on change (and 'Apply' is gone); without, Apply it.
  if (javaScriptEnabled) await expect(page.getByRole("button", { name: "Apply" })).toHaveCount(0);
  else await page.getByRole("button", { name: "Apply" }).click();
}

test.describe("dashboard", () => {
  test("a new user sees empty lists and zero stats", async ({ page, user }) => {
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByText(EMPTY)).toHaveCount(2);
    // Today's empty list says goals can be texted in too.
    await expect(page.getByRole("main")).toContainText(
      `${EMPTY} You can also text your goals to the number we text you from.`,
    );
    await expect(page.getByTestId("stat-current-streak")).toHaveText("0 days");
    await expect(page.getByTestId("stat-completion-rate")).toHaveText("0%");
    await expect(page.getByTestId("stat-total-goals")).toHaveText("0");
    // Each card's details lead to its part of the page.
    for (const [card, part] of [
      ["Current Streak", "Your last 12 weeks"],
      ["Completion Rate", "Previous Goals"],
      ["Total Goals", "Today's Goals"],
    ]) {
      await page.getByRole("link", { name: `View details of ${card}` }).click();
      await expect(page.getByRole("heading", { name: part, exact: true })).toBeInViewport();
    }
    await expect(pager(page)).toContainText("0 to 0 of 0");
    await expect(page.getByRole("link", { name: "Download PDF" })).toBeVisible();
    await expect(
      page.getByRole("img", {
        name: "Last 12 weeks: goals on 0 days, all completed on 0 days.",
        exact: true,
      }),
    ).toBeVisible();
    expect(goalsOf(user.email)).toEqual([]);
  });

  test("the weekly and monthly summaries are a click away", async ({ page, user }) => {
    const zone = userTimeZoneOf(user.email);
    const weekday = new Intl.DateTimeFormat("en-US", { timeZone: zone, weekday: "short" }).format(
      new Date(),
    );
    const daysSinceSunday = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].indexOf(weekday);
    const sunday = localDaysAgo(daysSinceSunday, zone).toISOString().slice(0, 10);
    await page.getByRole("link", { name: "Weekly summary" }).click();
    await expect(page).toHaveURL(new RegExp(`/summaries/weekly/${sunday}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Weekly summary" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await page.getByRole("link", { name: "Monthly summary" }).click();
    const firstOfMonth = `${localDaysAgo(0, zone).toISOString().slice(0, 8)}01`;
    await expect(page).toHaveURL(new RegExp(`/summaries/monthly/${firstOfMonth}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Monthly summary" })).toBeVisible();
  });

  test("creates a goal due at the evening check-in time and completes it", async ({
    page,
    user,
    javaScriptEnabled,
  }) => {
    const description = `Run 5k ${Date.now().toString(36)}`;
    await createGoal(page, description, javaScriptEnabled);

    const row = goalRow(page, description);
    // A row of today's list: times alone, the day is the list's.
    await expect(row).toContainText(/Due by 8:00 PM · Created at \d{1,2}:\d{2} (AM|PM)/);
    // Pending until 20:00 in the user's time zone, Overdue after it: which one depends on the clock.
    await expect(row.getByText(/^(Pending|Overdue)$/)).toBeVisible();
    await expect(row.getByRole("button", { name: `Done: ${description}` })).toBeVisible();
    await expect(page.getByTestId("stat-total-goals")).toHaveText("1");
    await expect(page.getByTestId("stat-current-streak")).toHaveText("0 days");
    await expect(page.getByTestId("stat-completion-rate")).toHaveText("0%");
    // With a goal today, the empty Previous Goals no longer invites the user to start creating goals.
    await expect(page.getByText(EMPTY)).toHaveCount(0);
    await expect(
      page.getByText("No goals before today yet. Goals move here once their day is over."),
    ).toBeVisible();
    await expect(
      page.getByRole("img", {
        name: "Last 12 weeks: goals on 1 day, all completed on 0 days.",
        exact: true,
      }),
    ).toBeVisible();

    // Done is one tap on the row, a plain form post without JavaScript.
    await row.getByRole("button", { name: `Done: ${description}` }).click();
    await expect(toast(page)).toContainText("Goal completed!");
    await expect(toast(page)).toContainText("Your goal has been marked as complete.");
    await expect(row.getByText("Completed", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: `Undo: ${description}` })).toBeVisible();
    await expect(row.getByRole("button", { name: `Done: ${description}` })).toHaveCount(0);
    await expect(page.getByTestId("stat-current-streak")).toHaveText("1 day");
    await expect(page.getByTestId("stat-completion-rate")).toHaveText("100%");
    await expect(page.getByTestId("stat-completion-rate-counts")).toHaveText("1 of 1 decided goal");
    await expect(page.getByTestId("stat-total-goals")).toHaveText("1");
    // The picture of the last weeks counts today too.
    await expect(
      page.getByRole("img", {
        name: "Last 12 weeks: goals on 1 day, all completed on 1 day.",
        exact: true,
      }),
    ).toBeVisible();

    const [stored] = goalsOf(user.email);
    expect(stored?.description).toBe(description);
    expect(stored?.completedAt).not.toBeNull();
  });

  test("a blank description is refused and nothing is created", async ({
    page,
    user,
    javaScriptEnabled,
  }) => {
    const dialog = await openNewGoal(page, javaScriptEnabled);
    await dialog.getByLabel("What's your goal?").fill("   ");
    await dialog.getByRole("button", { name: "Create Goal" }).click();

    await expect(dialog.getByText("Please enter a goal description")).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId("stat-total-goals")).toHaveText("0");
    await expect(page.getByText(EMPTY)).toHaveCount(2);
    expect(goalsOf(user.email)).toEqual([]);

    // The dialog still works after the error. The refused post's answer settles first (its loaders
    // and the form's reset to what was sent): a person does not type within those milliseconds.
    await page.waitForLoadState("networkidle");
    await dialog.getByLabel("What's your goal?").fill("Read 20 pages");
    await dialog.getByRole("button", { name: "Create Goal" }).click();
    await expect(toast(page)).toContainText("Goal created!");
    await expect(page.getByTestId("stat-total-goals")).toHaveText("1");
  });

  test("Cancel closes the New Goal dialog without creating anything", async ({
    page,
    user,
    javaScriptEnabled,
  }) => {
    const dialog = await openNewGoal(page, javaScriptEnabled);
    await dialog.getByLabel("What's your goal?").fill("Never mind");
    // A button that closes the modal with JavaScript; a link back to /dashboard without.
    await dialog.getByRole(javaScriptEnabled ? "button" : "link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("stat-total-goals")).toHaveText("0");
    expect(goalsOf(user.email)).toEqual([]);
  });

  test.describe("Previous Goals", () => {
    // 25 goals due at noon 1 to 40 local days ago: six within the last 7 days, every odd day done.
    const DAYS_AGO = [1, 2, 3, 4, 5, 6, ...Array.from({ length: 19 }, (_, i) => 22 + i)];
    const describe = (days: number) => `Seeded goal due ${days} days ago`;

    test.beforeEach(async ({ user }) => {
      const timeZone = userTimeZoneOf(user.email);
      seedGoals(
        user.email,
        DAYS_AGO.map((days) => {
          const dueDate = localDaysAgo(days, timeZone);
          return {
            description: describe(days),
            dueDate,
            completedAt: days % 2 === 1 ? new Date(dueDate.getTime() - 3600_000) : null,
          };
        }),
      );
    });

    test("pages through the goals ten at a time", async ({ page }) => {
      await page.goto("/dashboard");
      await expect(page.getByTestId("stat-total-goals")).toHaveText("25");
      await expect(todayList(page)).toHaveCount(0);
      // Today is empty, but the user has goals: no invitation to start creating them.
      await expect(page.getByText(EMPTY)).toHaveCount(0);
      await expect(page.getByRole("main")).toContainText(
        "No goals for today yet. Add one with New Goal, or text your goals to the number we text you from.",
      );
      await expect(pager(page)).toContainText("1 to 10 of 25");
      await expect(previousList(page).getByRole("listitem")).toHaveCount(10);
      // Newest first.
      await expect(previousList(page).getByRole("listitem").first()).toContainText(describe(1));
      await expect(pager(page).getByRole("link", { name: "Previous" })).toHaveCount(0);

      await pager(page).getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(/[?&]page=2(&|$)/);
      await expect(pager(page)).toContainText("11 to 20 of 25");
      await expect(previousList(page).getByRole("listitem")).toHaveCount(10);
      await expect(previousList(page)).not.toContainText(describe(1));

      await pager(page).getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(/[?&]page=3(&|$)/);
      await expect(pager(page)).toContainText("21 to 25 of 25");
      await expect(previousList(page).getByRole("listitem")).toHaveCount(5);
      await expect(pager(page).getByRole("link", { name: "Next" })).toHaveCount(0);
      await expect(previousList(page).getByRole("listitem").last()).toContainText(describe(40));

      await pager(page).getByRole("link", { name: "Previous" }).click();
      await expect(pager(page)).toContainText("11 to 20 of 25");
      await pager(page).getByRole("link", { name: "Previous" }).click();
      await expect(page).toHaveURL(/[?&]page=1(&|$)/);
      await expect(pager(page)).toContainText("1 to 10 of 25");
      await expect(previousList(page).getByRole("listitem").first()).toContainText(describe(1));
    });

    test("filters by date range", async ({ page, javaScriptEnabled }) => {
      await page.goto("/dashboard");
      await expect(page.getByLabel("Date range")).toHaveValue("all");
      await expect(page.getByLabel("Date range").getByRole("option")).toHaveText([
        "Last 7 days",
        "Last 30 days",
        "This month",
        "Last month",
        "All time",
      ]);

      await chooseRange(page, "Last 7 days", javaScriptEnabled);
      await expect(page).toHaveURL(/[?&]range=7d(&|$)/);
      await expect(pager(page)).toContainText("1 to 6 of 6");
      await expect(page.getByLabel("Date range")).toHaveValue("7d");
      await expect(previousList(page).getByRole("listitem")).toHaveText(
        [1, 2, 3, 4, 5, 6].map((days) => new RegExp(describe(days))),
      );
      await expect(pager(page).getByRole("link")).toHaveCount(0);
      // The stats are about all goals, not the filtered list.
      await expect(page.getByTestId("stat-total-goals")).toHaveText("25");

      await chooseRange(page, "All time", javaScriptEnabled);
      await expect(page).toHaveURL(/[?&]range=all(&|$)/);
      await expect(pager(page)).toContainText("1 to 10 of 25");
      await expect(page.getByLabel("Date range")).toHaveValue("all");

      // Paging keeps the range.
      await chooseRange(page, "Last 30 days", javaScriptEnabled);
      await expect(page).toHaveURL(/[?&]range=30d(&|$)/);
      await expect(pager(page)).toContainText("1 to 10 of 14");
      await pager(page).getByRole("link", { name: "Next" }).click();
      await expect(page).toHaveURL(/range=30d/);
      await expect(pager(page)).toContainText("11 to 14 of 14");
      await expect(previousList(page).getByRole("listitem").last()).toContainText(describe(29));
    });

    test("draws the last 12 weeks as an accessible picture", async ({ page }) => {
      await page.goto("/dashboard");
      const completedDays = DAYS_AGO.filter((days) => days % 2 === 1).length;
      const summary = `Last 12 weeks: goals on ${DAYS_AGO.length} days, all completed on ${completedDays} days.`;
      const picture = page.getByRole("img", { name: summary, exact: true });
      await expect(picture).toBeVisible();
      // The same summary is the visible caption of the figure.
      await expect(page.getByRole("figure", { name: summary })).toBeVisible();
    });
  });

  test("Download PDF gives a PDF report with the user's goals", async ({
    page,
    user,
    javaScriptEnabled,
  }) => {
    const first = `Stretch ${Date.now().toString(36)}`;
    const second = `Call mom ${Date.now().toString(36)}`;
    await createGoal(page, first, javaScriptEnabled);
    await createGoal(page, second, javaScriptEnabled);
    const row = goalRow(page, first);
    await row.getByRole("button", { name: `Done: ${first}` }).click();
    await expect(toast(page)).toContainText("Goal completed!");

    const text = await expectReport(page, "all", [
      "StreakCoach progress report",
      `Account: ${user.email}`,
      "Period: All time",
      // The summary cards: each title followed by its figure.
      "Goals completed\n1 of 2",
      // The open goal waits: the rate is of the one decided goal.
      "Completion rate\n100%",
      "1 of 1 decided goal;",
      "Current streak\n1 day",
      "Completion trend by week",
      // Each goal under its day, after the dashboard's status badge.
      `Completed\n${first}`,
    ]);
    expect(text).toMatch(new RegExp(`(Pending|Overdue)\n${second}`));
  });

  test("Download PDF follows the chosen date range", async ({ page, user, javaScriptEnabled }) => {
    const timeZone = userTimeZoneOf(user.email);
    seedGoals(user.email, [
      { description: "Walk the dog", dueDate: localDaysAgo(2, timeZone) },
      {
        description: "Meditate",
        dueDate: localDaysAgo(3, timeZone),
        completedAt: localDaysAgo(3, timeZone),
      },
      { description: "Old habit", dueDate: localDaysAgo(20, timeZone) },
      { description: "Floss", dueDate: localDaysAgo(2, timeZone) },
    ]);
    await page.goto("/dashboard");
    // Skipped on the dashboard: the report shows the same state.
    await goalRow(page, "Floss").getByRole("button", { name: "Skip: Floss" }).click();
    await expect(goalRow(page, "Floss").getByText("Skipped", { exact: true })).toBeVisible();
    await chooseRange(page, "Last 7 days", javaScriptEnabled);
    await expect(page).toHaveURL(/range=7d/);
    const text = await expectReport(page, "7d", [
      `Account: ${user.email}`,
      "Period: Last 7 days",
      "Goals completed\n1 of 3",
      "Completion rate\n33%",
      "1 of 3 decided goals",
      "Skipped\nFloss",
      // Two days ago and neither done nor skipped: missed.
      "Missed\nWalk the dog",
      "Completed\nMeditate",
    ]);
    expect(text).not.toContain("Old habit");
  });

  test("a goal of another user cannot be completed", async ({ page, user, browser }) => {
    const description = `Owner's goal ${Date.now().toString(36)}`;
    const timeZone = userTimeZoneOf(user.email);
    const [goalId] = seedGoals(user.email, [
      { description, dueDate: localDaysAgo(1, timeZone) },
    ]) as [number];

    const context = await browser.newContext();
    try {
      const other = await context.newPage();
      await register(other, uniqueEmail("intruder"));
      const response = await other.request.post("/dashboard", {
        form: { intent: "complete", goalId: String(goalId) },
      });
      // The post lands back on the intruder's own dashboard with the failure toast.
      expect(response.ok()).toBe(true);
      expect(new URL(response.url()).pathname).toBe("/dashboard");
      expect(await response.text()).toContain("Failed to complete goal. Please try again.");
    } finally {
      await context.close();
    }

    expect(goalById(goalId)?.completedAt).toBeNull();
    await page.goto("/dashboard");
    const row = goalRow(page, description);
    await expect(row.getByText("Missed", { exact: true })).toBeVisible();
    await expect(row.getByRole("button", { name: `Done: ${description}` })).toBeVisible();
    await expect(page.getByTestId("stat-completion-rate")).toHaveText("0%");
  });
});

test("the coach's note is the day's: shown once above today's goals, gone after undo", async ({
  page,
  user,
}) => {
  markPhoneVerified(user.email);
  await openDevPhone(page, phoneOf(user.email));
  await textAsPhone(page, "1. Run 5k 2. Read 20 pages 3. Call mom");
  await textAsPhone(page, "did 1 and 2");
  await page.goto("/dashboard");
  const note = page.getByTestId("day-note");
  await expect(note).toHaveCount(1);
  await expect(note).not.toBeEmpty();
  // The confirmation said "2 of 3"; the note does not say it again, and no goal row repeats it.
  await expect(note).not.toContainText("2 of 3");
  await expect(page.getByTestId("goal-feedback")).toHaveCount(0);
  await expect(todayList(page)).toContainText("Call mom");

  await openDevPhone(page, phoneOf(user.email));
  await textAsPhone(page, "undo");
  await page.goto("/dashboard");
  await expect(todayList(page)).toContainText("Run 5k");
  await expect(page.getByTestId("day-note")).toHaveCount(0);
});
