import type { Page } from "@playwright/test";
import {
  chatMessages,
  devPhoneTexts,
  expect,
  markPhoneVerified,
  openDevPhone,
  phoneOf,
  sendInChat,
  test,
  textAsPhone,
} from "./fixtures";

// The question back is remembered in the database: asked by SMS, it is answered in the web chat.

function todayRow(page: Page, description: string) {
  return page
    .getByRole("list", { name: "Today's Goals" })
    .getByTestId("goal-row")
    .filter({ has: page.getByText(description, { exact: true }) });
}

test("a question asked by text is answered in the web chat: 'both lol' marks both", async ({
  page,
  user,
}) => {
  markPhoneVerified(user.email);
  await openDevPhone(page, phoneOf(user.email));
  await textAsPhone(page, "1. call mom 2. floss daily 3. floss");
  await textAsPhone(page, "called mom, flossed");
  await expect(devPhoneTexts(page, "received").last()).toContainText(
    "Got it. Done: call mom. Which one did you mean: 2) floss daily or 3) floss?",
  );

  await page.goto("/messages");
  await sendInChat(page, "both lol");
  const answers = chatMessages(page, "system");
  await expect(answers.last()).toContainText("Done: floss daily, floss.");

  await page.goto("/dashboard");
  for (const goal of ["call mom", "floss daily", "floss"])
    await expect(todayRow(page, goal)).toContainText("Completed");
});
