import { eq, ne, sql } from "drizzle-orm";
import packageJson from "../../package.json";
import { formatBytes } from "~/admin/system-status.server";
import { IMAGE_TOO_LARGE } from "~/blog/images.server";
import { slugify } from "~/blog/blog-rules";
import { BLOG_IMAGE_MAX_BYTES } from "~/blog/images.server";
import { NewPostSchema } from "~/blog/post-schema";
import { createPost, getPostById, getPostBySlug } from "~/blog/posts.server";
import { DELETE_POST_WARNING } from "~/components/admin/delete-post-confirmation";
import { subscribeToNewsletter } from "~/newsletter/newsletter.server";
import * as adminRoute from "~/routes/admin+/_layout";
import * as deletePageRoute from "~/routes/admin_+/posts.$id.delete";
import * as newsletterCsvRoute from "~/routes/admin_+/newsletter[.csv]";
import * as editorRoute from "~/routes/blog+/edit.$id";
import { getUserById } from "~/users/users.server";
import { db, schema } from "~/utils/db/db.server";
import { call, createTestUser, makeRequest, readJson, sessionCookie } from "../helpers/requests";
import { requiredToastOf } from "../helpers/toasts";

type TestUser = Awaited<ReturnType<typeof createTestUser>>;

const ONE_PIXEL_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const CONTENT =
  "Small promises, kept every day, are how habits are built. Text your goal each morning.";

let admin: TestUser;
let member: TestUser;
let adminCookie: string;
let memberCookie: string;

beforeAll(async () => {
  admin = await createTestUser({ email: "chief@example.com", admin: true });
  member = await createTestUser({ email: "member@example.com", phone: "+12125550123" });
  adminCookie = await sessionCookie(admin.id);
  memberCookie = await sessionCookie(member.id);
});

// Route calls, each returning the Response the route answers with.
const adminPage = (query = "", cookie?: string) =>
  call(adminRoute.loader, makeRequest(`/admin${query}`, { cookie }));
const adminPost = (fields: Record<string, string>, cookie?: string, query = "") =>
  call(
    adminRoute.action,
    makeRequest(`/admin${query}`, { body: new URLSearchParams(fields), cookie }),
  );
const editorPage = (id: string, cookie?: string) =>
  call(editorRoute.loader, makeRequest(`/blog/edit/${id}`, { cookie }), { id });
const editorPost = (id: string, body: FormData | URLSearchParams, cookie?: string) =>
  call(editorRoute.action, makeRequest(`/blog/edit/${id}`, { body, cookie }), { id });

function expectRedirect(response: Response, location: string | RegExp) {
  expect(response.status).toBe(302);
  const actual = response.headers.get("Location");
  if (typeof location === "string") expect(actual).toBe(location);
  else expect(actual).toMatch(location);
}

let postSeq = 0;
function newPost(overrides: Partial<{ title: string; published: boolean }> = {}) {
  postSeq += 1;
  const title = overrides.title ?? `Admin test post ${postSeq}`;
  return createPost(
    admin.id,
    NewPostSchema.parse({ title, content: CONTENT, published: overrides.published ?? false }),
  );
}

function editorForm(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

describe("who may use the admin pages", () => {
  it("sends anonymous visitors to /login from the admin page, its action and the CSV", async () => {
    expectRedirect(await adminPage(), /^\/login\?redirectTo=%2Fadmin/);
    expectRedirect(
      await adminPost({ intent: "toggle-admin", userId: String(member.id) }),
      /^\/login/,
    );
    expectRedirect(
      await call(newsletterCsvRoute.loader, makeRequest("/admin/newsletter.csv")),
      /^\/login/,
    );
    expectRedirect(
      await call(deletePageRoute.loader, makeRequest("/admin/posts/1/delete"), { id: "1" }),
      /^\/login/,
    );
    expect(getUserById(member.id)!.roles).toEqual([]);
  });

  it("sends signed-in users who are not admins to /dashboard, from the page and the action", async () => {
    for (const tab of ["", "?tab=posts", "?tab=system"]) {
      expectRedirect(await adminPage(tab, memberCookie), "/dashboard");
    }
    expectRedirect(
      await adminPost({ intent: "toggle-admin", userId: String(member.id) }, memberCookie),
      "/dashboard",
    );
    const post = newPost();
    expectRedirect(
      await adminPost({ intent: "delete", postId: String(post.id) }, memberCookie),
      "/dashboard",
    );
    expect(getPostById(post.id)).toBeDefined();
    expect(getUserById(member.id)!.roles).toEqual([]);
  });

  it("sends non-admins to / and anonymous visitors to /login from the blog editor", async () => {
    const post = newPost();
    for (const id of ["new", String(post.id)]) {
      expectRedirect(await editorPage(id, memberCookie), "/");
      expectRedirect(await editorPage(id), /^\/login/);
      const body = editorForm({ intent: "save", title: "Sneaky title", content: CONTENT });
      expectRedirect(await editorPost(id, body, memberCookie), "/");
    }
    expect(getPostBySlug("sneaky-title")).toBeUndefined();
  });

  it("answers 400 to an unknown intent", async () => {
    const response = await adminPost({ intent: "drop-tables" }, adminCookie);
    expect(response.status).toBe(400);
  });
});

describe("Users tab", () => {
  const usersOf = async (query: string) =>
    (await readJson(await adminPage(query, adminCookie))).users;

  it("lists every user by default, with the total", async () => {
    const data = await readJson(await adminPage("", adminCookie));
    expect(data.tab).toBe("users");
    expect(data.posts).toBeUndefined();
    expect(data.system).toBeUndefined();
    const count = db
      .select({ n: sql<number>`count(*)` })
      .from(schema.users)
      .get()!.n;
    expect(data.users.total).toBe(count);
    expect(data.users.users.map((u: { email: string }) => u.email)).toContain("member@example.com");
    const row = data.users.users.find((u: { id: number }) => u.id === member.id);
    expect(row).toEqual({
      id: member.id,
      email: "member@example.com",
      phone: "+12125550123",
      roles: [],
    });
    expect(JSON.stringify(data)).not.toMatch(/password/i);
  });

  it("filters on email, case-insensitively", async () => {
    const found = await usersOf("?tab=users&q=MEMBER%40Example");
    expect(found.total).toBe(1);
    expect(found.users.map((u: { id: number }) => u.id)).toEqual([member.id]);
    expect(found.search).toBe("MEMBER@Example");
  });

  it("filters on phone, as stored or typed with punctuation", async () => {
    for (const q of ["+1212555", "(212) 555-0123", "212-555", "2125550123", "555 0123"]) {
      const found = await usersOf(`?${new URLSearchParams({ tab: "users", q })}`);
      expect(
        found.users.map((u: { id: number }) => u.id),
        q,
      ).toEqual([member.id]);
      expect(found.total, q).toBe(1);
    }
  });

  it("treats % and _ as plain characters and finds nobody for a miss", async () => {
    for (const q of ["%", "_", "nobody-here"]) {
      const found = await usersOf(`?${new URLSearchParams({ tab: "users", q })}`);
      expect(found.total, q).toBe(0);
      expect(found.users, q).toEqual([]);
    }
  });

  it("pages the table by 50 while the total counts every match", async () => {
    const stamp = Date.now();
    db.insert(schema.users)
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          email: `bulk-${i}-${stamp}@example.com`,
          passwordHash: "not-a-real-hash",
          phone: `+1646555${String(1000 + i).padStart(4, "0")}`,
        })),
      )
      .run();
    const first = await usersOf("?tab=users&q=bulk-");
    expect(first.total).toBe(55);
    expect(first.users).toHaveLength(50);
    expect(first.page).toBe(1);
    expect(first.pageCount).toBe(2);
    const second = await usersOf("?tab=users&q=bulk-&page=2");
    expect(second.users).toHaveLength(5);
    expect(second.page).toBe(2);
    // A page past the end shows the last one.
    expect((await usersOf("?tab=users&q=bulk-&page=9")).page).toBe(2);
  });

  it("makes a user an admin and removes the role again, with the server's message", async () => {
    const target = await createTestUser({ email: "promote-me@example.com" });
    const made = await adminPost(
      { intent: "toggle-admin", userId: String(target.id) },
      adminCookie,
      "?tab=users&q=promote",
    );
    expectRedirect(made, "/admin?tab=users&q=promote");
    expect(await requiredToastOf(made)).toEqual({
      title: "Role updated",
      description: "promote-me@example.com is now an admin",
      type: "success",
    });
    expect(getUserById(target.id)!.roles).toEqual(["admin"]);

    const removed = await adminPost(
      { intent: "toggle-admin", userId: String(target.id) },
      adminCookie,
    );
    expectRedirect(removed, "/admin?tab=users");
    expect(await requiredToastOf(removed)).toMatchObject({
      title: "Role updated",
      description: "promote-me@example.com is no longer an admin",
    });
    expect(getUserById(target.id)!.roles).toEqual([]);
  });

  it("does not let the last admin remove their own role", async () => {
    db.update(schema.users).set({ roles: [] }).where(ne(schema.users.id, admin.id)).run();
    const response = await adminPost(
      { intent: "toggle-admin", userId: String(admin.id) },
      adminCookie,
    );
    expectRedirect(response, "/admin?tab=users");
    expect(await requiredToastOf(response)).toEqual({
      title: "Error",
      description:
        "Failed to update user role: You cannot remove your own admin role while you are the only admin",
      type: "error",
    });
    expect(getUserById(admin.id)!.roles).toEqual(["admin"]);
  });

  it("answers an unknown user with an error toast", async () => {
    const response = await adminPost({ intent: "toggle-admin", userId: "999999" }, adminCookie);
    expect(await requiredToastOf(response)).toMatchObject({
      title: "Error",
      description: "Failed to update user role: User not found",
      type: "error",
    });
  });
});

describe("Blog Posts tab", () => {
  it("lists every post with its status and date, and the newsletter count", async () => {
    const draft = newPost({ title: "A listed draft" });
    const published = newPost({ title: "A listed published post", published: true });
    const data = await readJson(await adminPage("?tab=posts", adminCookie));
    expect(data.tab).toBe("posts");
    expect(data.users).toBeUndefined();
    const rows = data.posts.posts;
    expect(rows.find((p: { id: number }) => p.id === draft.id)).toEqual({
      id: draft.id,
      title: "A listed draft",
      slug: "a-listed-draft",
      published: false,
      publishedDate: null,
    });
    const expectedDate = published.publishedAt!.toLocaleDateString("en-US", {
      timeZone: "America/New_York",
    });
    expect(rows.find((p: { id: number }) => p.id === published.id)).toMatchObject({
      published: true,
      publishedDate: expectedDate,
    });
    expect(expectedDate).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
    expect(typeof data.posts.newsletterSignups).toBe("number");
  });

  it("publishes (setting publishedAt once) and unpublishes (keeping it)", async () => {
    const post = newPost();
    expect(post.publishedAt).toBeNull();

    const published = await adminPost({ intent: "publish", postId: String(post.id) }, adminCookie);
    expectRedirect(published, "/admin?tab=posts");
    expect(await requiredToastOf(published)).toMatchObject({
      title: "Post published successfully",
    });
    const afterPublish = getPostById(post.id)!;
    expect(afterPublish.published).toBe(true);
    expect(afterPublish.publishedAt).toBeInstanceOf(Date);

    const unpublished = await adminPost(
      { intent: "unpublish", postId: String(post.id) },
      adminCookie,
    );
    expect(await requiredToastOf(unpublished)).toMatchObject({
      title: "Post unpublished successfully",
    });
    const afterUnpublish = getPostById(post.id)!;
    expect(afterUnpublish.published).toBe(false);
    expect(afterUnpublish.publishedAt).toEqual(afterPublish.publishedAt);

    await adminPost({ intent: "publish", postId: String(post.id) }, adminCookie);
    expect(getPostById(post.id)!.publishedAt).toEqual(afterPublish.publishedAt);
  });

  it("reports a publish of a post that does not exist", async () => {
    const response = await adminPost({ intent: "publish", postId: "999999" }, adminCookie);
    expect(await requiredToastOf(response)).toMatchObject({
      description: "Failed to update post status: Post not found",
      type: "error",
    });
  });

  it("shows the delete confirmation page to admins only", async () => {
    const post = newPost({ title: "Doomed post title" });
    const page = (id: string, cookie?: string) =>
      call(deletePageRoute.loader, makeRequest(`/admin/posts/${id}/delete`, { cookie }), { id });
    const answer = await page(String(post.id), adminCookie);
    expect(answer.status).toBe(200);
    expect(await readJson(answer)).toEqual({ post: { id: post.id, title: "Doomed post title" } });
    expectRedirect(await page(String(post.id), memberCookie), "/dashboard");
    expect((await page("999999", adminCookie)).status).toBe(404);
    expect((await page("abc", adminCookie)).status).toBe(404);
    expect(DELETE_POST_WARNING).toBe(
      "Are you sure you want to delete this post? This action cannot be undone.",
    );
  });

  it("deletes a post, and reports a post that is already gone", async () => {
    const post = newPost();
    const deleted = await adminPost(
      { intent: "delete", postId: String(post.id) },
      adminCookie,
      "?tab=posts",
    );
    expectRedirect(deleted, "/admin?tab=posts");
    expect(await requiredToastOf(deleted)).toMatchObject({
      title: "Blog post deleted successfully",
      type: "success",
    });
    expect(getPostById(post.id)).toBeUndefined();

    const again = await adminPost({ intent: "delete", postId: String(post.id) }, adminCookie);
    expect(await requiredToastOf(again)).toMatchObject({
      description: "Failed to delete post: Post not found",
      type: "error",
    });
  });
});

describe("System tab", () => {
  const system = async () => {
    const data = await readJson(await adminPage("?tab=system", adminCookie));
    expect(data.tab).toBe("system");
    expect(data.users).toBeUndefined();
    return data.system;
  };

  it("shows the version, database size, role, transport and cron setting", async () => {
    const status = await system();
    expect(status.version).toBe(packageJson.version);
    expect(status.database.bytes).toBeGreaterThan(0);
    expect(status.database.label).toBe(formatBytes(status.database.bytes));
    expect(status.liteFsRole).toBe("standalone (no LiteFS)");
    expect(status.smsTransport).toBe("local");
    expect(status.cronEnabled).toBe(false);
  });

  it("counts the texts sent and failed today, not older ones, received ones or web chat", async () => {
    const before = (await system()).texts;
    const now = new Date();
    const old = new Date(now.getTime() - 3 * 86_400_000);
    const row = (values: Partial<typeof schema.messages.$inferInsert>) => ({
      userId: member.id,
      body: "text",
      fromSystem: true,
      source: "sms" as const,
      createdAt: now,
      ...values,
    });
    db.insert(schema.messages)
      .values([
        row({ status: "delivered" }),
        row({ status: "sent" }),
        row({ status: "queued" }),
        row({ status: "failed" }),
        row({ status: "undelivered" }),
        row({ status: "failed", createdAt: old }),
        row({ status: "delivered", createdAt: old }),
        row({ status: "received", fromSystem: false }),
        row({ status: "delivered", source: "web" }),
      ])
      .run();
    const after = (await system()).texts;
    expect(after.sent - before.sent).toBe(3);
    expect(after.failed - before.failed).toBe(2);
    expect(after.timeZoneLabel).toBe("Eastern Time");
  });

  it("shows the last scheduler tick, or that there was none", async () => {
    db.delete(schema.schedulerTicks).run();
    expect((await system()).lastTick).toBeNull();
    const at = new Date("2025-03-10T12:00:00Z");
    db.insert(schema.schedulerTicks)
      .values([
        { tickAt: new Date("2025-03-10T11:59:00Z"), startedAt: at, finishedAt: at, claimed: 1 },
        {
          tickAt: at,
          startedAt: at,
          finishedAt: new Date(at.getTime() + 1500),
          claimed: 7,
          sent: 5,
          failed: 2,
        },
      ])
      .run();
    expect((await system()).lastTick).toEqual({
      at: at.toISOString(),
      atLabel: "Mar 10, 2025, 8:00 AM",
      finished: true,
      claimed: 7,
      sent: 5,
      failed: 2,
    });
  });

  it("formats byte counts for people", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1023)).toBe("1023 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(5 * 1024 * 1024)).toBe("5.0 MB");
    expect(formatBytes(250 * 1024 * 1024)).toBe("250 MB");
    expect(formatBytes(3 * 1024 ** 3)).toBe("3.0 GB");
  });
});

describe("newsletter export", () => {
  const csv = (cookie?: string) =>
    call(newsletterCsvRoute.loader, makeRequest("/admin/newsletter.csv", { cookie }));

  it("is for admins only", async () => {
    expectRedirect(await csv(memberCookie), "/dashboard");
    expectRedirect(await csv(), /^\/login/);
  });

  it("lists every sign-up with its time, formula-guarded", async () => {
    subscribeToNewsletter("reader@example.com");
    subscribeToNewsletter("=cmd@example.com");
    const response = await csv(adminCookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="newsletter-signups-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("email,signed_up_at");
    const signups = db.select().from(schema.newsletterSignups).all();
    expect(lines).toHaveLength(signups.length + 1);
    const reader = signups.find((s) => s.email === "reader@example.com")!;
    expect(lines).toContain(`reader@example.com,${reader.createdAt.toISOString()}`);
    expect(lines.some((l) => l.startsWith("'=cmd@example.com,"))).toBe(true);
  });
});

describe("blog editor", () => {
  it("loads a new form, an existing post, and 404 for an unknown id", async () => {
    expect(await readJson(await editorPage("new", adminCookie))).toEqual({ post: null });
    const post = newPost({ title: "Editable post" });
    expect((await readJson(await editorPage(String(post.id), adminCookie))).post).toMatchObject({
      id: post.id,
      title: "Editable post",
      slug: "editable-post",
      tags: "",
      published: false,
    });
    expect((await editorPage("999999", adminCookie)).status).toBe(404);
    expect((await editorPage("nope", adminCookie)).status).toBe(404);
  });

  it("creates a post with a slug made from the title", async () => {
    const title = "Morning Routines That Stick!";
    const response = await editorPost(
      "new",
      editorForm({
        intent: "save",
        title,
        slug: "",
        excerpt: "How to start the day well.",
        featuredImageUrl: "",
        tags: "habits, Mornings , habits",
        content: CONTENT,
        published: "on",
      }),
      adminCookie,
    );
    expectRedirect(response, "/admin?tab=posts");
    expect(await requiredToastOf(response)).toMatchObject({
      title: "Blog post created successfully",
    });
    const post = getPostBySlug(slugify(title))!;
    expect(post.slug).toBe("morning-routines-that-stick");
    expect(post).toMatchObject({
      title,
      excerpt: "How to start the day well.",
      tags: ["habits", "Mornings"],
      published: true,
      featured: false,
      authorId: admin.id,
    });
    expect(post.publishedAt).toBeInstanceOf(Date);
  });

  it("works with a urlencoded body too", async () => {
    const response = await editorPost(
      "new",
      new URLSearchParams({ intent: "save", title: "Plain form post", content: CONTENT }),
      adminCookie,
    );
    expectRedirect(response, "/admin?tab=posts");
    expect(getPostBySlug("plain-form-post")!.published).toBe(false);
  });

  it("rejects a duplicate slug with 409 and the message", async () => {
    newPost({ title: "Taken slug here" });
    const response = await editorPost(
      "new",
      editorForm({
        intent: "save",
        title: "Another title",
        slug: "taken-slug-here",
        content: CONTENT,
      }),
      adminCookie,
    );
    expect(response.status).toBe(409);
    const data = await readJson(response);
    expect(data.failure).toEqual({
      title: "Failed to create post",
      message: "A post with this slug already exists",
    });
    expect(data.result.error.slug).toEqual(["A post with this slug already exists"]);
    expect(data.result.initialValue).toMatchObject({ title: "Another title", content: CONTENT });
  });

  it("answers the blog editor's exact validation messages", async () => {
    const response = await editorPost(
      "new",
      editorForm({
        intent: "save",
        title: "Abc",
        slug: "Bad Slug",
        excerpt: "short",
        featuredImageUrl: "javascript:alert(1)",
        content: "Too short.",
      }),
      adminCookie,
    );
    expect(response.status).toBe(400);
    const data = await readJson(response);
    expect(data.failure.title).toBe("Failed to create post");
    expect(data.result.error).toMatchObject({
      title: ["Title must be at least 5 characters"],
      slug: ["Slug can only contain lowercase letters, numbers, and hyphens"],
      excerpt: ["Excerpt must be at least 10 characters"],
      featuredImageUrl: ["Must be a valid URL"],
      content: ["Content must be at least 50 characters"],
    });
  });

  it("stores an uploaded image and makes it the featured image", async () => {
    const response = await editorPost(
      "new",
      editorForm({
        intent: "save",
        title: "Post with a picture",
        featuredImageUrl: "https://example.com/ignored.png",
        content: CONTENT,
        image: new File([ONE_PIXEL_PNG], "pixel.png", { type: "image/png" }),
      }),
      adminCookie,
    );
    expectRedirect(response, "/admin?tab=posts");
    const post = getPostBySlug("post-with-a-picture")!;
    expect(post.featuredImageUrl).toMatch(/^\/blog-images\/[A-Za-z0-9_-]+$/);
    const id = post.featuredImageUrl!.split("/").pop()!;
    const image = db.select().from(schema.blogImages).where(eq(schema.blogImages.id, id)).get()!;
    expect(image).toMatchObject({
      contentType: "image/png",
      uploadedBy: admin.id,
      data: null,
      storageKey: `blog/${id}`,
    });
  });

  it("keeps the URL when the file input is left empty", async () => {
    const response = await editorPost(
      "new",
      editorForm({
        intent: "save",
        title: "Post with a linked picture",
        featuredImageUrl: "https://example.com/photo.jpg",
        content: CONTENT,
        image: new File([], "", { type: "application/octet-stream" }),
      }),
      adminCookie,
    );
    expectRedirect(response, "/admin?tab=posts");
    expect(getPostBySlug("post-with-a-linked-picture")!.featuredImageUrl).toBe(
      "https://example.com/photo.jpg",
    );
  });

  it("rejects a file that is not an image, keeping the other fields", async () => {
    const response = await editorPost(
      "new",
      editorForm({
        intent: "save",
        title: "Post with a fake picture",
        content: CONTENT,
        image: new File(["<script>alert(1)</script>"], "evil.png", { type: "image/png" }),
      }),
      adminCookie,
    );
    expect(response.status).toBe(400);
    const data = await readJson(response);
    expect(data.result.error.image).toEqual(["The image must be a JPEG, PNG, GIF or WebP file"]);
    expect(data.result.initialValue.title).toBe("Post with a fake picture");
    expect(getPostBySlug("post-with-a-fake-picture")).toBeUndefined();
  });

  it("turns an image over the size limit into a field error, not a failure", async () => {
    const big = new Uint8Array(BLOG_IMAGE_MAX_BYTES + 1);
    big.set(ONE_PIXEL_PNG);
    const response = await editorPost(
      "new",
      editorForm({
        intent: "save",
        title: "Post with a huge picture",
        image: new File([big], "huge.png", { type: "image/png" }),
        content: CONTENT,
      }),
      adminCookie,
    );
    expect(response.status).toBe(400);
    const data = await readJson(response);
    expect(data.result.error.image).toEqual([IMAGE_TOO_LARGE]);
    // Fields after the big part arrived too.
    expect(data.result.initialValue).toMatchObject({
      title: "Post with a huge picture",
      content: CONTENT,
    });
    expect(getPostBySlug("post-with-a-huge-picture")).toBeUndefined();
  });

  it("appends a toolbar snippet without saving, keeping every field", async () => {
    const before = db
      .select({ n: sql<number>`count(*)` })
      .from(schema.blogPosts)
      .get()!.n;
    const response = await editorPost(
      "new",
      editorForm({
        intent: "format:bold",
        title: "Draft in progress",
        tags: "focus",
        content: "Some words",
        published: "on",
      }),
      adminCookie,
    );
    expect(response.status).toBe(200);
    const data = await readJson(response);
    expect(data.intent).toBe("draft");
    expect(data.failure).toBeNull();
    expect(data.result.error).toBeUndefined();
    expect(data.result.initialValue).toMatchObject({
      title: "Draft in progress",
      tags: "focus",
      content: "Some words **bold text**",
      published: "on",
    });
    expect(
      db
        .select({ n: sql<number>`count(*)` })
        .from(schema.blogPosts)
        .get()!.n,
    ).toBe(before);
  });

  it("keeps an image chosen before a toolbar button as the featured image URL", async () => {
    const response = await editorPost(
      "new",
      editorForm({
        intent: "format:h2",
        title: "Draft with picture",
        content: "Intro",
        image: new File([ONE_PIXEL_PNG], "pixel.png", { type: "image/png" }),
      }),
      adminCookie,
    );
    const data = await readJson(response);
    expect(data.result.initialValue.content).toBe("Intro\n\n## Heading 2");
    expect(data.result.initialValue.featuredImageUrl).toMatch(/^\/blog-images\//);
  });

  it("answers 400 to an unknown format", async () => {
    const response = await editorPost("new", editorForm({ intent: "format:script" }), adminCookie);
    expect(response.status).toBe(400);
  });

  it("previews the content as sanitized HTML without saving", async () => {
    const response = await editorPost(
      "new",
      new URLSearchParams({
        intent: "preview",
        content: "Some **bold** words <script>alert(1)</script> [x](javascript:alert(1))",
      }),
      adminCookie,
    );
    expect(response.status).toBe(200);
    const data = await readJson(response);
    expect(data.previewHtml).toContain("<strong>bold</strong>");
    expect(data.previewHtml).not.toContain("<script");
    expect(data.previewHtml).not.toContain("javascript:");
  });

  it("updates a post, setting publishedAt on the first publish, and refuses a slug change", async () => {
    const post = newPost({ title: "Post to update" });
    const id = String(post.id);
    const fields = {
      intent: "save",
      title: "Post to update, revised",
      slug: post.slug,
      content: `${CONTENT} Revised.`,
      tags: "one, two",
      published: "on",
      featured: "on",
    };
    const updated = await editorPost(id, editorForm(fields), adminCookie);
    expectRedirect(updated, "/admin?tab=posts");
    expect(await requiredToastOf(updated)).toMatchObject({
      title: "Blog post updated successfully",
    });
    const after = getPostById(post.id)!;
    expect(after).toMatchObject({
      title: "Post to update, revised",
      slug: "post-to-update",
      tags: ["one", "two"],
      published: true,
      featured: true,
    });
    expect(after.publishedAt).toBeInstanceOf(Date);

    const changed = await editorPost(
      id,
      editorForm({ ...fields, slug: "a-new-slug" }),
      adminCookie,
    );
    expect(changed.status).toBe(400);
    const data = await readJson(changed);
    expect(data.failure).toEqual({
      title: "Failed to update post",
      message: "The slug cannot be changed after a post is created",
    });
    expect(data.result.error.slug).toEqual(["The slug cannot be changed after a post is created"]);
    expect(getPostById(post.id)!.slug).toBe("post-to-update");

    expect((await editorPost("999999", editorForm(fields), adminCookie)).status).toBe(404);
  });
});
