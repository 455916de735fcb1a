import { eq } from "drizzle-orm";
import { call, createTestUser, makeRequest, readJson, sessionCookie } from "../helpers/requests";
import * as listRoute from "~/routes/api+/blog-posts";
import * as slugRoute from "~/routes/api+/blog-posts_.slug.$slug";
import * as idRoute from "~/routes/api+/blog-posts_.$id";
import * as publishRoute from "~/routes/api+/blog-posts_.$id_.publish";
import * as unpublishRoute from "~/routes/api+/blog-posts_.$id_.unpublish";
import { createPost, getPostById } from "~/blog/posts.server";
import { NewPostSchema } from "~/blog/post-schema";
import { db, schema } from "~/utils/db/db.server";

// LiteFS is simulated with a temporary mount folder (the env module reads LITEFS_DIR when it loads),
// so the replica tests can check that every mutating call goes to the primary first.
const litefs = await vi.hoisted(async () => {
  const { simulateLitefs } = await import("../helpers/app-env");
  return simulateLitefs("coach-litefs-blog-");
});
const { becomeReplica, becomePrimary } = litefs;

afterAll(() => litefs.restore());

type Role = "visitor" | "user" | "admin";
type Options = { json?: unknown; body?: BodyInit; headers?: Record<string, string> };

const CONTENT =
  "Checking in by text every evening makes it far easier to keep a streak going for weeks.";
const VALIDATION = "Please correct the highlighted fields";
const NOT_FOUND = { message: "Post not found" };
const EDITOR_MESSAGES = {
  titleMin: "Title must be at least 5 characters",
  slugMin: "Slug must be at least 3 characters",
  slugPattern: "Slug can only contain lowercase letters, numbers, and hyphens",
  excerptMin: "Excerpt must be at least 10 characters",
  excerptMax: "Excerpt cannot exceed 300 characters",
  contentMin: "Content must be at least 50 characters",
  url: "Must be a valid URL",
};

const cookies: Record<Role, string | undefined> = { visitor: undefined, user: "", admin: "" };
const ROLES: Role[] = ["visitor", "user", "admin"];
let adminId: number;
let otherUserId: number;

// Route calls, each returning the Response the route answers with.
const listPosts = (role: Role, query = "") =>
  call(listRoute.loader, makeRequest(`/api/blog-posts${query}`, { cookie: cookies[role] }));
const createViaApi = (role: Role, options: Options, method = "POST") =>
  call(
    listRoute.action,
    makeRequest("/api/blog-posts", { method, cookie: cookies[role], ...options }),
  );
const bySlug = (role: Role, slug: string, method = "GET") =>
  call(
    method === "GET" ? slugRoute.loader : slugRoute.action,
    makeRequest(`/api/blog-posts/slug/${encodeURIComponent(slug)}`, {
      method,
      cookie: cookies[role],
    }),
    { slug },
  );
const byId = (role: Role, id: number | string, method = "GET", options: Options = {}) =>
  call(
    method === "GET" ? idRoute.loader : idRoute.action,
    makeRequest(`/api/blog-posts/${id}`, { method, cookie: cookies[role], ...options }),
    { id: String(id) },
  );
const setPublished = (
  role: Role,
  id: number | string,
  kind: "publish" | "unpublish",
  method = "POST",
) => {
  const route = kind === "publish" ? publishRoute : unpublishRoute;
  return call(
    method === "GET" ? route.loader : route.action,
    makeRequest(`/api/blog-posts/${id}/${kind}`, { method, cookie: cookies[role] }),
    { id: String(id) },
  );
};

let counter = 0;
function seed(input: Record<string, unknown> = {}) {
  counter += 1;
  return createPost(
    adminId,
    NewPostSchema.parse({ title: `Seeded post ${counter}`, content: CONTENT, ...input }),
  );
}

const validBody = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    title: `A new post ${counter}`,
    slug: `a-new-post-${counter}`,
    excerpt: "A short summary of the post.",
    content: CONTENT,
    published: false,
    featuredImageUrl: "https://images.example.com/cover.jpg",
    tags: ["Habits", "SMS"],
    ...overrides,
  };
};

const allPosts = () => db.select().from(schema.blogPosts).orderBy(schema.blogPosts.id).all();

let live: ReturnType<typeof seed>;
let draft: ReturnType<typeof seed>;

beforeAll(async () => {
  const admin = await createTestUser({ admin: true });
  const user = await createTestUser();
  adminId = admin.id;
  otherUserId = user.id;
  cookies.admin = await sessionCookie(admin.id);
  cookies.user = await sessionCookie(user.id);
});

beforeEach(() => {
  becomePrimary();
  db.delete(schema.blogPosts).run();
  live = seed({
    title: "Published post",
    slug: "published-post",
    published: true,
    tags: ["Habits", "SMS"],
  });
  draft = seed({ title: "Secret draft", slug: "secret-draft", published: false, tags: ["habits"] });
});

const ids = (body: { id: number }[]) => body.map((p) => p.id);

describe("who may read", () => {
  it.each(["visitor", "user"] as const)("gives a %s the published posts only", async (role) => {
    const response = await listPosts(role);
    expect(response.status).toBe(200);
    const body = await readJson(response);
    expect(ids(body)).toEqual([live.id]);
    expect(JSON.stringify(body)).not.toContain("Secret draft");
  });

  it("gives an admin every post, drafts included", async () => {
    const body = await readJson(await listPosts("admin"));
    expect(ids(body).sort()).toEqual([live.id, draft.id].sort());
    expect(body.find((p: { id: number }) => p.id === draft.id).published).toBe(false);
  });

  it.each(ROLES)("lets a %s read a published post by slug and by id", async (role) => {
    for (const response of [await bySlug(role, "published-post"), await byId(role, live.id)]) {
      expect(response.status).toBe(200);
      expect(await readJson(response)).toMatchObject({
        id: live.id,
        slug: "published-post",
        content: CONTENT,
        published: true,
        author: "Admin",
      });
    }
  });

  it.each(["visitor", "user"] as const)(
    "answers 404 (never 403) to a %s asking for a draft by slug or id",
    async (role) => {
      for (const response of [await bySlug(role, "secret-draft"), await byId(role, draft.id)]) {
        expect(response.status).toBe(404);
        const text = await response.text();
        expect(JSON.parse(text)).toEqual(NOT_FOUND);
        expect(text).not.toContain("Secret draft");
      }
    },
  );

  it("lets an admin read a draft by slug and by id", async () => {
    for (const response of [await bySlug("admin", "secret-draft"), await byId("admin", draft.id)]) {
      expect(response.status).toBe(200);
      expect(await readJson(response)).toMatchObject({ id: draft.id, published: false });
    }
  });

  it.each(ROLES)("answers 404 to a %s for a post that does not exist", async (role) => {
    expect(await readJson(await bySlug(role, "no-such-post"))).toEqual(NOT_FOUND);
    expect((await bySlug(role, "no-such-post")).status).toBe(404);
    for (const id of ["999999", "0", "-1", "abc", "1.5", "1e3", "99999999999999999999", " 1"]) {
      const response = await byId(role, id);
      expect(response.status).toBe(404);
      expect(await readJson(response)).toEqual(NOT_FOUND);
    }
  });
});

describe("who may write", () => {
  type AdminCall = {
    name: string;
    run: (role: Role) => Promise<Response>;
    adminStatus: number;
  };
  const adminCalls: AdminCall[] = [
    {
      name: "POST /api/blog-posts",
      run: (role) => createViaApi(role, { json: validBody() }),
      adminStatus: 201,
    },
    {
      name: "PATCH /api/blog-posts/{id}",
      run: (role) => byId(role, live.id, "PATCH", { json: { title: "Changed title" } }),
      adminStatus: 200,
    },
    {
      name: "DELETE /api/blog-posts/{id}",
      run: (role) => byId(role, draft.id, "DELETE"),
      adminStatus: 200,
    },
    {
      name: "POST /api/blog-posts/{id}/publish",
      run: (role) => setPublished(role, draft.id, "publish"),
      adminStatus: 200,
    },
    {
      name: "POST /api/blog-posts/{id}/unpublish",
      run: (role) => setPublished(role, live.id, "unpublish"),
      adminStatus: 200,
    },
  ];

  it.each(adminCalls.map((c) => [c.name, c] as const))(
    "%s: visitor 401, user 403, admin allowed; only the admin changes anything",
    async (_name, adminCall) => {
      const before = allPosts();

      const visitor = await adminCall.run("visitor");
      expect(visitor.status).toBe(401);
      expect(await readJson(visitor)).toEqual({ message: "Not authenticated" });
      expect(allPosts()).toEqual(before);

      const user = await adminCall.run("user");
      expect(user.status).toBe(403);
      expect(await readJson(user)).toEqual({ message: "Admin access required" });
      expect(allPosts()).toEqual(before);

      const admin = await adminCall.run("admin");
      expect(admin.status).toBe(adminCall.adminStatus);
      expect(allPosts()).not.toEqual(before);
    },
  );

  it("checks the role before the id, so a visitor learns nothing about ids", async () => {
    for (const id of ["999999", "abc"]) {
      expect((await byId("visitor", id, "PATCH", { json: {} })).status).toBe(401);
      expect((await byId("user", id, "DELETE")).status).toBe(403);
      expect((await setPublished("visitor", id, "publish")).status).toBe(401);
      expect((await setPublished("user", id, "unpublish")).status).toBe(403);
    }
  });
});

describe("POST /api/blog-posts", () => {
  it("creates a post and answers 201 with the post's details", async () => {
    const body = validBody({
      title: "Text me tomorrow",
      slug: "text-me-tomorrow",
      published: true,
      content: `${CONTENT}\n\n**Bold** <script>alert(1)</script>`,
    });
    const response = await createViaApi("admin", { json: body });
    expect(response.status).toBe(201);
    const created = await readJson(response);
    expect(created).toMatchObject({
      title: "Text me tomorrow",
      slug: "text-me-tomorrow",
      excerpt: "A short summary of the post.",
      featuredImageUrl: "https://images.example.com/cover.jpg",
      tags: ["Habits", "SMS"],
      published: true,
      author: "Admin",
      readTime: "1 min read",
    });
    expect(created.publishedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(created.contentHtml).toContain("<strong>Bold</strong>");
    expect(created.contentHtml).not.toContain("<script");
    expect(getPostById(created.id)).toMatchObject({ slug: "text-me-tomorrow", authorId: adminId });
  });

  it("ignores authorId in the body: the author is the calling admin", async () => {
    const response = await createViaApi("admin", { json: validBody({ authorId: otherUserId }) });
    expect(response.status).toBe(201);
    const created = await readJson(response);
    expect(getPostById(created.id)?.authorId).toBe(adminId);
    expect(created).not.toHaveProperty("authorId");
  });

  it("makes the slug from the title when none is sent", async () => {
    const response = await createViaApi("admin", {
      json: validBody({ title: "Why Streaks Work", slug: undefined }),
    });
    expect(response.status).toBe(201);
    expect((await readJson(response)).slug).toBe("why-streaks-work");
  });

  it("answers 400 with every editor message for invalid fields", async () => {
    const response = await createViaApi("admin", {
      json: {
        title: "abc",
        slug: "Not OK",
        excerpt: "short",
        content: "too short",
        featuredImageUrl: "javascript:alert(1)",
        tags: ["a"],
        published: false,
      },
    });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({
      message: VALIDATION,
      errors: {
        title: [EDITOR_MESSAGES.titleMin],
        slug: [EDITOR_MESSAGES.slugPattern],
        excerpt: [EDITOR_MESSAGES.excerptMin],
        content: [EDITOR_MESSAGES.contentMin],
        featuredImageUrl: [EDITOR_MESSAGES.url],
      },
    });
    const tooLong = await createViaApi("admin", {
      json: validBody({ excerpt: "e".repeat(301), slug: "ab" }),
    });
    expect(await readJson(tooLong)).toEqual({
      message: VALIDATION,
      errors: { excerpt: [EDITOR_MESSAGES.excerptMax], slug: [EDITOR_MESSAGES.slugMin] },
    });
    expect(allPosts()).toHaveLength(2);
  });

  it("answers 400 with the title and content messages for an empty body", async () => {
    for (const options of [
      { json: {} },
      { body: "", headers: { "Content-Type": "application/json" } },
    ]) {
      const response = await createViaApi("admin", options);
      expect(response.status).toBe(400);
      expect((await readJson(response)).errors).toMatchObject({
        title: [EDITOR_MESSAGES.titleMin],
        content: [EDITOR_MESSAGES.contentMin],
      });
    }
  });

  it("answers 409 for a slug that is taken, typed or made from the title", async () => {
    const typed = await createViaApi("admin", { json: validBody({ slug: "published-post" }) });
    expect(typed.status).toBe(409);
    expect(await readJson(typed)).toEqual({ message: "A post with this slug already exists" });
    const generated = await createViaApi("admin", {
      json: validBody({ title: "Secret Draft", slug: "" }),
    });
    expect(generated.status).toBe(409);
    expect(allPosts()).toHaveLength(2);
  });

  it("answers 415 to a body that is not JSON", async () => {
    for (const [body, type] of [
      ["title=Hello+world&content=x", "application/x-www-form-urlencoded"],
      ["hello", "text/plain"],
      [JSON.stringify(validBody()), "text/plain"],
    ] as const) {
      const response = await createViaApi("admin", { body, headers: { "Content-Type": type } });
      expect(response.status).toBe(415);
    }
    const form = new FormData();
    form.set("title", "Hello world");
    expect((await createViaApi("admin", { body: form })).status).toBe(415);
    expect(allPosts()).toHaveLength(2);
  });

  it("answers 400 to malformed JSON and to JSON that is not an object", async () => {
    for (const body of ["{", "[]", '"title"', "42", "null", "[{}]"]) {
      const response = await createViaApi("admin", {
        body,
        headers: { "Content-Type": "application/json" },
      });
      expect(response.status).toBe(400);
    }
  });

  it("answers 413 to a body that is too large", async () => {
    const response = await createViaApi("admin", {
      json: validBody({ content: "x".repeat(70_000) }),
    });
    expect(response.status).toBe(413);
  });

  it("answers 405 with Allow to other methods", async () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const response = await createViaApi("admin", { json: validBody() }, method);
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, POST");
    }
  });
});

describe("odd input never causes a 500", () => {
  const oddValues: unknown[] = [
    null,
    0,
    -1,
    1.5,
    true,
    false,
    [],
    ["a", "b"],
    [1, 2],
    [null],
    [[]],
    {},
    { $gt: "" },
    "",
    " ",
    "x".repeat(10_000),
    "<script>alert(1)</script>",
    "\u0000\u202e",
    "'; DROP TABLE blog_posts; --",
  ];
  const fields = [
    "title",
    "slug",
    "excerpt",
    "content",
    "featuredImageUrl",
    "tags",
    "published",
    "featured",
  ];

  it("for POST /api/blog-posts", async () => {
    for (const field of fields) {
      for (const value of oddValues) {
        const response = await createViaApi("admin", { json: validBody({ [field]: value }) });
        expect([201, 400, 409], `${field}=${JSON.stringify(value)}`).toContain(response.status);
      }
    }
  });

  it("for PATCH /api/blog-posts/{id}", async () => {
    for (const field of fields) {
      for (const value of oddValues) {
        const response = await byId("admin", live.id, "PATCH", { json: { [field]: value } });
        expect([200, 400], `${field}=${JSON.stringify(value)}`).toContain(response.status);
      }
    }
    expect(getPostById(live.id)?.slug).toBe("published-post");
  });

  it("for odd slugs, ids and tags in the URL", async () => {
    for (const slug of ["", "x".repeat(5000), "../../etc/passwd", "%00", "<script>", "ünïcode"]) {
      expect((await bySlug("visitor", slug)).status).toBe(404);
    }
    for (const query of [
      "?tag=",
      "?tag=%25",
      `?tag=${"x".repeat(5000)}`,
      "?tag=a&tag=b",
      "?tag=%00",
    ]) {
      expect((await listPosts("visitor", query)).status).toBe(200);
    }
  });
});

describe("GET /api/blog-posts", () => {
  it("lists published posts newest first in the summary shape", async () => {
    const newer = seed({ published: true });
    db.update(schema.blogPosts)
      .set({ publishedAt: new Date(Date.now() + 60_000) })
      .where(eq(schema.blogPosts.id, newer.id))
      .run();
    const body = await readJson(await listPosts("visitor"));
    expect(ids(body)).toEqual([newer.id, live.id]);
    expect(body[1]).toMatchObject({
      id: live.id,
      title: "Published post",
      slug: "published-post",
      author: "Admin",
      tags: ["Habits", "SMS"],
      published: true,
    });
    expect(body[1].excerpt).toBe(CONTENT);
    expect(body[1].readTime).toBe("1 min read");
    expect(body[1].dateLabel).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
    expect(body[1]).not.toHaveProperty("content");
    expect(body[1]).not.toHaveProperty("authorId");
  });

  it("filters by ?tag= case-insensitively, without drafts for readers", async () => {
    const goals = seed({ published: true, tags: ["goals"] });
    for (const tag of ["habits", "HABITS", "Habits", " habits "]) {
      expect(
        ids(await readJson(await listPosts("visitor", `?tag=${encodeURIComponent(tag)}`))),
      ).toEqual([live.id]);
    }
    expect(ids(await readJson(await listPosts("user", "?tag=goals")))).toEqual([goals.id]);
    expect(await readJson(await listPosts("visitor", "?tag=nothing"))).toEqual([]);
    expect(ids(await readJson(await listPosts("admin", "?tag=habits"))).sort()).toEqual(
      [live.id, draft.id].sort(),
    );
  });

  it("lists nothing when nothing is published", async () => {
    db.delete(schema.blogPosts).run();
    seed({ published: false });
    expect(await readJson(await listPosts("visitor"))).toEqual([]);
  });
});

describe("GET by slug and by id", () => {
  it("answers the post's detail with Markdown and sanitized HTML", async () => {
    const post = seed({
      title: "Rich content",
      slug: "rich-content",
      published: true,
      content: `## Subhead\n\n${CONTENT} [link](javascript:alert(1)) <img src=x onerror=alert(1)>`,
    });
    for (const response of [
      await bySlug("visitor", "rich-content"),
      await byId("visitor", post.id),
    ]) {
      const body = await readJson(response);
      expect(body.content).toContain("## Subhead");
      expect(body.contentHtml).toContain("<h2>Subhead</h2>");
      expect(body.contentHtml).not.toMatch(/javascript:|onerror|<script/);
    }
  });

  it("answers 405 to methods other than GET on the slug route", async () => {
    for (const method of ["POST", "PATCH", "DELETE"]) {
      const response = await bySlug("admin", "published-post", method);
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET");
    }
  });
});

describe("PATCH /api/blog-posts/{id}", () => {
  it("updates the fields sent and answers the updated detail", async () => {
    const response = await byId("admin", live.id, "PATCH", {
      json: { title: "A fresh title", tags: "one, two", excerpt: "", authorId: otherUserId },
    });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toMatchObject({
      id: live.id,
      title: "A fresh title",
      tags: ["one", "two"],
      excerpt: null,
      slug: "published-post",
      content: CONTENT,
      published: true,
    });
    expect(getPostById(live.id)?.authorId).toBe(adminId);
  });

  it("accepts the unchanged slug and refuses a different one", async () => {
    expect(
      (await byId("admin", live.id, "PATCH", { json: { slug: "published-post" } })).status,
    ).toBe(200);
    const response = await byId("admin", live.id, "PATCH", {
      json: { slug: "another-slug", title: "Should not be saved" },
    });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({
      message: VALIDATION,
      errors: { slug: ["The slug cannot be changed after a post is created"] },
    });
    expect(getPostById(live.id)).toMatchObject({ slug: "published-post", title: "Published post" });
  });

  it("answers 400 with the editor messages", async () => {
    const response = await byId("admin", live.id, "PATCH", {
      json: { title: "abc", excerpt: "short", content: "short", featuredImageUrl: "ftp://x.com/a" },
    });
    expect(response.status).toBe(400);
    expect(await readJson(response)).toEqual({
      message: VALIDATION,
      errors: {
        title: [EDITOR_MESSAGES.titleMin],
        excerpt: [EDITOR_MESSAGES.excerptMin],
        content: [EDITOR_MESSAGES.contentMin],
        featuredImageUrl: [EDITOR_MESSAGES.url],
      },
    });
  });

  it("publishes through the published field, setting publishedAt once", async () => {
    const first = await readJson(
      await byId("admin", draft.id, "PATCH", { json: { published: true } }),
    );
    expect(first.published).toBe(true);
    expect(first.publishedAt).not.toBeNull();
    const off = await readJson(
      await byId("admin", draft.id, "PATCH", { json: { published: false } }),
    );
    expect(off).toMatchObject({ published: false, publishedAt: first.publishedAt });
  });

  it("answers 404 for an unknown id, 415 for a body that is not JSON", async () => {
    for (const id of ["999999", "abc", "0"]) {
      const response = await byId("admin", id, "PATCH", { json: { title: "Nobody home" } });
      expect(response.status).toBe(404);
      expect(await readJson(response)).toEqual(NOT_FOUND);
    }
    const form = await byId("admin", live.id, "PATCH", {
      body: "title=Hello+there",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(415);
  });

  it("answers 405 with Allow to other methods", async () => {
    for (const method of ["POST", "PUT"]) {
      const response = await byId("admin", live.id, method, { json: {} });
      expect(response.status).toBe(405);
      expect(response.headers.get("Allow")).toBe("GET, PATCH, DELETE");
    }
  });
});

describe("publish and unpublish", () => {
  it("publishes with a message, sets publishedAt first time and keeps it afterwards", async () => {
    const published = await setPublished("admin", draft.id, "publish");
    expect(published.status).toBe(200);
    const first = await readJson(published);
    expect(first).toMatchObject({
      id: draft.id,
      published: true,
      message: "Post published successfully",
    });
    expect(first.publishedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const unpublished = await readJson(await setPublished("admin", draft.id, "unpublish"));
    expect(unpublished).toMatchObject({
      published: false,
      publishedAt: first.publishedAt,
      message: "Post unpublished successfully",
    });

    const again = await readJson(await setPublished("admin", draft.id, "publish"));
    expect(again).toMatchObject({ published: true, publishedAt: first.publishedAt });
    expect(getPostById(draft.id)?.publishedAt?.toISOString()).toBe(first.publishedAt);
  });

  it("hides an unpublished post from readers again", async () => {
    await setPublished("admin", live.id, "unpublish");
    expect((await bySlug("visitor", "published-post")).status).toBe(404);
    expect(await readJson(await listPosts("user"))).toEqual([]);
  });

  it("answers 404 for an unknown id and 405 to other methods", async () => {
    for (const kind of ["publish", "unpublish"] as const) {
      for (const id of ["999999", "abc"]) {
        const response = await setPublished("admin", id, kind);
        expect(response.status).toBe(404);
        expect(await readJson(response)).toEqual(NOT_FOUND);
      }
      for (const method of ["GET", "PATCH", "PUT", "DELETE"]) {
        const response = await setPublished("admin", live.id, kind, method);
        expect(response.status).toBe(405);
        expect(response.headers.get("Allow")).toBe("POST");
      }
    }
  });
});

describe("DELETE /api/blog-posts/{id}", () => {
  it("deletes with a message, then answers 404", async () => {
    const response = await byId("admin", live.id, "DELETE");
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ message: "Blog post deleted successfully" });
    expect(getPostById(live.id)).toBeUndefined();
    const again = await byId("admin", live.id, "DELETE");
    expect(again.status).toBe(404);
    expect(await readJson(again)).toEqual(NOT_FOUND);
    expect((await byId("admin", "abc", "DELETE")).status).toBe(404);
  });
});

describe("on a LiteFS replica", () => {
  it("replays every mutating call on the primary before anything else, and writes nothing", async () => {
    const before = allPosts();
    becomeReplica();
    const calls = [
      () => createViaApi("admin", { json: validBody() }),
      () => createViaApi("visitor", { json: validBody() }),
      () => byId("admin", live.id, "PATCH", { json: { title: "Replica edit" } }),
      () => byId("admin", live.id, "DELETE"),
      () => setPublished("admin", draft.id, "publish"),
      () => setPublished("user", live.id, "unpublish"),
    ];
    for (const run of calls) {
      const response = await run();
      expect(response.status).toBe(409);
      expect(response.headers.get("fly-replay")).toBe("instance=primary-host");
    }
    expect(allPosts()).toEqual(before);
    // Reads are answered by the replica itself.
    expect((await listPosts("visitor")).status).toBe(200);
    expect((await byId("visitor", live.id)).status).toBe(200);
  });
});
