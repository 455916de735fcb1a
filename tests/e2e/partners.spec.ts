import { expect, test, type Page } from "@playwright/test";
import { devPhoneTexts, openDevPhone, register, textAsPhone, toast, uniqueEmail } from "./fixtures";
import {
  addDays,
  localDayOf,
  runTick,
  stackPerWorker,
  wallClock,
  withDatabase,
} from "./scheduler/stack";

// Coaches and partners end to end: the invitation reaches the partner's phone, nothing else does until
// YES, and the weekly summary goes out on Sunday when `npm run tick -- --at` says it is Sunday.
//
// The tick runs for every account in its database, so this spec has a private server (local
// transport, development phone) on its own database: ports 3260 and 3261, one per worker.

const stackOf = stackPerWorker(3260, { transport: "local" });

const PARTNER_PHONE = "+13125550177";
const TIME_ZONE = "America/Chicago"; // what the sign-up helper chooses

function partnerRow(page: Page) {
  return page.getByRole("list", { name: "Coaches and partners" }).getByRole("listitem");
}

test("a partner is invited by text, says YES, and gets the weekly summary on Sunday", async ({
  browser,
  javaScriptEnabled,
}) => {
  test.setTimeout(180_000);
  const s = stackOf();
  const context = await browser.newContext({ baseURL: s.baseURL, javaScriptEnabled });
  const page = await context.newPage();
  const email = uniqueEmail("pa");
  await register(page, email);
  let summaryLink = "";
  withDatabase(s, (db) =>
    db.prepare("update users set phone_verified_at = ? where email = ?").run(Date.now(), email),
  );

  await test.step("add a coach from Settings", async () => {
    await page.goto("/settings/partners");
    const form = page.locator("form#add-partner");
    await form.getByLabel("Their name").fill("Alex");
    await form.getByLabel("Their mobile number").fill(PARTNER_PHONE.slice(2));
    await form.getByLabel("Role").selectOption({ label: "Coach" });
    await form.getByLabel("Your name in their texts").fill("Sam");
    await expect(form.getByLabel("Every Sunday: my week's summary")).toBeChecked();
    await form.getByRole("button", { name: "Send invitation" }).click();
    await expect(toast(page)).toContainText("Invitation sent");
    // With JavaScript as without, the form is ready for the next invitation.
    for (const field of ["Their name", "Their mobile number", "Your name in their texts"])
      await expect(form.getByLabel(field)).toHaveValue("");
    await expect(partnerRow(page)).toHaveCount(1);
    await expect(partnerRow(page)).toContainText("Alex");
    await expect(partnerRow(page).getByTestId("partner-state")).toHaveText("Invited");
  });

  await test.step("the invitation, and nothing else, reaches the partner's phone", async () => {
    await openDevPhone(page, PARTNER_PHONE);
    await expect(devPhoneTexts(page, "received")).toHaveCount(1);
    await expect(devPhoneTexts(page, "received").first()).toContainText(
      "Sam invited you to be their coach",
    );
    // A summary due before the answer must not reach them.
    const sunday = nextSunday();
    const before = await runTick(s, wallClock(addDays(sunday, -7), "18:01", TIME_ZONE));
    expect(before.primary).toBe(true);
    await openDevPhone(page, PARTNER_PHONE);
    await expect(devPhoneTexts(page, "received")).toHaveCount(1);
  });

  await test.step("YES from the partner's phone makes them active", async () => {
    await textAsPhone(page, "YES");
    await expect(devPhoneTexts(page, "received").last()).toContainText(
      "You'll get progress updates from Sam",
    );
    await page.goto("/settings/partners");
    await expect(partnerRow(page).getByTestId("partner-state")).toHaveText("Active");
  });

  await test.step("Sunday's tick texts the partner the weekly summary with its link", async () => {
    const sunday = nextSunday();
    await runTick(s, wallClock(sunday, "18:01", TIME_ZONE));
    await openDevPhone(page, PARTNER_PHONE);
    const summary = devPhoneTexts(page, "received").last();
    await expect(summary).toContainText(
      "Sam's week: 0 goals set; completion 0% (0 of 0 decided goals).",
    );
    const text = (await summary.textContent()) ?? "";
    const link =
      /(http:\/\/\S+\/share\/[A-Za-z0-9_-]{32}\/summaries\/weekly\/\d{4}-\d{2}-\d{2})/.exec(
        text,
      )?.[1];
    expect(link).toContain(`/summaries/weekly/${sunday}`);
    summaryLink = link!;

    // The same tick again sends nothing more: one summary per partner and week.
    await runTick(s, wallClock(sunday, "18:02", TIME_ZONE));
    const count = await devPhoneTexts(page, "received").count();
    await openDevPhone(page, PARTNER_PHONE);
    await expect(devPhoneTexts(page, "received")).toHaveCount(count);

    await page.goto(link!);
    await expect(
      page.getByRole("heading", { level: 1, name: "Sam: Weekly summary" }),
    ).toBeVisible();
    await expect(page.locator("main")).not.toContainText(email);
  });

  await test.step("removing the partner stops everything and kills their link", async () => {
    await page.goto("/settings/partners");
    await page.getByRole("button", { name: "Remove Alex" }).click();
    await expect(toast(page)).toContainText("Removed");
    await expect(page.getByText("No coaches or partners yet.")).toBeVisible();
    const response = await page.goto(summaryLink);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Share link not available" })).toBeVisible();
  });
  await context.close();
});

/** The coming Sunday (or today, if it is Sunday) in the user's zone: within the 14-day trial. */
function nextSunday() {
  const today = localDayOf(new Date(), TIME_ZONE);
  const weekday = new Date(`${today}T12:00:00Z`).getUTCDay();
  return addDays(today, (7 - weekday) % 7 || 7);
}
