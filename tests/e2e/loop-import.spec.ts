import path from "node:path";
import { expect, test } from "./fixtures";

const fixtures = path.join(import.meta.dirname, "..", "fixtures", "loop");

test.describe("Settings → Import & export (Loop Habit Tracker)", () => {
  test("a Loop backup comes across once; a second upload adds nothing; other files are refused", async ({
    page,
    user,
  }) => {
    expect(user.email).toBeTruthy();
    await page.goto("/settings");
    await page.getByRole("link", { name: "Import & export" }).click();
    await expect(page).toHaveURL(/\/settings\/import$/);

    const file = page.getByLabel("Loop file (at most 10 MB)");
    await file.setInputFiles(path.join(fixtures, "loop-v25.db"));
    await page.getByRole("button", { name: "Import" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Imported" })).toHaveText(
      "Imported 6 habits, 23 days.",
    );

    await page
      .getByLabel("Loop file (at most 10 MB)")
      .setInputFiles(path.join(fixtures, "loop-v25.db"));
    await page.getByRole("button", { name: "Import" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Imported" })).toHaveText(
      "Imported 0 habits, 0 days. 6 habits were here already; only days they did not have were added.",
    );

    await page.getByLabel("Loop file (at most 10 MB)").setInputFiles({
      name: "notes.db",
      mimeType: "application/octet-stream",
      buffer: Buffer.from("just some text, not a database"),
    });
    await page.getByRole("button", { name: "Import" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "not a Loop" })).toContainText(
      "This is not a Loop Habit Tracker file.",
    );

    await page.goto("/habits");
    await expect(page.getByText("Meditate").first()).toBeVisible();
    await expect(page.getByText("Read").first()).toBeVisible();
  });

  test("the CSV export imports, and both of Loop's formats download", async ({ page, user }) => {
    expect(user.email).toBeTruthy();
    await page.goto("/settings/import");
    await page
      .getByLabel("Loop file (at most 10 MB)")
      .setInputFiles(path.join(fixtures, "loop-csv.zip"));
    await page.getByRole("button", { name: "Import" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Imported" })).toHaveText(
      "Imported 4 habits, 10 days.",
    );

    const backup = await page.request.get(
      (await page
        .getByRole("link", { name: "Download a Loop backup (.db)" })
        .getAttribute("href")) ?? "",
    );
    expect(backup.status()).toBe(200);
    expect(backup.headers()["content-disposition"]).toMatch(
      /filename="Loop Habits Backup \d{4}-\d{2}-\d{2}\.db"/,
    );
    expect((await backup.body()).subarray(0, 15).toString("latin1")).toBe("SQLite format 3");
    const csv = await page.request.get("/settings/loop-csv.zip");
    expect(csv.status()).toBe(200);
    expect((await csv.body()).subarray(0, 2).toString("latin1")).toBe("PK");
  });
});
