import type { Locator, Page } from "@playwright/test";
import {
  describeOnPhone,
  devPhoneTexts,
  expect,
  markPhoneVerified,
  openDevPhone,
  phoneOf,
  seedGoals,
  test,
  toast,
  userTimeZoneOf,
  withDatabase,
} from "./fixtures";

// The dashboard's first screen: what happens next, and today's goals kept with one tap. Run on a
// phone viewport (this file) and desktop (the other describe), with JavaScript on and off.

const CODE_TEXT = /verification code is (\d{6})/;

function row(page: Page, description: string): Locator {
  return page.getByRole("list", { name: "Today's Goals" }).getByTestId("goal-row").filter({
    hasText: description,
  });
}

function goalRow(id: number) {
  return withDatabase((db) =>
    db
      .prepare<
        [number],
        {
          description: string;
          due_date: number;
          completed_at: number | null;
          skipped_at: number | null;
        }
      >("select description, due_date, completed_at, skipped_at from goals where id = ?")
      .get(id),
  );
}

/** Goals due later today in the user's own zone (at the latest, the last minute of that day). */
function seedToday(email: string, descriptions: string[]) {
  const latest = Math.min(Date.now() + 60 * 60_000, lastMinuteOfLocalDay(userTimeZoneOf(email)));
  // On a whole minute, as a due time chosen in a form or a text is.
  const due = new Date(Math.floor(latest / 60_000) * 60_000);
  return seedGoals(
    email,
    descriptions.map((description) => ({ description, dueDate: due, createdAt: new Date() })),
  );
}

function lastMinuteOfLocalDay(timeZone: string) {
  const dayOf = new Intl.DateTimeFormat("en-CA", { timeZone, dateStyle: "short" });
  const today = dayOf.format(Date.now());
  let last = Date.now();
  while (dayOf.format(last + 60_000) === today) last += 60_000;
  return last;
}

describeOnPhone("on a phone", () => {
  test("a new user verifies the phone right on the dashboard and sees when the next text comes", async ({
    page,
    user,
    javaScriptEnabled,
  }) => {
    await page.goto("/dashboard");
    const card = page.getByTestId("today-card");
    await expect(
      card.getByRole("heading", { name: "Verify your phone to start getting texts" }),
    ).toBeVisible();
    await expect(card).toBeInViewport();
    await card.getByRole("button", { name: "Text me a code" }).click();
    await expect(toast(page)).toContainText("Verification code sent");

    const phone = phoneOf(user.email);
    await openDevPhone(page, phone);
    const codeText = devPhoneTexts(page, "received").last();
    await expect(codeText).toContainText(CODE_TEXT);
    const code = CODE_TEXT.exec((await codeText.textContent()) ?? "")![1]!;

    await page.goto("/dashboard");
    // A wrong code marks the field, as every form marks its fields, and the toast says it too.
    const field = card.getByLabel("Code from the text");
    await field.fill(code === "000000" ? "111111" : "000000");
    await card.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(
      "The verification code you entered is invalid. Please try again.",
    );
    if (javaScriptEnabled) await expect(toast(page)).toContainText("Invalid code");

    await field.fill(code);
    await card.getByRole("button", { name: "Verify", exact: true }).click();
    await expect(toast(page)).toContainText("Phone verified");
    const nextText = card.getByRole("heading", {
      name: /^Next text: (Sunday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday) \d{1,2}:\d{2} (AM|PM)$/,
    });
    await expect(nextText).toBeVisible();
    const when = (await nextText.textContent())!.replace("Next text: ", "");

    // The phone is welcomed, and the text and the dashboard agree on when the first question comes.
    await openDevPhone(page, phone);
    const welcome = devPhoneTexts(page, "received").last();
    await expect(welcome).toContainText("StreakCoach: you're all set for goal check-ins");
    await expect(welcome).toContainText(`Your first question comes ${when}`);
    await expect(welcome).toContainText("You can text your goals now");
  });

  test("Done, Skip and Undo are one tap each, keep the goal in view and show the right state", async ({
    page,
    user,
  }) => {
    markPhoneVerified(user.email);
    const [runId, readId] = seedToday(user.email, ["Run 5k", "Read 30 pages", "Call mom"]);
    await page.goto("/dashboard");
    await expect(
      page.getByTestId("today-card").getByRole("heading", { name: /^Next text:/ }),
    ).toBeVisible();
    // Today's goals are on the first screen of a phone.
    await expect(row(page, "Run 5k")).toBeInViewport();

    await row(page, "Read 30 pages").getByRole("button", { name: "Done: Read 30 pages" }).click();
    await expect(row(page, "Read 30 pages").getByText("Completed", { exact: true })).toBeVisible();
    await expect(row(page, "Read 30 pages")).toBeInViewport();
    await expect(toast(page)).toContainText("Goal completed!");
    // With JavaScript the row changes before the server answers: wait for the stored state.
    await expect.poll(() => goalRow(readId!)?.completed_at).not.toBeNull();

    await row(page, "Run 5k").getByRole("button", { name: "Skip: Run 5k" }).click();
    await expect(row(page, "Run 5k").getByText("Skipped", { exact: true })).toBeVisible();
    await expect(row(page, "Run 5k")).toBeInViewport();
    await expect.poll(() => goalRow(runId!)?.skipped_at).not.toBeNull();

    await row(page, "Run 5k").getByRole("button", { name: "Undo: Run 5k" }).click();
    // Open again: pending, or overdue late in the evening when its due time has passed.
    await expect(row(page, "Run 5k").getByText(/^(Pending|Overdue)$/)).toBeVisible();
    await expect(row(page, "Run 5k").getByRole("button", { name: "Done: Run 5k" })).toBeVisible();
    await expect
      .poll(() => goalRow(runId!))
      .toMatchObject({ completed_at: null, skipped_at: null });

    // Today is never red while it runs: a goal is still open, and one is done.
    const todayCell = page.locator("rect[data-day]").last();
    await expect(todayCell).not.toHaveAttribute("fill", /destructive/);
  });

  test("a goal's wording and time are edited, and it is moved to tomorrow or deleted, from the dashboard", async ({
    page,
    user,
  }) => {
    markPhoneVerified(user.email);
    const [editId, moveId, deleteId] = seedToday(user.email, ["Gym", "Dentist", "Taxes"]);
    await page.goto("/dashboard");

    const gym = row(page, "Gym");
    await gym.getByRole("link", { name: "Edit: Gym" }).click();
    await gym.getByLabel("Goal").fill("Gym: legs");
    await gym.getByLabel("Due by").fill("21:30");
    await gym.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("Goal updated");
    await expect(row(page, "Gym: legs")).toBeVisible();
    await expect(row(page, "Gym: legs")).toContainText("9:30 PM");
    expect(goalRow(editId!)?.description).toBe("Gym: legs");

    const dentist = row(page, "Dentist");
    const dueBefore = goalRow(moveId!)!.due_date;
    await dentist.getByRole("link", { name: "Edit: Dentist" }).click();
    await dentist.getByRole("button", { name: "Move to tomorrow" }).click();
    await expect(toast(page)).toContainText("Goal moved");
    await expect(row(page, "Dentist")).toHaveCount(0);
    // Listed under its new day, never among the goals behind the user.
    await expect(
      page.getByRole("list", { name: "Upcoming" }).getByTestId("goal-row").filter({
        hasText: "Dentist",
      }),
    ).toBeVisible();
    await expect(page.getByRole("list", { name: "Previous Goals" })).toHaveCount(0);
    const shift = goalRow(moveId!)!.due_date - dueBefore;
    expect([23, 24, 25].map((h) => h * 3600_000)).toContain(shift);

    const taxes = row(page, "Taxes");
    await taxes.getByRole("link", { name: "Edit: Taxes" }).click();
    await taxes.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText("Goal deleted");
    await expect(row(page, "Taxes")).toHaveCount(0);
    expect(goalRow(deleteId!)).toBeUndefined();
  });

  test("a goal's editor opens from its link, alone in the page, shows a refused wording on it and saves", async ({
    page,
    user,
    javaScriptEnabled,
  }) => {
    markPhoneVerified(user.email);
    const [id] = seedToday(user.email, ["Stretch", "Walk"]);
    await page.goto("/dashboard?range=7d");
    // Closed editors are not in the page at all.
    await expect(page.getByLabel("Goal", { exact: true })).toHaveCount(0);
    // Today's rows say the time alone, and when the goal was set without repeating the day.
    await expect(row(page, "Stretch")).toContainText(
      /Due by \d{1,2}:\d{2} (AM|PM) · Created at \d{1,2}:\d{2} (AM|PM)/,
    );

    await row(page, "Stretch").getByRole("link", { name: "Edit: Stretch" }).click();
    // Without JavaScript the link is the editor's address, the range kept; with it, it opens in place.
    if (!javaScriptEnabled)
      await expect(page).toHaveURL(`/dashboard?range=7d&edit=${id}#goal-${id}`);
    const editor = row(page, "Stretch").getByRole("group", { name: "Edit: Stretch" });
    await expect(editor).toBeVisible();
    await expect(page.getByLabel("Goal", { exact: true })).toHaveCount(1);
    if (javaScriptEnabled) await expect(editor.getByLabel("Goal")).toBeFocused();

    await editor.getByLabel("Goal").fill(" ");
    await editor.getByRole("button", { name: "Save" }).click();
    await expect(editor.getByText("Please enter a goal description")).toBeVisible();
    await expect(editor.getByLabel("Goal")).toHaveAttribute("aria-invalid", "true");
    // The error comes back with what was typed, at the goal (without JavaScript, a new page).
    await expect(editor.getByLabel("Goal")).toHaveValue(" ");
    await expect(editor).toBeInViewport();
    if (!javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`#goal-${id}$`));
    expect(goalRow(id!)?.description).toBe("Stretch");

    await editor.getByLabel("Goal").fill("Stretch for ten minutes");
    await editor.getByLabel("Goal").press("Enter");
    await expect(toast(page)).toContainText("Goal updated");
    await expect(page.getByRole("group", { name: /^Edit: / })).toHaveCount(0);
    await expect(row(page, "Stretch for ten minutes")).toBeVisible();
    expect(goalRow(id!)?.description).toBe("Stretch for ten minutes");
    if (!javaScriptEnabled) await expect(page).toHaveURL(`/dashboard?range=7d#goal-${id}`);

    // Cancel closes the editor and changes nothing.
    await row(page, "Walk").getByRole("link", { name: "Edit: Walk" }).click();
    const walk = row(page, "Walk").getByRole("group", { name: "Edit: Walk" });
    await walk.getByLabel("Goal").fill("Walk the dog");
    await walk.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("group", { name: /^Edit: / })).toHaveCount(0);
    await expect(row(page, "Walk")).not.toContainText("Walk the dog");
    await expect(row(page, "Walk").getByRole("button", { name: "Done: Walk" })).toBeVisible();
    // Closed in place, the focus is back on the link that opened it.
    if (javaScriptEnabled)
      await expect(row(page, "Walk").getByRole("link", { name: "Edit: Walk" })).toBeFocused();
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("Done comes back to the goal without JavaScript and changes it in place with it", async ({
    page,
    user,
    javaScriptEnabled,
  }) => {
    markPhoneVerified(user.email);
    const descriptions = Array.from({ length: 8 }, (_, i) => `Goal number ${i + 1}`);
    const ids = seedToday(user.email, descriptions);
    await page.goto("/dashboard");
    const last = row(page, "Goal number 8");
    await last.scrollIntoViewIfNeeded();
    await last.getByRole("button", { name: "Done: Goal number 8" }).click();
    await expect(last.getByText("Completed", { exact: true })).toBeVisible();
    await expect(last).toBeInViewport();
    if (!javaScriptEnabled) await expect(page).toHaveURL(new RegExp(`#goal-${ids[7]}$`));
    else await expect(page).toHaveURL(/\/dashboard$/);
  });
});
