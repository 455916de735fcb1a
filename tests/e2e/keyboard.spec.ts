import type { Locator, Page } from "@playwright/test";
import { expect, PASSWORD, test, toast, uniqueEmail, uniquePhone } from "./fixtures";

// The main flows with the keyboard alone: Tab to move, type, Space to tick, Enter to act. No clicks.

/** Presses Tab until `target` has the focus; fails if it is never reached. */
async function tabTo(page: Page, target: Locator, limit = 80) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${target}`);
}

test("sign up, add a goal, complete it and send a chat message with the keyboard only", async ({
  page,
}) => {
  const email = uniqueEmail("kb");

  await test.step("sign up", async () => {
    await page.goto("/register");
    await tabTo(page, page.getByLabel("Email"));
    await page.keyboard.type(email);
    await tabTo(page, page.getByLabel("Password"));
    await page.keyboard.type(PASSWORD);
    await tabTo(page, page.getByLabel("Phone number"));
    await page.keyboard.type(uniquePhone());
    await tabTo(
      page,
      page.getByRole("checkbox", { name: /I agree to receive recurring automated/ }),
    );
    await page.keyboard.press("Space");
    await tabTo(page, page.getByRole("button", { name: "Create account" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page)).toContainText("Registration successful");
  });

  await test.step("add a goal", async () => {
    await tabTo(page, page.getByRole("link", { name: "New Goal" }));
    await page.keyboard.press("Enter");
    const description = page.getByLabel("What's your goal?");
    await tabTo(page, description);
    await page.keyboard.type("Stretch for ten minutes");
    await page.keyboard.press("Enter");
    await expect(toast(page)).toContainText("Goal created!");
    await expect(page.getByRole("list", { name: "Today's Goals" })).toContainText(
      "Stretch for ten minutes",
    );
  });

  await test.step("complete it", async () => {
    await tabTo(page, page.getByRole("button", { name: "Done: Stretch for ten minutes" }));
    await page.keyboard.press("Enter");
    await expect(toast(page)).toContainText("Goal completed!");
    await expect(page.getByTestId("stat-current-streak")).toHaveText("1 day");
  });

  await test.step("send a chat message", async () => {
    await tabTo(page, page.getByRole("link", { name: "Messages" }).first());
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/messages$/);
    await tabTo(page, page.getByPlaceholder("Type your message..."));
    await page.keyboard.type("list");
    await page.keyboard.press("Enter");
    await expect(
      page.getByTestId("chat-message").filter({ hasText: "list" }).first(),
    ).toBeVisible();
    await expect(page.getByTestId("chat-message").last()).toContainText("Stretch for ten minutes");
  });
});
