import type { Page } from "@playwright/test";
import {
  chatMessages,
  expect,
  markPhoneVerified,
  openDevPhone,
  phoneOf,
  seedGoals,
  sendInChat,
  test,
  textAsPhone,
  devPhoneTexts,
  toast,
  userTimeZoneOf,
  withDatabase,
} from "./fixtures";

// Changes can be taken back: a goal deleted on the dashboard from the toast's Undo (a plain form,
// with JavaScript on and off), a change by text with "undo"; every change by text is echoed.

function row(page: Page, description: string) {
  return page.getByRole("list", { name: "Today's Goals" }).getByTestId("goal-row").filter({
    hasText: description,
  });
}

function storedGoal(id: number) {
  return withDatabase((db) =>
    db
      .prepare<[number], { description: string; completed_at: number | null }>(
        "select description, completed_at from goals where id = ?",
      )
      .get(id),
  );
}

/** Today's goals due in an hour (or at the day's last minute), the first one already done. */
function seedToday(email: string, descriptions: string[]) {
  const dayOf = new Intl.DateTimeFormat("en-CA", {
    timeZone: userTimeZoneOf(email),
    dateStyle: "short",
  });
  const today = dayOf.format(Date.now());
  let latest = Date.now();
  while (latest < Date.now() + 3600_000 && dayOf.format(latest + 60_000) === today)
    latest += 60_000;
  const due = new Date(Math.floor(latest / 60_000) * 60_000);
  return seedGoals(
    email,
    descriptions.map((description, i) => ({
      description,
      dueDate: due,
      createdAt: new Date(),
      completedAt: i === 0 ? new Date() : undefined,
    })),
  );
}

test("a deleted goal comes back, done as it was, from the toast's Undo; delete asks nothing", async ({
  page,
  user,
}) => {
  markPhoneVerified(user.email);
  const [taxesId] = seedToday(user.email, ["Taxes", "Gym"]);
  await page.goto("/dashboard");
  await expect(row(page, "Taxes")).toContainText("Completed");

  const taxes = row(page, "Taxes");
  await taxes.getByRole("link", { name: "Edit: Taxes" }).click();
  await taxes.getByRole("button", { name: "Delete" }).click();
  await expect(toast(page)).toContainText("Goal deleted");
  await expect(toast(page)).toContainText('"Taxes" is gone from your list.');
  await expect(row(page, "Taxes")).toHaveCount(0);
  expect(storedGoal(taxesId!)).toBeUndefined();

  await toast(page).getByRole("button", { name: "Undo" }).click();
  await expect(toast(page)).toContainText("Goal restored");
  await expect(row(page, "Taxes")).toContainText("Completed");
  await expect(row(page, "Gym")).toHaveCount(1);
  expect(storedGoal(taxesId!)).toMatchObject({ description: "Taxes" });
  expect(storedGoal(taxesId!)!.completed_at).not.toBeNull();
  await expect(toast(page).getByRole("button", { name: "Undo" })).toHaveCount(0);
});

test("a change by text is echoed in plain words, and 'undo' takes it back", async ({
  page,
  user,
}) => {
  markPhoneVerified(user.email);
  const phone = phoneOf(user.email);
  await openDevPhone(page, phone);
  await textAsPhone(page, "1. Run 5k 2. Read 20 pages 3. Call mom");
  await textAsPhone(page, "did 1, skipped 2, 3 tomorrow");
  // The one answer, the coach's note in it after the echo.
  await expect(
    devPhoneTexts(page, "received").filter({
      hasText:
        "Nice work! 1 of 2 done today. Done: Run 5k. Skipped: Read 20 pages. Moved to tomorrow: Call mom.",
    }),
  ).toHaveCount(1);
  await textAsPhone(page, "undo");
  await expect(devPhoneTexts(page, "received").filter({ hasText: "Undone:" })).toContainText(
    "Undone: your check-in (done: Run 5k; skipped: Read 20 pages; moved to tomorrow: Call mom). Today: 1) Run 5k 2) Read 20 pages 3) Call mom",
  );

  await page.goto("/messages");
  await sendInChat(page, "remove 2");
  const answers = chatMessages(page, "system");
  await expect(answers.last()).toContainText('Removed "Read 20 pages".');
  await sendInChat(page, "undo");
  await expect(answers.last()).toContainText('Undone: removed "Read 20 pages".');
  await page.goto("/dashboard");
  await expect(row(page, "Read 20 pages")).toHaveCount(1);
});
