import {
  EXCERPT_FALLBACK_LENGTH,
  SLUG_MAX,
  SLUG_PATTERN,
  parsePageParam,
  parseTags,
  postDateLabel,
  postExcerpt,
  readTimeLabel,
  readTimeMinutes,
  slugify,
} from "./blog-rules";

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i}`).join(" ");

describe("slugify", () => {
  it.each([
    ["Hello World", "hello-world"],
    ["UPPER case Title", "upper-case-title"],
    ["Hello, World! How's it going?", "hello-world-hows-it-going"],
    ["10 Tips for 2024", "10-tips-for-2024"],
    ["already-hyphenated-title", "already-hyphenated-title"],
    ["e-mail & SMS: a how-to", "e-mail-sms-a-how-to"],
  ])("lower-cases and drops non-word characters: %j -> %j", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("turns spaces into hyphens and collapses repeated spaces and hyphens", () => {
    expect(slugify("one two")).toBe("one-two");
    expect(slugify("one    two")).toBe("one-two");
    expect(slugify("one\ttwo\nthree")).toBe("one-two-three");
    expect(slugify("one -- two")).toBe("one-two");
    expect(slugify("one---two")).toBe("one-two");
    expect(slugify("a - b - c")).toBe("a-b-c");
  });

  it("folds accents to plain letters", () => {
    expect(slugify("Café au lait à la crème")).toBe("cafe-au-lait-a-la-creme");
    expect(slugify("Ünïcödé Façade")).toBe("unicode-facade");
    expect(slugify("Jalapeño Niño")).toBe("jalapeno-nino");
  });

  it("turns underscores into hyphens (slugs allow only letters, digits and hyphens)", () => {
    expect(slugify("snake_case_title")).toBe("snake-case-title");
    expect(slugify("a__b _ c")).toBe("a-b-c");
  });

  it("leaves no hyphen at either end", () => {
    expect(slugify("  --Leading and trailing--  ")).toBe("leading-and-trailing");
    expect(slugify("!Wow!")).toBe("wow");
    expect(slugify("- dash -")).toBe("dash");
  });

  it("drops emoji and symbols", () => {
    expect(slugify("🔥 Hot take 🔥")).toBe("hot-take");
    expect(slugify("Habits 💪 that stick")).toBe("habits-that-stick");
    expect(slugify("100% sure ©® ★ → ok")).toBe("100-sure-ok");
  });

  it("gives an empty slug for a title of symbols only", () => {
    for (const title of ["!!!", "🔥🔥🔥", "— – —", "   ", "", "@#$%^&*()", "___"]) {
      expect(slugify(title)).toBe("");
    }
  });

  it("caps the slug at 255 characters without a trailing hyphen", () => {
    expect(slugify("a".repeat(300))).toBe("a".repeat(SLUG_MAX));
    const long = slugify("word ".repeat(100));
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX);
    expect(long).toMatch(/^word(-word)+$/);
    // A hyphen would fall on character 255: it is removed rather than left at the end.
    const edge = slugify(`${"a".repeat(254)} b`);
    expect(edge).toBe("a".repeat(254));
  });

  it("always answers a valid slug or an empty string", () => {
    const titles = [
      "Hello World",
      "  ¿Qué tal?  ",
      "日本語のタイトル",
      "Привет мир 2024",
      "tab\tand\nnewline",
      "x".repeat(1000),
      "a-_-b",
      "ÅÄÖ åäö",
    ];
    for (const title of titles) {
      const slug = slugify(title);
      expect(slug === "" || SLUG_PATTERN.test(slug)).toBe(true);
      expect(slug.length).toBeLessThanOrEqual(SLUG_MAX);
      expect(slug).not.toMatch(/^-|-$|--/);
    }
  });
});

describe("read time (words / 200, rounded up)", () => {
  it.each([
    [0, 1],
    [1, 1],
    [200, 1],
    [201, 2],
    [400, 2],
    [401, 3],
    [1000, 5],
  ])("%i words -> %i min", (count, minutes) => {
    expect(readTimeMinutes(words(count))).toBe(minutes);
    expect(readTimeLabel(words(count))).toBe(`${minutes} min read`);
  });

  it("shows at least 1 min read for empty or blank content", () => {
    expect(readTimeLabel("")).toBe("1 min read");
    expect(readTimeLabel("   \n\t  ")).toBe("1 min read");
  });

  it("splits words on any whitespace, ignoring leading, trailing and repeated whitespace", () => {
    const spaced = `\n\n  ${Array.from({ length: 201 }, (_, i) => `w${i}`).join(" \t\n  ")}  \r\n`;
    expect(readTimeMinutes(spaced)).toBe(2);
    const tabs = Array.from({ length: 200 }, () => "word").join("\t");
    expect(readTimeMinutes(tabs)).toBe(1);
    expect(readTimeMinutes(`${tabs}\nextra`)).toBe(2);
  });
});

describe("postExcerpt (fallback to the first 120 characters)", () => {
  it("uses the explicit excerpt, trimmed, when there is one", () => {
    expect(postExcerpt({ excerpt: "  A short summary.  ", content: words(500) })).toBe(
      "A short summary.",
    );
  });

  it("falls back to the content when the excerpt is null, empty or blank", () => {
    for (const excerpt of [null, "", "   \n "]) {
      expect(postExcerpt({ excerpt, content: "Short content." })).toBe("Short content.");
    }
  });

  it("keeps content of up to 120 characters unchanged", () => {
    const exact = "x".repeat(EXCERPT_FALLBACK_LENGTH);
    expect(postExcerpt({ excerpt: null, content: exact })).toBe(exact);
    expect(postExcerpt({ excerpt: null, content: "Just a line." })).toBe("Just a line.");
  });

  it("cuts longer content to exactly 120 characters followed by ...", () => {
    const text = "abcdefghij".repeat(20);
    const excerpt = postExcerpt({ excerpt: null, content: text });
    expect(excerpt).toBe(`${text.slice(0, 120)}...`);
    expect(excerpt).toHaveLength(123);
    const oneOver = "y".repeat(121);
    expect(postExcerpt({ excerpt: null, content: oneOver })).toBe(`${"y".repeat(120)}...`);
  });

  it("builds the fallback from the text a reader sees, without Markdown or HTML", () => {
    const content = [
      "# A heading",
      "",
      "Some **bold**, *italic*, ~~struck~~ and `code` with a [link](https://example.com).",
      "",
      "![A picture](https://example.com/a.png)",
      "",
      "- one",
      "- two",
      "1. first",
      "> quoted <b>html</b>",
      "```js",
      "const hidden = true;",
      "```",
    ].join("\n");
    const excerpt = postExcerpt({ excerpt: null, content });
    expect(excerpt).toBe(
      "A heading Some bold, italic, struck and code with a link. A picture one two first quoted html",
    );
    expect(excerpt).not.toMatch(/[#*~`[\]()<>]|https?:|hidden/);
  });

  it("keeps comparison signs that are not tags, and drops HTML comments", () => {
    const content = "Aim for 3 < 5 sets, not > 8. <!-- a note to self --> <em>Really</em> daily.";
    expect(postExcerpt({ excerpt: null, content })).toBe(
      "Aim for 3 < 5 sets, not > 8. Really daily.",
    );
  });

  it("counts the 120 characters after stripping Markdown", () => {
    const content = `**${"b".repeat(130)}**`;
    expect(postExcerpt({ excerpt: null, content })).toBe(`${"b".repeat(120)}...`);
  });
});

describe("postDateLabel (full month name, day, four-digit year)", () => {
  const now = new Date("2030-01-02T12:00:00Z");

  it("formats the published date like April 17, 2023", () => {
    const publishedAt = new Date("2023-04-17T15:00:00Z");
    expect(postDateLabel({ publishedAt, createdAt: null }, now)).toBe("April 17, 2023");
  });

  it("prefers the published date over the created date", () => {
    const post = {
      publishedAt: new Date("2023-04-17T15:00:00Z"),
      createdAt: new Date("2022-12-01T15:00:00Z"),
    };
    expect(postDateLabel(post, now)).toBe("April 17, 2023");
  });

  it("uses the created date when there is no published date", () => {
    const post = { publishedAt: null, createdAt: new Date("2022-12-01T15:00:00Z") };
    expect(postDateLabel(post, now)).toBe("December 1, 2022");
  });

  it("uses today when there is neither", () => {
    expect(postDateLabel({ publishedAt: null, createdAt: null }, now)).toBe("January 2, 2030");
  });

  it("uses the calendar day in America/New_York, not UTC", () => {
    // 03:59 UTC on April 18 is still 11:59 PM on April 17 in New York (EDT, UTC-4).
    const lateEvening = new Date("2023-04-18T03:59:00Z");
    expect(postDateLabel({ publishedAt: lateEvening, createdAt: null }, now)).toBe(
      "April 17, 2023",
    );
    const midnight = new Date("2023-04-18T04:00:00Z");
    expect(postDateLabel({ publishedAt: midnight, createdAt: null }, now)).toBe("April 18, 2023");
    // In winter New York is UTC-5.
    const newYearsEve = new Date("2024-01-01T04:59:59Z");
    expect(postDateLabel({ publishedAt: newYearsEve, createdAt: null }, now)).toBe(
      "December 31, 2023",
    );
  });
});

describe("parseTags", () => {
  it("splits on commas and trims", () => {
    expect(parseTags("habits, sms ,  goals")).toEqual(["habits", "sms", "goals"]);
  });

  it("drops blanks and removes duplicates case-insensitively, keeping the first spelling", () => {
    expect(parseTags(",, habits,,Habits , HABITS, ,sms")).toEqual(["habits", "sms"]);
    expect(parseTags("SMS, sms")).toEqual(["SMS"]);
  });

  it("collapses inner whitespace", () => {
    expect(parseTags("  habit   building ,\tmorning\nroutine ")).toEqual([
      "habit building",
      "morning routine",
    ]);
  });

  it("accepts a list and treats null, undefined and empty input as no tags", () => {
    expect(parseTags([" a ", "b", "A", ""])).toEqual(["a", "b"]);
    expect(parseTags(null)).toEqual([]);
    expect(parseTags(undefined)).toEqual([]);
    expect(parseTags("")).toEqual([]);
    expect(parseTags([])).toEqual([]);
  });
});

describe("parsePageParam", () => {
  it("reads whole page numbers from 1 up", () => {
    expect(parsePageParam("1")).toBe(1);
    expect(parsePageParam("2")).toBe(2);
    expect(parsePageParam("42")).toBe(42);
    expect(parsePageParam("007")).toBe(7);
  });

  it("treats anything else as page 1", () => {
    for (const raw of [null, "", "0", "-1", "1.5", "abc", "1e3", " 2", "2 ", "0x10", "9999999"]) {
      expect(parsePageParam(raw)).toBe(1);
    }
  });
});
