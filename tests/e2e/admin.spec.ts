import type { Locator, Page } from "@playwright/test";
import { postBySlug, seedPost } from "./blog-fixtures";
import { expect, register, test, toast, uniqueEmail } from "./fixtures";

const DELETE_WARNING = "Are you sure you want to delete this post? This action cannot be undone.";

const withoutJs = () => test.info().project.name === "no-js";

async function openAdmin(page: Page, tab?: "users" | "posts" | "system") {
  await page.goto(tab ? `/admin?tab=${tab}` : "/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
}

function tabLink(page: Page, name: "Users" | "Blog Posts" | "System") {
  return page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name });
}

/** The value cell of a row of the System tab. */
function statusValue(page: Page, label: string | RegExp) {
  return page
    .getByTestId("system-status")
    .locator("div")
    .filter({ has: page.locator("dt", { hasText: label }) })
    .locator("dd");
}

function rolesCell(row: Locator) {
  return row.getByRole("cell").nth(3);
}

function postRow(page: Page, title: string) {
  return page.getByTestId("post-row").filter({ hasText: title });
}

test.describe("admin dashboard", () => {
  test("shows three tabs as links, users first", async ({ page, admin: _admin }) => {
    await openAdmin(page);
    const tabs = page.getByRole("navigation", { name: "Admin sections" }).getByRole("link");
    await expect(tabs).toHaveText(["Users", "Blog Posts", "System"]);
    await expect(tabLink(page, "Users")).toHaveAttribute("aria-current", "page");
    await expect(tabLink(page, "System")).not.toHaveAttribute("aria-current", "page");
    await tabLink(page, "System").click();
    await expect(page).toHaveURL(/\/admin\?tab=system$/);
    await expect(tabLink(page, "System")).toHaveAttribute("aria-current", "page");
    await tabLink(page, "Blog Posts").click();
    await expect(page).toHaveURL(/\/admin\?tab=posts$/);
    await expect(page.getByRole("link", { name: "Create New Blog Post" })).toHaveAttribute(
      "href",
      "/blog/edit/new",
    );
  });

  test("finds a new user by email and toggles their admin role", async ({
    page,
    admin: _admin,
    browser,
  }) => {
    const email = uniqueEmail("member");
    const context = await browser.newContext();
    try {
      await register(await context.newPage(), email);
    } finally {
      await context.close();
    }

    await openAdmin(page);
    const search = page.getByRole("searchbox", { name: "Search users" });
    await expect(search).toHaveAttribute("placeholder", "Search by email or phone...");
    await search.fill(email.toUpperCase());
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\?tab=users&q=/);
    await expect(page.getByText("Total Users: 1", { exact: true })).toBeVisible();
    await expect(search).toHaveValue(email.toUpperCase());

    const table = page.getByRole("table", { name: "Users" });
    await expect(table.getByRole("columnheader")).toHaveText([
      "ID",
      "Email",
      "Phone",
      "Roles",
      "Actions",
    ]);
    const rows = page.getByTestId("user-row");
    await expect(rows).toHaveCount(1);
    const row = rows.first();
    await expect(row).toContainText(email);
    await expect(rolesCell(row)).toHaveText("None");

    await row.getByRole("button", { name: "Make Admin" }).click();
    await expect(toast(page)).toContainText("Role updated");
    await expect(toast(page)).toContainText(`${email} is now an admin`);
    await expect(rolesCell(row)).toHaveText("admin");
    // Still on the same search.
    await expect(page).toHaveURL(/\/admin\?tab=users&q=/);
    await expect(page.getByText("Total Users: 1", { exact: true })).toBeVisible();

    await row.getByRole("button", { name: "Remove Admin" }).click();
    await expect(toast(page)).toContainText(`${email} is no longer an admin`);
    await expect(rolesCell(row)).toHaveText("None");
    await expect(row.getByRole("button", { name: "Make Admin" })).toBeVisible();
  });

  test("says when no user matches the search", async ({ page, admin: _admin }) => {
    await openAdmin(page);
    await page.getByRole("searchbox", { name: "Search users" }).fill("no-such-user-anywhere");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByText("Total Users: 0", { exact: true })).toBeVisible();
    await expect(page.getByText("No users found matching your search.")).toBeVisible();
  });

  test("the System tab shows real status", async ({ page, admin: _admin }) => {
    await openAdmin(page, "system");
    await expect(page.getByText("System settings are not available")).toHaveCount(0);
    await expect(statusValue(page, "App version")).toHaveText(/^\d+\.\d+\.\d+/);
    await expect(statusValue(page, "SMS transport")).toHaveText("local");
    await expect(statusValue(page, "Database size")).toHaveText(/^\d+(\.\d)? (B|KB|MB|GB)$/);
    await expect(statusValue(page, "LiteFS role")).toHaveText("standalone (no LiteFS)");
    await expect(statusValue(page, /^Texts today/)).toHaveText(/^\d+ sent, \d+ failed$/);
    await expect(statusValue(page, "Last scheduler tick")).toHaveText(
      /No tick yet|\d+ claimed, \d+ sent, \d+ failed/,
    );
    await expect(statusValue(page, "Scheduler cron")).toHaveText(/^(enabled|disabled)$/);
  });

  test("publishes and unpublishes a post from the Blog Posts tab", async ({
    page,
    admin: _admin,
  }) => {
    const post = seedPost({ published: false });
    await openAdmin(page, "posts");
    const table = page.getByRole("table", { name: "Blog posts" });
    await expect(table.getByRole("columnheader")).toHaveText([
      "Title",
      "Slug",
      "Status",
      "Published Date",
      "Actions",
    ]);
    const row = postRow(page, post.title);
    await expect(row).toContainText(post.slug);
    await expect(row).toContainText("Draft");
    await expect(row).toContainText("Not published");
    await expect(row.getByRole("link", { name: "Edit" })).toHaveAttribute(
      "href",
      `/blog/edit/${post.id}`,
    );

    await row.getByRole("button", { name: "Publish" }).click();
    await expect(toast(page)).toContainText("Post published successfully");
    await expect(row).toContainText("Published");
    await expect(row.getByRole("cell").nth(3)).toHaveText(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
    expect(postBySlug(post.slug)?.published).toBe(1);
    const publishedAt = postBySlug(post.slug)?.published_at;
    expect(publishedAt).toEqual(expect.any(Number));

    await row.getByRole("button", { name: "Unpublish" }).click();
    await expect(toast(page)).toContainText("Post unpublished successfully");
    await expect(row).toContainText("Draft");
    expect(postBySlug(post.slug)?.published).toBe(0);
    // Unpublishing keeps the first publication date.
    expect(postBySlug(post.slug)?.published_at).toBe(publishedAt);
  });

  test("deletes a post after confirmation", async ({ page, admin: _admin }) => {
    const post = seedPost();
    await openAdmin(page, "posts");
    const row = postRow(page, post.title);

    // First change of mind: cancel.
    await row
      .getByRole("button", { name: "Delete" })
      .or(row.getByRole("link", { name: "Delete" }))
      .click();
    if (withoutJs()) {
      await expect(page).toHaveURL(new RegExp(`/admin/posts/${post.id}/delete$`));
      await expect(page.getByText(post.title)).toBeVisible();
      await expect(page.getByText(DELETE_WARNING, { exact: true })).toBeVisible();
      await page.getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(/\/admin\?tab=posts$/);
    } else {
      const dialog = page.getByRole("dialog", { name: `Delete “${post.title}”` });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(DELETE_WARNING, { exact: true })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
    }
    await expect(row).toBeVisible();
    expect(postBySlug(post.slug)).toBeDefined();

    await row
      .getByRole("button", { name: "Delete" })
      .or(row.getByRole("link", { name: "Delete" }))
      .click();
    if (withoutJs()) {
      await expect(page.getByText(DELETE_WARNING, { exact: true })).toBeVisible();
      await page.getByRole("button", { name: "Delete" }).click();
    } else {
      const dialog = page.getByRole("dialog");
      await expect(dialog.getByText(DELETE_WARNING, { exact: true })).toBeVisible();
      await dialog.getByRole("button", { name: "Delete" }).click();
      await expect(dialog).toBeHidden();
    }
    await expect(page).toHaveURL(/\/admin\?tab=posts$/);
    await expect(toast(page)).toContainText("Blog post deleted successfully");
    await expect(postRow(page, post.title)).toHaveCount(0);
    expect(postBySlug(post.slug)).toBeUndefined();
  });

  test("exports newsletter sign-ups as CSV", async ({ page, admin: _admin }) => {
    await openAdmin(page, "posts");
    await expect(page.getByText(/^Newsletter sign-ups: \d+$/)).toBeVisible();
    const link = page.getByRole("link", { name: "Export sign-ups (CSV)" });
    await expect(link).toHaveAttribute("href", "/admin/newsletter.csv");
    const response = await page.request.get("/admin/newsletter.csv");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/csv; charset=utf-8");
    expect((await response.text()).split("\r\n")[0]).toBe("email,signed_up_at");
  });

  test("a user who is not an admin lands on the dashboard", async ({ page, user: _user }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const csv = await page.request.get("/admin/newsletter.csv", { maxRedirects: 0 });
    expect(csv.status()).toBe(302);
    expect(csv.headers()["location"]).toBe("/dashboard");
  });
});
