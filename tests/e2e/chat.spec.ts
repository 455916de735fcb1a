import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import {
  ONE_PIXEL_PNG,
  chatInput,
  chatMessages,
  expect,
  markPhoneVerified,
  openDevPhone,
  phoneOf,
  sendInChat,
  test,
  textAsPhone,
  localDaysAgo,
  userIdOf,
  userTimeZoneOf,
  withDatabase,
} from "./fixtures";

const EMPTY = "No messages yet. Start a conversation!";

async function openChat(page: Page) {
  await page.goto("/messages");
  await expect(page.getByRole("heading", { level: 1, name: "SMS Conversation" })).toBeVisible();
}

function summary(page: Page) {
  return page.getByTestId("chat-summary");
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Stores messages for the user directly, with optional photos. */
function storeMessages(
  email: string,
  rows: { body: string; fromSystem?: boolean; at: Date; photos?: Buffer[] }[],
) {
  const userId = userIdOf(email);
  withDatabase((db) => {
    const insertMedia = db.prepare(
      "insert into media (id, user_id, file_name, content_type, size, data, created_at) values (?, ?, ?, 'image/png', ?, ?, ?)",
    );
    const insertMessage = db.prepare(
      "insert into messages (user_id, from_system, body, media_urls, source, created_at) values (?, ?, ?, ?, 'web', ?)",
    );
    for (const row of rows) {
      const at = row.at.getTime();
      const urls = (row.photos ?? []).map((data, i) => {
        const id = randomBytes(16).toString("base64url");
        insertMedia.run(id, userId, `photo-${i + 1}.png`, data.byteLength, data, at);
        return `/media/${id}`;
      });
      insertMessage.run(userId, row.fromSystem ? 1 : 0, row.body, JSON.stringify(urls), at);
    }
  });
}

/** Messages stored for the user, whoever wrote them. */
function storedMessageCount(email: string) {
  const userId = userIdOf(email);
  return withDatabase(
    (db) =>
      db
        .prepare<[number], { n: number }>("select count(*) as n from messages where user_id = ?")
        .get(userId)?.n ?? 0,
  );
}

function todayGoal(page: Page, description: string) {
  return page
    .getByRole("list", { name: "Today's Goals" })
    .getByRole("listitem")
    .filter({ hasText: description });
}

/** Types a message in the chat box and sends it with the Send button; the answer is on the page after. */
async function sendWithButton(page: Page, text: string) {
  const before = await chatMessages(page).count();
  await sendInChat(page, text);
  await expect(chatMessages(page)).toHaveCount(before + 2);
}

test.describe("web chat", () => {
  test("a new user has an empty conversation", async ({ page, user }) => {
    await openChat(page);
    await expect(page.getByText(EMPTY)).toBeVisible();
    await expect(chatMessages(page)).toHaveCount(0);
    await expect(chatInput(page)).toHaveAttribute("placeholder", "Type your message...");
    await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Download" })).toBeVisible();
    await expect(summary(page)).toHaveCount(0);
    expect(storedMessageCount(user.email)).toBe(0);
  });

  test("a message goes through the coach: both show, the box clears, the goal is set", async ({
    page,
    user,
    javaScriptEnabled,
  }) => {
    await openChat(page);
    await chatInput(page).fill("goal: Drink water");
    // Enter submits the form with JavaScript (and natively without); Send is used without it.
    if (javaScriptEnabled) await chatInput(page).press("Enter");
    else await page.getByRole("button", { name: "Send", exact: true }).click();

    await expect(chatMessages(page)).toHaveCount(2);
    await expect(page.getByText(EMPTY)).toHaveCount(0);
    const mine = chatMessages(page, "user");
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText("goal: Drink water");
    await expect(mine).toHaveClass(/justify-end/);
    await expect(mine.getByTestId("source-badge")).toHaveText("WEB");
    await expect(mine.locator("time")).toHaveText(/^\d{1,2}:\d{2} (AM|PM)$/);

    const coach = chatMessages(page, "system");
    await expect(coach).toHaveCount(1);
    await expect(coach).toContainText("Got it: 1 goal for today: 1) Drink water");
    await expect(coach).toHaveClass(/justify-start/);
    await expect(coach.getByTestId("source-badge")).toHaveCount(0);
    await expect(coach.locator("time")).toHaveText(/^\d{1,2}:\d{2} (AM|PM)$/);
    // The user's message comes first within the day (oldest first).
    await expect(chatMessages(page).first()).toHaveAttribute("data-side", "user");

    const days = page.getByTestId("chat-day");
    await expect(days).toHaveCount(1);
    await expect(days.getByRole("heading", { level: 2 })).toHaveText(/^Today - \w+day, /);
    await expect(summary(page)).toContainText("Showing 1 to 1 of 1 day");
    await expect(chatInput(page)).toHaveValue("");

    // The Send button, with and without JavaScript; with it, typing goes on in the box (desktop).
    await sendWithButton(page, "goal: Stretch");
    if (javaScriptEnabled) await expect(chatInput(page)).toBeFocused();
    await expect(chatMessages(page, "user").last()).toContainText("goal: Stretch");
    await expect(chatMessages(page, "system").last()).toContainText(
      "Got it: 2 goals for today: 1) Drink water 2) Stretch",
    );
    await expect(chatInput(page)).toHaveValue("");
    await expect(summary(page)).toContainText("Showing 1 to 1 of 1 day");
    expect(storedMessageCount(user.email)).toBe(4);

    await page.goto("/dashboard");
    await expect(todayGoal(page, "Drink water")).toHaveCount(1);
    await expect(todayGoal(page, "Stretch")).toHaveCount(1);
  });

  test("a blank message sends nothing and marks the box", async ({
    page,
    user,
    javaScriptEnabled,
  }) => {
    await openChat(page);
    for (const blank of ["", "   "]) {
      await chatInput(page).fill(blank);
      const send = page.getByRole("button", { name: "Send", exact: true });
      // Without JavaScript the form posts: wait for the page it answers.
      if (javaScriptEnabled) await send.click();
      else await Promise.all([page.waitForEvent("load"), send.click()]);
      await expect(chatInput(page)).toHaveAttribute("aria-invalid", "true");
      await expect(chatInput(page)).toHaveAccessibleDescription("Type a message to send");
      await expect(page.getByText(EMPTY)).toBeVisible();
      await expect(chatMessages(page)).toHaveCount(0);
    }
    expect(storedMessageCount(user.email)).toBe(0);

    // A real message afterwards: exactly it and its answer, nothing from the blank ones.
    await sendWithButton(page, "goal: Drink water");
    await expect(chatMessages(page)).toHaveCount(2);
    expect(storedMessageCount(user.email)).toBe(2);
  });

  test("'Download' exports the conversation as CSV", async ({ page, user, javaScriptEnabled }) => {
    await openChat(page);
    await sendWithButton(page, "goal: Drink water");

    const link = page.getByRole("link", { name: "Download" });
    await expect(link).toHaveAttribute("href", "/messages/export.csv");
    let csv: string;
    if (javaScriptEnabled) {
      const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
      expect(file.suggestedFilename()).toMatch(/^streakcoach-conversation-\d{4}-\d{2}-\d{2}\.csv$/);
      const chunks: Buffer[] = [];
      for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
      csv = Buffer.concat(chunks).toString("utf8");
    } else {
      const response = await page.request.get((await link.getAttribute("href"))!);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/^text\/csv/);
      expect(response.headers()["content-disposition"]).toMatch(
        /^attachment; filename="streakcoach-conversation-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      csv = await response.text();
    }

    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(1 + storedMessageCount(user.email));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe("date,time,from,channel,text,images");
    expect(lines[1]).toMatch(
      /^\d{4}-\d{2}-\d{2},\d{1,2}:\d{2} (AM|PM),You,Web,goal: Drink water,$/,
    );
    expect(lines[2]).toMatch(
      /^\d{4}-\d{2}-\d{2},\d{1,2}:\d{2} (AM|PM),StreakCoach,Web,"?Got it: 1 goal for today: 1\) Drink water/,
    );
  });

  test("a texted message shows with an SMS badge and its photo", async ({ page, user }) => {
    markPhoneVerified(user.email);
    await openDevPhone(page, phoneOf(user.email));
    await textAsPhone(page, "goal: Stretch", {
      name: "stretch.png",
      mimeType: "image/png",
      buffer: ONE_PIXEL_PNG,
    });

    await openChat(page);
    await expect(chatMessages(page)).toHaveCount(2);
    const texted = chatMessages(page, "user");
    await expect(texted).toContainText("goal: Stretch");
    await expect(texted.getByTestId("source-badge")).toHaveText("SMS");
    const image = texted.getByRole("link", { name: "[Image: photo-1.png]" });
    await expect(image).toHaveAttribute("href", /^\/media\/[A-Za-z0-9_-]+$/);
    // A thumbnail made by the server, opening the photo itself.
    const href = (await image.getAttribute("href"))!;
    const thumbnail = image.getByRole("img", { name: "[Image: photo-1.png]" });
    await expect(thumbnail).toHaveAttribute("src", `${href}?size=thumb`);
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(1);
    const thumb = await page.request.get(`${href}?size=thumb`);
    expect(thumb.headers()["content-type"]).toBe("image/webp");
    await expect(chatMessages(page, "system")).toContainText(
      "Got it: 1 goal for today: 1) Stretch",
    );
    await expect(summary(page)).toContainText("Showing 1 to 1 of 1 day");
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the chat opens at the newest message, and a send keeps the answer in view", async ({
    page,
    user,
  }) => {
    storeMessages(
      user.email,
      Array.from({ length: 20 }, (_, i) => ({
        body: `Message number ${i + 1}`,
        fromSystem: i % 2 === 1,
        at: minutesAgo(40 - i),
      })),
    );
    await openChat(page);
    // Oldest first, newest last, and the page opens there, with the box under it.
    await expect(chatMessages(page).first()).toContainText("Message number 1");
    await expect(chatMessages(page).last()).toContainText("Message number 20");
    await expect(chatMessages(page).last()).toBeInViewport();
    await expect(chatMessages(page).first()).not.toBeInViewport();
    await expect(chatInput(page)).toBeInViewport();

    await sendInChat(page, "goal: Walk the dog");
    const answer = chatMessages(page, "system").last();
    await expect(answer).toContainText("Got it: 1 goal for today: 1) Walk the dog");
    await expect(chatMessages(page).last()).toHaveAttribute("data-side", "system");
    await expect(chatMessages(page, "user").last()).toContainText("goal: Walk the dog");
    await expect(chatMessages(page, "user").last()).toBeInViewport();
    await expect(answer).toBeInViewport();
    await expect(chatInput(page)).toBeInViewport();
    await expect(page).toHaveURL(/\/messages#latest$/);

    // Scrolled up and sending again: the thread comes back down to the answer.
    await chatMessages(page).first().scrollIntoViewIfNeeded();
    await expect(answer).not.toBeInViewport();
    await sendInChat(page, "goal: Call mom");
    // The answer lists the whole day.
    await expect(chatMessages(page).last()).toContainText(
      "Got it: 2 goals for today: 1) Walk the dog 2) Call mom",
    );
    await expect(chatMessages(page).last()).toBeInViewport();
    await expect(chatMessages(page, "user").last()).toBeInViewport();
  });

  test("'Earlier messages' at the top of the thread opens the days before, at their newest", async ({
    page,
    user,
  }) => {
    // Nine days with two messages each: seven on the first page, two behind 'Earlier messages'.
    const timeZone = userTimeZoneOf(user.email);
    storeMessages(
      user.email,
      Array.from({ length: 9 }, (_, day) => {
        const noon = localDaysAgo(day, timeZone);
        return [
          { body: `Question ${day}`, fromSystem: true, at: noon },
          { body: `Answer ${day}`, at: new Date(noon.getTime() + 60_000) },
        ];
      }).flat(),
    );
    await openChat(page);
    await expect(page.getByTestId("chat-day")).toHaveCount(7);
    await expect(summary(page)).toHaveText("Showing 1 to 7 of 9 days");
    await expect(chatMessages(page).last()).toContainText("Answer 0");
    await expect(chatMessages(page).last()).toBeInViewport();
    await expect(page.getByRole("link", { name: "Later messages" })).toHaveCount(0);

    const earlier = page.getByRole("link", { name: "Earlier messages" });
    await expect(earlier).toHaveAttribute("href", "/messages?page=2");
    await earlier.click();
    await expect(page).toHaveURL(/\/messages\?page=2$/);
    await expect(summary(page)).toHaveText("Showing 8 to 9 of 9 days");
    await expect(page.getByTestId("chat-day")).toHaveCount(2);
    await expect(chatMessages(page).first()).toContainText("Question 8");
    await expect(chatMessages(page).last()).toContainText("Answer 7");
    await expect(chatMessages(page).last()).toBeInViewport();
    await expect(page.getByRole("link", { name: "Earlier messages" })).toHaveCount(0);

    await page.getByRole("link", { name: "Later messages" }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(chatMessages(page).last()).toContainText("Answer 0");
    await expect(chatMessages(page).last()).toBeInViewport();
  });

  test("a day of long texts is read in parts: 'Earlier messages' opens the texts before these", async ({
    page,
    user,
  }) => {
    // 30 texts of SMS's longest: more than one part of the page holds (PAGE_TEXT_BUDGET).
    const timeZone = userTimeZoneOf(user.email);
    const noon = localDaysAgo(0, timeZone);
    storeMessages(
      user.email,
      Array.from({ length: 30 }, (_, n) => ({
        body: `Text ${n} `.padEnd(1_600, "so much to say "),
        fromSystem: n % 2 === 1,
        at: new Date(noon.getTime() - (30 - n) * 60_000),
      })),
    );
    await openChat(page);
    await expect(summary(page)).toHaveText("Showing 1 to 1 of 1 day");
    await expect(chatMessages(page).last()).toContainText("Text 29 ");
    await expect(chatMessages(page).first()).not.toContainText("Text 0 ");

    const earlier = page.getByRole("link", { name: "Earlier messages" });
    await expect(earlier).toHaveAttribute("href", /^\/messages\?before=\d+$/);
    await earlier.click();
    await expect(page).toHaveURL(/\/messages\?before=\d+$/);
    await expect(chatMessages(page).first()).toContainText("Text 0 ");
    await expect(page.getByText("Text 29 ")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Earlier messages" })).toHaveCount(0);

    await page.getByRole("link", { name: "Later messages" }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(chatMessages(page).last()).toContainText("Text 29 ");
  });

  test("photos show as thumbnails that open the photo, in dark mode too", async ({
    page,
    user,
  }) => {
    storeMessages(user.email, [
      {
        body: "Proof of the run",
        at: minutesAgo(5),
        photos: [ONE_PIXEL_PNG, Buffer.from("broken")],
      },
      { body: "Nice work!", fromSystem: true, at: minutesAgo(4) },
    ]);
    await page.goto("/faq");
    await page.getByRole("contentinfo").getByRole("button", { name: "Dark" }).click();
    await expect(page.locator("html")).toHaveClass("dark");
    await openChat(page);

    const photos = chatMessages(page, "user").getByRole("link");
    await expect(photos).toHaveCount(2);
    for (const [i, link] of (await photos.all()).entries()) {
      const href = (await link.getAttribute("href"))!;
      expect(href).toMatch(/^\/media\/[A-Za-z0-9_-]+$/);
      const img = link.getByRole("img", { name: `[Image: photo-${i + 1}.png]` });
      await expect(img).toHaveAttribute("src", `${href}?size=thumb`);
      await expect
        .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth))
        .toBeGreaterThan(0);
    }
    // The file that is no image shows the server's 'No preview' picture, not a broken image.
    const broken = (await photos.nth(1).getAttribute("href"))!;
    const placeholder = await page.request.get(`${broken}?size=thumb`);
    expect(placeholder.status()).toBe(200);
    expect(placeholder.headers()["content-type"]).toBe("image/svg+xml");
  });
});
