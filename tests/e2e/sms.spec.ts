import sharp from "sharp";
import type { Page } from "@playwright/test";
import {
  ONE_PIXEL_PNG,
  devPhoneTexts,
  expect,
  markPhoneVerified,
  openDevPhone,
  phoneOf,
  register,
  test,
  textAsPhone,
  toast,
  uniqueEmail,
} from "./fixtures";

const MORNING_QUESTION = "What are your goals for today?";
const CODE_TEXT = /verification code is (\d{6})/;

async function openPhoneSettings(page: Page) {
  await page.goto("/settings/phone");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
}

/** The API's "send now" call for a question, as the signed-in user (the page's cookies). */
function sendNow(page: Page, question: "morning" | "evening") {
  return page.request.post(`/api/mock/send-${question}-sms`, { data: {} });
}

function todayGoal(page: Page, description: string) {
  return page
    .getByRole("list", { name: "Today's Goals" })
    .getByRole("listitem")
    .filter({ hasText: description });
}

async function openDashboard(page: Page) {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
}

/** A 6-digit code that is not `code`. */
function wrongCode(code: string) {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

test.describe("the SMS loop", () => {
  test("verify the phone, set goals by text, check in with a photo and see the proof", async ({
    page,
    user,
    browser,
    playwright,
  }) => {
    // Five stages, each a few page loads: more than one short test's worth of time.
    test.slow();
    const phone = phoneOf(user.email);

    await test.step("verify the phone with the code texted to it", async () => {
      await openPhoneSettings(page);
      await expect(page.getByTestId("phone-verified-state")).toHaveText("Not verified");
      const verification = page.getByTestId("phone-verification");
      await verification.getByRole("button", { name: "Verify phone" }).click();
      await expect(toast(page)).toContainText("Verification code sent");
      await expect(page.getByLabel("Verification code")).toBeVisible();

      await openDevPhone(page, phone);
      const codeText = devPhoneTexts(page, "received").last();
      await expect(codeText).toContainText(CODE_TEXT);
      const code = CODE_TEXT.exec((await codeText.textContent()) ?? "")![1]!;

      await openPhoneSettings(page);
      await page.getByLabel("Verification code").fill(wrongCode(code));
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      // The field says it; the toast comes with JavaScript only.
      await expect(page.getByLabel("Verification code")).toHaveAccessibleDescription(
        /The verification code you entered is invalid\./,
      );
      await expect(page.getByTestId("phone-verified-state")).toHaveText("Not verified");

      await page.getByLabel("Verification code").fill(code);
      await page.getByRole("button", { name: "Verify", exact: true }).click();
      await expect(toast(page)).toContainText("Phone verified");
      await expect(page.getByTestId("phone-verified-state")).toHaveText("Verified");
      await expect(page.getByTestId("phone-verification")).toHaveCount(0);
    });

    await test.step("get the morning question", async () => {
      const response = await sendNow(page, "morning");
      expect(response.status()).toBe(200);
      expect(await response.json()).toMatchObject({ sent: true });

      await openDevPhone(page, phone);
      await expect(devPhoneTexts(page, "received").last()).toContainText(MORNING_QUESTION);
    });

    await test.step("answer it from the phone and see the goals on the dashboard", async () => {
      await textAsPhone(page, "1. Run 5k 2. Read 30 pages");
      await expect(devPhoneTexts(page, "received").last()).toContainText(
        "Got it: 2 goals for today: 1) Run 5k 2) Read 30 pages",
      );

      await openDashboard(page);
      await expect(todayGoal(page, "Run 5k")).toHaveCount(1);
      await expect(todayGoal(page, "Read 30 pages")).toHaveCount(1);
    });

    await test.step("answer the evening check-in with a photo", async () => {
      const response = await sendNow(page, "evening");
      expect(response.status()).toBe(200);
      expect(await response.json()).toMatchObject({ sent: true });

      await openDevPhone(page, phone);
      const question = devPhoneTexts(page, "received").last();
      await expect(question).toContainText("Evening check-in");
      await expect(question).toContainText("1) Run 5k 2) Read 30 pages");

      await textAsPhone(page, "1", {
        name: "proof.png",
        mimeType: "image/png",
        buffer: ONE_PIXEL_PNG,
      });
      await expect(devPhoneTexts(page, "sent").last()).toContainText("[1 photo]");
      // One answer: the count, then the coach's feedback (the trial includes AI feedback).
      const answer = devPhoneTexts(page, "received").filter({
        hasText: "Nice work! 1 of 2 done today. Done: Run 5k.",
      });
      await expect(answer).toHaveCount(1);
      await expect(answer).toContainText("Great work today! Your 1-day streak is growing.");
      await expect(devPhoneTexts(page, "received").last()).toContainText(
        "Done: Run 5k. Streak: 1 day. Great work today! Your 1-day streak is growing.",
      );
      await expect(
        devPhoneTexts(page, "received").filter({ hasText: "Great work today!" }),
      ).toHaveCount(1);
    });

    await test.step("the dashboard shows the goal completed with its proof", async () => {
      await openDashboard(page);
      const done = todayGoal(page, "Run 5k");
      await expect(done.getByText("Completed", { exact: true })).toBeVisible();
      // The coach's note is the day's: once, above the list, not on the goal's row.
      await expect(page.getByTestId("day-note")).toHaveText(
        "Great work today! Your 1-day streak is growing.",
      );
      await expect(done).not.toContainText("Great work today!");
      await expect(done.getByRole("button", { name: "Undo: Run 5k" })).toBeVisible();
      const open = todayGoal(page, "Read 30 pages");
      await expect(open.getByText(/^(Pending|Overdue)$/)).toBeVisible();
      await expect(open.getByRole("link", { name: /Proof photo/ })).toHaveCount(0);

      const proof = done.getByRole("link", { name: "Proof photo 1" });
      await expect(proof).toHaveAttribute("href", /^\/media\/[A-Za-z0-9_-]+$/);
      const href = (await proof.getAttribute("href"))!;

      const mine = await page.request.get(href);
      expect(mine.status()).toBe(200);
      expect(mine.headers()["content-type"]).toBe("image/png");
      // The photo as kept: re-encoded without its metadata, the same picture.
      const kept = await sharp(await mine.body()).metadata();
      expect(kept).toMatchObject({ format: "png", width: 1, height: 1 });
      // The page shows a thumbnail made by the server; the link opens the photo itself.
      const thumbnail = proof.getByRole("img");
      await expect(thumbnail).toHaveAttribute("src", `${href}?size=thumb`);
      const thumb = await page.request.get(`${href}?size=thumb`);
      expect(thumb.status()).toBe(200);
      expect(thumb.headers()["content-type"]).toBe("image/webp");
      expect(thumb.headers()["cache-control"]).toMatch(/^private/);

      // Another signed-in user, and nobody at all, get the same 404 as for an id that does not exist.
      const otherContext = await browser.newContext();
      try {
        const otherPage = await otherContext.newPage();
        await register(otherPage, uniqueEmail("ot"));
        const theirs = await otherPage.request.get(href);
        expect(theirs.status()).toBe(404);
        expect((await otherPage.request.get(`${href}?size=thumb`)).status()).toBe(404);
      } finally {
        await otherContext.close();
      }
      const anonymous = await playwright.request.newContext({
        baseURL: new URL(page.url()).origin,
      });
      try {
        expect((await anonymous.get(href)).status()).toBe(404);
        expect((await anonymous.get(`${href}?size=thumb`)).status()).toBe(404);
      } finally {
        await anonymous.dispose();
      }
    });
  });

  test("STOP stops the texts with one confirmation; START opts back in", async ({ page, user }) => {
    markPhoneVerified(user.email);
    const phone = phoneOf(user.email);
    const received = () => devPhoneTexts(page, "received");

    const first = await sendNow(page, "morning");
    expect(first.status()).toBe(200);
    await openDevPhone(page, phone);
    await expect(received()).toHaveCount(1);
    await expect(received().last()).toContainText(MORNING_QUESTION);

    await textAsPhone(page, "STOP");
    await expect(received()).toHaveCount(2);
    await expect(received().last()).toContainText("unsubscribed");
    await expect(page.getByText(/opted out \(STOP\)/)).toBeVisible();

    const refused = await sendNow(page, "morning");
    expect(refused.status()).toBe(409);
    expect(await refused.json()).toMatchObject({ sent: false, reason: "opted_out" });
    await openDevPhone(page, phone);
    await expect(received()).toHaveCount(2);
    await expect(received().last()).toContainText("unsubscribed");

    await textAsPhone(page, "START");
    await expect(received()).toHaveCount(3);
    await expect(received().last()).toContainText("subscribed again");
    await expect(page.getByText(/opted out \(STOP\)/)).toHaveCount(0);

    const again = await sendNow(page, "morning");
    expect(again.status()).toBe(200);
    expect(await again.json()).toMatchObject({ sent: true });
    await openDevPhone(page, phone);
    await expect(received()).toHaveCount(4);
    await expect(received().last()).toContainText(MORNING_QUESTION);
  });

  test("an unverified number gets no morning question", async ({ page, user }) => {
    const response = await sendNow(page, "morning");
    expect(response.status()).toBe(409);
    expect(await response.json()).toMatchObject({ sent: false, reason: "unverified" });

    await openDevPhone(page, phoneOf(user.email));
    await expect(page.getByText("This number has no texts yet.")).toBeVisible();
    await expect(devPhoneTexts(page)).toHaveCount(0);
  });
});
