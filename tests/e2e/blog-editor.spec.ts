import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { postBySlug } from "./blog-fixtures";
import { expect, ONE_PIXEL_PNG, test, toast } from "./fixtures";

const withoutJs = () => test.info().project.name === "no-js";

/** A title and the slug made from it, unique to this test. */
function uniqueTitle(prefix: string) {
  const token = randomUUID().slice(0, 8);
  const title = `${prefix} ${token}`;
  return { title, slug: title.toLowerCase().replace(/ /g, "-") };
}

const CONTENT = "Habits grow from small promises kept daily. Here are some strong words to stress.";

async function openNewPost(page: Page) {
  await page.goto("/admin?tab=posts");
  await page.getByRole("link", { name: "Create New Blog Post" }).click();
  await expect(page).toHaveURL(/\/blog\/edit\/new$/);
  await expect(page.getByRole("heading", { level: 1, name: "Create New Blog Post" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Post Details" })).toBeVisible();
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** Opens a post page as a visitor (a fresh, signed-out browser context); returns its status. */
async function visitAsVisitor(
  browser: Browser,
  path: string,
  check: (page: Page) => Promise<void> = async () => {},
) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const response = await page.goto(path);
    await check(page);
    return response?.status();
  } finally {
    await context.close();
  }
}

test.describe("blog editor", () => {
  test("creates a draft with the toolbar and preview, then publishes it by editing", async ({
    page,
    admin: _admin,
    browser,
  }) => {
    const { title, slug } = uniqueTitle("Editor flow");
    await openNewPost(page);
    await expect(page.getByRole("link", { name: "Back to Admin" })).toHaveAttribute(
      "href",
      "/admin?tab=posts",
    );

    await field(page, "Title").fill(title);
    if (withoutJs()) {
      // Without JavaScript the server makes the slug from the title.
      await expect(field(page, "Slug")).toHaveValue("");
    } else {
      await field(page, "Title").blur();
      await expect(field(page, "Slug")).toHaveValue(slug);
    }
    await field(page, "Excerpt").fill("Small promises, kept daily.");
    await field(page, "Tags (comma separated)").fill("habits, editor");
    const content = field(page, "Content");
    await content.fill(CONTENT);

    const toolbar = page.getByRole("toolbar", { name: "Formatting" });
    await expect(toolbar.getByRole("button")).toHaveCount(16);
    if (withoutJs()) {
      await toolbar.getByRole("button", { name: "Bold" }).click();
      // The page comes back with every field kept and the snippet at the end.
      await expect(content).toHaveValue(`${CONTENT} **bold text**`);
      await expect(field(page, "Title")).toHaveValue(title);
      await expect(field(page, "Tags (comma separated)")).toHaveValue("habits, editor");
    } else {
      await content.evaluate((el: HTMLTextAreaElement) => {
        const start = el.value.indexOf("strong words");
        el.setSelectionRange(start, start + "strong words".length);
      });
      await toolbar.getByRole("button", { name: "Bold" }).click();
      await expect(content).toHaveValue(CONTENT.replace("strong words", "**strong words**"));
    }
    const bolded = withoutJs() ? "bold text" : "strong words";

    await page.getByRole("button", { name: "Preview", exact: true }).click();
    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.locator("strong")).toHaveText(bolded);
    if (!withoutJs()) {
      // The open preview follows the typing.
      await content.press("End");
      await content.pressSequentially(" *fresh*");
      await expect(preview.locator("em")).toHaveText("fresh");
    }
    // Nothing was saved by the toolbar or the preview.
    expect(postBySlug(slug)).toBeUndefined();

    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page).toHaveURL(/\/admin\?tab=posts$/);
    await expect(toast(page)).toContainText("Blog post created successfully");
    const row = page.getByTestId("post-row").filter({ hasText: title });
    await expect(row).toContainText(slug);
    await expect(row).toContainText("Draft");
    expect(postBySlug(slug)?.content).toContain(`**${bolded}**`);

    // A draft is not public.
    expect(await visitAsVisitor(browser, `/blog/${slug}`)).toBe(404);

    await row.getByRole("link", { name: "Edit" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Blog Post" })).toBeVisible();
    const slugInput = field(page, "Slug");
    await expect(slugInput).toHaveValue(slug);
    await expect(slugInput).toHaveAttribute("readonly", "");
    await expect(slugInput).not.toBeEditable();
    await expect(
      page.getByText("The slug cannot be changed after a post is created."),
    ).toBeVisible();
    await expect(field(page, "Title")).toHaveValue(title);
    await expect(field(page, "Tags (comma separated)")).toHaveValue("habits, editor");
    const publish = page.getByRole("checkbox", { name: "Publish", exact: true });
    await expect(publish).not.toBeChecked();
    await expect(
      page.getByText("When checked, this post will be visible to all users"),
    ).toBeVisible();
    await publish.check();
    await page.getByRole("button", { name: "Update Post" }).click();
    await expect(page).toHaveURL(/\/admin\?tab=posts$/);
    await expect(toast(page)).toContainText("Blog post updated successfully");
    await expect(row).toContainText("Published");
    expect(postBySlug(slug)?.published_at).toEqual(expect.any(Number));

    const status = await visitAsVisitor(browser, `/blog/${slug}`, async (visitor) => {
      await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(visitor.getByTestId("post-content").locator("strong")).toHaveText(bolded);
    });
    expect(status).toBe(200);
  });

  test("shows the validation messages under the fields", async ({ page, admin: _admin }) => {
    await openNewPost(page);
    await field(page, "Title").fill("Abc");
    await field(page, "Content").fill("Too short.");
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(page.getByText("Title must be at least 5 characters")).toBeVisible();
    await expect(page.getByText("Content must be at least 50 characters")).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("Failed to create post");
    await expect(field(page, "Title")).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/blog\/edit\/new$/);
  });

  test("uploads a featured image that the post page shows", async ({
    page,
    admin: _admin,
    browser,
  }) => {
    const { title, slug } = uniqueTitle("Picture post");
    await openNewPost(page);
    await field(page, "Title").fill(title);
    await field(page, "Slug").fill(slug);
    await field(page, "Content").fill(CONTENT);
    await page
      .getByLabel("Upload a featured image")
      .setInputFiles({ name: "pixel.png", mimeType: "image/png", buffer: ONE_PIXEL_PNG });
    await page.getByRole("checkbox", { name: "Publish", exact: true }).check();
    await page.getByRole("button", { name: "Create Post" }).click();
    await expect(toast(page)).toContainText("Blog post created successfully");

    const imageUrl = postFeaturedImage(slug);
    expect(imageUrl).toMatch(/^\/blog-images\/[A-Za-z0-9_-]+$/);

    await visitAsVisitor(browser, `/blog/${slug}`, async (visitor) => {
      await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(visitor.locator(`article img[src="${imageUrl}"]`)).toHaveCount(1);
      const image = await visitor.request.get(imageUrl!);
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");
    });
  });
});

function postFeaturedImage(slug: string) {
  const post = postBySlug(slug) as { featured_image_url?: string | null } | undefined;
  return post?.featured_image_url ?? null;
}
