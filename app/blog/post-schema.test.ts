import { parseWithZod } from "@conform-to/zod/v4";
import { EditPostSchema, NewPostSchema, POST_MESSAGES, PostPatchSchema } from "./post-schema";

// The product's exact texts, spelled out so a change to POST_MESSAGES cannot hide a wrong text.
const EDITOR_MESSAGES = {
  titleMin: "Title must be at least 5 characters",
  slugMin: "Slug must be at least 3 characters",
  slugPattern: "Slug can only contain lowercase letters, numbers, and hyphens",
  excerptMin: "Excerpt must be at least 10 characters",
  excerptMax: "Excerpt cannot exceed 300 characters",
  contentMin: "Content must be at least 50 characters",
  url: "Must be a valid URL",
};

const CONTENT = "This is the body of a post, long enough to pass the fifty character rule.";
const valid = { title: "Five habits", content: CONTENT };

function form(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

/** The editor's view of a submission: field -> messages, or the parsed value. */
function submitForm(fields: Record<string, string>) {
  return parseWithZod(form(fields), { schema: NewPostSchema });
}

function formErrors(fields: Record<string, string>) {
  const submission = submitForm(fields);
  expect(submission.status).toBe("error");
  return submission.status === "error" ? submission.error : {};
}

function jsonErrors(body: unknown, schema: typeof NewPostSchema | typeof PostPatchSchema) {
  const result = schema.safeParse(body);
  expect(result.success).toBe(false);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    (errors[issue.path.join(".")] ??= []).push(issue.message);
  }
  return errors;
}

function parsed(body: unknown) {
  const result = NewPostSchema.safeParse(body);
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

describe("POST_MESSAGES", () => {
  it("holds the blog editor's exact messages", () => {
    expect(POST_MESSAGES).toMatchObject(EDITOR_MESSAGES);
  });
});

describe("NewPostSchema from the editor's form", () => {
  it("shows every message for an empty form", () => {
    const errors = formErrors({ title: "", slug: "", excerpt: "", content: "", tags: "" });
    expect(errors?.title).toEqual([EDITOR_MESSAGES.titleMin]);
    expect(errors?.content).toEqual([EDITOR_MESSAGES.contentMin]);
    // Optional fields left empty are not errors.
    expect(errors).not.toHaveProperty("excerpt");
    expect(errors).not.toHaveProperty("featuredImageUrl");
    expect(errors).not.toHaveProperty("tags");
  });

  it("checks the length of the title, excerpt and content", () => {
    const errors = formErrors({
      title: "Four",
      slug: "ok-slug",
      excerpt: "too short",
      content: "x".repeat(49),
    });
    expect(errors?.title).toEqual([EDITOR_MESSAGES.titleMin]);
    expect(errors?.excerpt).toEqual([EDITOR_MESSAGES.excerptMin]);
    expect(errors?.content).toEqual([EDITOR_MESSAGES.contentMin]);
    expect(formErrors({ ...valid, excerpt: "e".repeat(301) })?.excerpt).toEqual([
      EDITOR_MESSAGES.excerptMax,
    ]);
  });

  it("counts the title and content after trimming", () => {
    expect(formErrors({ title: "   abcd   ", content: CONTENT })?.title).toEqual([
      EDITOR_MESSAGES.titleMin,
    ]);
    expect(formErrors({ ...valid, content: `  ${"x".repeat(45)}     ` })?.content).toEqual([
      EDITOR_MESSAGES.contentMin,
    ]);
  });

  it("accepts the limits exactly", () => {
    const submission = submitForm({
      title: "Abcde",
      slug: "abc",
      excerpt: "e".repeat(10),
      content: "c".repeat(50),
    });
    expect(submission.status).toBe("success");
    expect(
      submitForm({ title: "Abcde", excerpt: "e".repeat(300), content: "c".repeat(50) }).status,
    ).toBe("success");
  });

  it("checks the slug's length and characters", () => {
    expect(formErrors({ ...valid, slug: "ab" })?.slug).toEqual([EDITOR_MESSAGES.slugMin]);
    for (const slug of ["Upper-Case", "with space", "under_score", "ümlaut", "dot.slug", "a/b"]) {
      expect(formErrors({ ...valid, slug })?.slug).toEqual([EDITOR_MESSAGES.slugPattern]);
    }
  });

  it("makes the slug from the title when it is left empty", () => {
    const submission = submitForm({ title: "My First Post!", slug: "", content: CONTENT });
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value.slug).toBe("my-first-post");
  });

  it("keeps a slug that was typed", () => {
    const submission = submitForm({ ...valid, slug: "custom-slug-1" });
    if (submission.status !== "success") throw new Error("expected success");
    expect(submission.value.slug).toBe("custom-slug-1");
  });

  it("reports the slug when the title gives too short a slug", () => {
    expect(formErrors({ title: "🔥🔥🔥🔥🔥 !!", content: CONTENT })?.slug).toContain(
      EDITOR_MESSAGES.slugMin,
    );
    expect(formErrors({ title: "ab !!!", content: CONTENT })?.slug).toEqual([
      EDITOR_MESSAGES.slugMin,
    ]);
  });

  it("reads the Publish checkbox: 'on' is true, absent is false", () => {
    const on = submitForm({ ...valid, published: "on" });
    const off = submitForm(valid);
    if (on.status !== "success" || off.status !== "success") throw new Error("expected success");
    expect(on.value.published).toBe(true);
    expect(off.value.published).toBe(false);
  });

  it("splits tags on commas, trims them and removes duplicates", () => {
    const submission = submitForm({ ...valid, tags: " habits, SMS ,,habits, sms , goal setting " });
    if (submission.status !== "success") throw new Error("expected success");
    expect(submission.value.tags).toEqual(["habits", "SMS", "goal setting"]);
  });

  it("accepts an http(s) or uploaded featured image and rejects anything else", () => {
    for (const url of [
      "http://example.com/a.png",
      "https://images.example.com/path/a.jpg?w=800",
      "/blog-images/abcdefghijklmnopqrstuvwx",
    ]) {
      const submission = submitForm({ ...valid, featuredImageUrl: url });
      if (submission.status !== "success") throw new Error(`expected ${url} to pass`);
      expect(submission.value.featuredImageUrl).toBe(url);
    }
    for (const url of [
      "javascript:alert(1)",
      "JavaScript:alert(document.cookie)",
      "data:image/png;base64,iVBORw0KGgo=",
      "images/photo.png",
      "/images/photo.png",
      "../photo.png",
      "//evil.example.com/a.png",
      "ftp://example.com/a.png",
      "vbscript:msgbox(1)",
      "/blog-images/short",
      "/blog-images/../../etc/passwd",
      "not a url",
      "https://",
    ]) {
      expect(formErrors({ ...valid, featuredImageUrl: url })?.featuredImageUrl).toEqual([
        EDITOR_MESSAGES.url,
      ]);
    }
  });

  it("treats an empty featured image as none", () => {
    const submission = submitForm({ ...valid, featuredImageUrl: "" });
    if (submission.status !== "success") throw new Error("expected success");
    expect(submission.value.featuredImageUrl).toBeNull();
    expect(submission.value.excerpt).toBeNull();
  });
});

describe("NewPostSchema from JSON (POST /api/blog-posts)", () => {
  it("gives every EDITOR_MESSAGES message", () => {
    const errors = jsonErrors(
      {
        title: "abc",
        slug: "A",
        excerpt: "short",
        content: "short",
        featuredImageUrl: "javascript:alert(1)",
      },
      NewPostSchema,
    );
    expect(errors.title).toEqual([EDITOR_MESSAGES.titleMin]);
    expect(errors.slug).toEqual(
      expect.arrayContaining([EDITOR_MESSAGES.slugMin, EDITOR_MESSAGES.slugPattern]),
    );
    expect(errors.excerpt).toEqual([EDITOR_MESSAGES.excerptMin]);
    expect(errors.content).toEqual([EDITOR_MESSAGES.contentMin]);
    expect(errors.featuredImageUrl).toEqual([EDITOR_MESSAGES.url]);
    expect(jsonErrors({ ...valid, excerpt: "e".repeat(301) }, NewPostSchema).excerpt).toEqual([
      EDITOR_MESSAGES.excerptMax,
    ]);
    expect(jsonErrors({ ...valid, slug: "Has Spaces" }, NewPostSchema).slug).toEqual([
      EDITOR_MESSAGES.slugPattern,
    ]);
  });

  it("gives the EDITOR_MESSAGES messages for missing fields", () => {
    const errors = jsonErrors({}, NewPostSchema);
    expect(errors.title).toEqual([EDITOR_MESSAGES.titleMin]);
    expect(errors.content).toEqual([EDITOR_MESSAGES.contentMin]);
  });

  it("makes the slug from the title when it is missing, null or blank", () => {
    for (const slug of [undefined, null, "", "   "]) {
      expect(parsed({ ...valid, title: "Morning Routines 101", slug }).slug).toBe(
        "morning-routines-101",
      );
    }
  });

  it("reads published from true, 'true', false, 'false' and absence", () => {
    expect(parsed({ ...valid, published: true }).published).toBe(true);
    expect(parsed({ ...valid, published: "true" }).published).toBe(true);
    expect(parsed({ ...valid, published: "on" }).published).toBe(true);
    expect(parsed({ ...valid, published: false }).published).toBe(false);
    expect(parsed({ ...valid, published: "false" }).published).toBe(false);
    expect(parsed(valid).published).toBe(false);
    expect(jsonErrors({ ...valid, published: "yes" }, NewPostSchema).published).toEqual([
      POST_MESSAGES.boolean,
    ]);
    expect(jsonErrors({ ...valid, published: 1 }, NewPostSchema).published).toEqual([
      POST_MESSAGES.boolean,
    ]);
  });

  it("takes tags as a list or a comma-separated string, trimmed and without duplicates", () => {
    expect(parsed({ ...valid, tags: [" habits ", "Habits", "", "sms"] }).tags).toEqual([
      "habits",
      "sms",
    ]);
    expect(parsed({ ...valid, tags: "a, b, a" }).tags).toEqual(["a", "b"]);
    expect(parsed({ ...valid, tags: null }).tags).toEqual([]);
    expect(parsed(valid).tags).toEqual([]);
  });

  it("limits the number and length of tags", () => {
    const many = Array.from({ length: 11 }, (_, i) => `tag${i}`);
    expect(jsonErrors({ ...valid, tags: many }, NewPostSchema).tags).toEqual([POST_MESSAGES.tags]);
    expect(jsonErrors({ ...valid, tags: ["t".repeat(41)] }, NewPostSchema)["tags.0"]).toEqual([
      POST_MESSAGES.tags,
    ]);
  });

  it("answers wrong types with messages, never with an exception", () => {
    const odd: unknown[] = [null, 42, true, [], ["a", "b"], { a: 1 }, [1, 2], [null], [["x"]]];
    for (const value of odd) {
      for (const field of [
        "title",
        "slug",
        "excerpt",
        "content",
        "featuredImageUrl",
        "tags",
        "published",
      ]) {
        expect(() => NewPostSchema.safeParse({ ...valid, [field]: value })).not.toThrow();
        expect(() => PostPatchSchema.safeParse({ [field]: value })).not.toThrow();
      }
    }
    const errors = jsonErrors(
      { title: 12345, content: ["x".repeat(60)], featuredImageUrl: 7, tags: [1, 2] },
      NewPostSchema,
    );
    expect(errors.title).toContain(EDITOR_MESSAGES.titleMin);
    expect(errors.content).toContain(EDITOR_MESSAGES.contentMin);
    expect(errors.featuredImageUrl).toEqual([EDITOR_MESSAGES.url]);
    expect(Object.keys(errors).some((key) => key.startsWith("tags"))).toBe(true);
  });

  it("caps title and content length", () => {
    expect(jsonErrors({ ...valid, title: "t".repeat(256) }, NewPostSchema).title).toEqual([
      POST_MESSAGES.titleMax,
    ]);
    expect(jsonErrors({ ...valid, content: "c".repeat(50_001) }, NewPostSchema).content).toEqual([
      POST_MESSAGES.contentMax,
    ]);
    expect(jsonErrors({ ...valid, slug: "s".repeat(256) }, NewPostSchema).slug).toEqual([
      POST_MESSAGES.slugMax,
    ]);
  });

  it("drops fields it does not know, such as authorId", () => {
    expect(parsed({ ...valid, authorId: 99 })).not.toHaveProperty("authorId");
  });
});

describe("PostPatchSchema (PATCH /api/blog-posts/{id})", () => {
  it("leaves out the fields that were not sent, so a patch changes only what it names", () => {
    expect(PostPatchSchema.parse({})).toEqual({});
    expect(PostPatchSchema.parse({ title: "A new title" })).toEqual({ title: "A new title" });
  });

  it("checks the fields that were sent with the EDITOR_MESSAGES messages", () => {
    const errors = jsonErrors(
      { title: "abc", excerpt: "short", content: "short", featuredImageUrl: "data:x" },
      PostPatchSchema,
    );
    expect(errors).toEqual({
      title: [EDITOR_MESSAGES.titleMin],
      excerpt: [EDITOR_MESSAGES.excerptMin],
      content: [EDITOR_MESSAGES.contentMin],
      featuredImageUrl: [EDITOR_MESSAGES.url],
    });
  });

  it("clears the excerpt and image when they are sent empty", () => {
    expect(PostPatchSchema.parse({ excerpt: "", featuredImageUrl: "" })).toEqual({
      excerpt: null,
      featuredImageUrl: null,
    });
  });
});

describe("EditPostSchema (the editor's form for an existing post)", () => {
  it("uses the same EDITOR_MESSAGES messages", () => {
    const submission = parseWithZod(form({ title: "abc", content: "short" }), {
      schema: EditPostSchema,
    });
    expect(submission.status).toBe("error");
    if (submission.status === "error") {
      expect(submission.error?.title).toEqual([EDITOR_MESSAGES.titleMin]);
      expect(submission.error?.content).toEqual([EDITOR_MESSAGES.contentMin]);
    }
  });
});
