import {
  appendFormat,
  applyFormat,
  cleanMarkdown,
  FORMAT_IDS,
  formatSnippet,
  isFormatId,
  MARKDOWN_FORMATS,
} from "./markdown-format";
import type { FormatId } from "./markdown-format";

/** Applies a format to the part of `marked` between [ and ] (the brackets mark the selection). */
function format(marked: string, id: FormatId) {
  const start = marked.indexOf("[");
  const end = marked.indexOf("]") - 1;
  const text = marked.replace("[", "").replace("]", "");
  const result = applyFormat(text, start, end, id);
  // The edit and the whole text agree.
  expect(text.slice(0, result.from) + result.insert + text.slice(result.to)).toBe(result.text);
  return {
    text: result.text,
    selected: result.text.slice(result.selectionStart, result.selectionEnd),
  };
}

/** Every format of the toolbar, in its order, with the snippet it inserts. */
const SNIPPETS = [
  ["h1", "# Heading 1"],
  ["h2", "## Heading 2"],
  ["h3", "### Heading 3"],
  ["h4", "#### Heading 4"],
  ["h5", "##### Heading 5"],
  ["h6", "###### Heading 6"],
  ["bold", "**bold text**"],
  ["italic", "*italic text*"],
  ["underline", "<u>underlined text</u>"],
  ["strike", "~~struck text~~"],
  ["ordered", "1. item"],
  ["bullet", "- item"],
  ["indent", "    "],
  ["link", "[link text](https://)"],
  ["image", "![alt text](https://)"],
  ["clean", ""],
] as const;

describe("the toolbar's formats", () => {
  it("has every format of the editor, each with a label", () => {
    expect(MARKDOWN_FORMATS.map((f) => f.id)).toEqual([...FORMAT_IDS]);
    expect(FORMAT_IDS).toEqual(SNIPPETS.map(([id]) => id));
    for (const f of MARKDOWN_FORMATS) expect(f.label).toMatch(/\w/);
    expect(isFormatId("bold")).toBe(true);
    expect(isFormatId("script")).toBe(false);
    expect(isFormatId(undefined)).toBe(false);
  });

  it.each(SNIPPETS)("has the snippet of %s", (id, snippet) => {
    expect(formatSnippet(id)).toBe(snippet);
  });
});

describe("appendFormat (a toolbar button without JavaScript)", () => {
  it("appends inline snippets on the same line, after a space", () => {
    expect(appendFormat("Some text", "bold")).toBe("Some text **bold text**");
    expect(appendFormat("Some text ", "italic")).toBe("Some text *italic text*");
    expect(appendFormat("Line\n", "underline")).toBe("Line\n<u>underlined text</u>");
    expect(appendFormat("", "strike")).toBe("~~struck text~~");
    expect(appendFormat("See", "link")).toBe("See [link text](https://)");
    expect(appendFormat("Look", "image")).toBe("Look ![alt text](https://)");
  });

  it("appends block snippets as a new paragraph", () => {
    expect(appendFormat("Intro.", "h1")).toBe("Intro.\n\n# Heading 1");
    expect(appendFormat("Intro.\n\n\n", "h3")).toBe("Intro.\n\n### Heading 3");
    expect(appendFormat("Intro.", "ordered")).toBe("Intro.\n\n1. item");
    expect(appendFormat("Intro.", "bullet")).toBe("Intro.\n\n- item");
    expect(appendFormat("", "h2")).toBe("## Heading 2");
  });

  it("appends an indented new line", () => {
    expect(appendFormat("Intro.\n", "indent")).toBe("Intro.\n    ");
  });

  it("cleans the whole content", () => {
    expect(appendFormat("# Title\n\nSome **bold** text", "clean")).toBe("Title\n\nSome bold text");
  });
});

describe("applyFormat (a toolbar button with JavaScript)", () => {
  it("wraps the selected text and keeps it selected", () => {
    expect(format("Make [this] strong", "bold")).toEqual({
      text: "Make **this** strong",
      selected: "this",
    });
    expect(format("Make [this] slanted", "italic").text).toBe("Make *this* slanted");
    expect(format("Make [this] underlined", "underline").text).toBe("Make <u>this</u> underlined");
    expect(format("Make [this] struck", "strike").text).toBe("Make ~~this~~ struck");
  });

  it("keeps spaces at the edges of the selection outside the markers", () => {
    expect(format("Make [this ]strong", "bold")).toEqual({
      text: "Make **this** strong",
      selected: "this",
    });
  });

  it("inserts the snippet at the caret with its placeholder selected", () => {
    expect(format("Start []end", "bold")).toEqual({
      text: "Start **bold text**end",
      selected: "bold text",
    });
    expect(format("[]", "strike")).toEqual({ text: "~~struck text~~", selected: "struck text" });
  });

  it("makes a link or image of the selection and selects the URL to type", () => {
    expect(format("Read [our guide] today", "link")).toEqual({
      text: "Read [our guide](https://) today",
      selected: "https://",
    });
    expect(format("[A photo]", "image")).toEqual({
      text: "![A photo](https://)",
      selected: "https://",
    });
    expect(format("Go []", "link")).toEqual({
      text: "Go [link text](https://)",
      selected: "link text",
    });
  });

  it("prefixes the caret's line with a heading, replacing an existing heading", () => {
    expect(format("Intro\nTi[]tle\nEnd", "h2")).toEqual({
      text: "Intro\n## Title\nEnd",
      selected: "## Title",
    });
    expect(format("### Ti[]tle", "h1").text).toBe("# Title");
    for (const level of [1, 2, 3, 4, 5, 6] as const) {
      expect(format("[Title]", `h${level}`).text).toBe(`${"#".repeat(level)} Title`);
    }
  });

  it("prefixes every selected line for lists, numbering only lines with text", () => {
    expect(format("[one\ntwo\n\nthree]", "ordered")).toEqual({
      text: "1. one\n2. two\n\n3. three",
      selected: "1. one\n2. two\n\n3. three",
    });
    expect(format("Intro\n[one\ntwo]", "bullet").text).toBe("Intro\n- one\n- two");
    // An existing list marker is replaced, not stacked.
    expect(format("[- one\n- two]", "ordered").text).toBe("1. one\n2. two");
    expect(format("[1. one\n2. two]", "bullet").text).toBe("- one\n- two");
  });

  it("takes in whole lines, but not the line after a selection that ends at a line break", () => {
    expect(format("ab[c\nde]f\nghi", "bullet").text).toBe("- abc\n- def\nghi");
    expect(format("[abc\n]def", "bullet").text).toBe("- abc\ndef");
  });

  it("indents the selected lines by four spaces", () => {
    expect(format("[a\nb]", "indent").text).toBe("    a\n    b");
    expect(format("    [a]", "indent").text).toBe("        a");
  });

  it("inserts a line snippet on an empty line with its placeholder selected", () => {
    expect(format("Intro\n[]", "h1")).toEqual({
      text: "Intro\n# Heading 1",
      selected: "Heading 1",
    });
    expect(format("[]", "ordered")).toEqual({ text: "1. item", selected: "item" });
    expect(format("[]", "bullet")).toEqual({ text: "- item", selected: "item" });
  });

  it("cleans the selection only, or everything when nothing is selected", () => {
    expect(format("**keep** [**this** and *that*]", "clean")).toEqual({
      text: "**keep** this and that",
      selected: "this and that",
    });
    expect(format("# Title[]\n\n- **a**", "clean").text).toBe("Title\n\na");
  });

  it("clamps a selection outside the text", () => {
    expect(applyFormat("abc", 5, 9, "bold").text).toBe("abc**bold text**");
    expect(applyFormat("abc", 2, 1, "bold").text).toBe("a**b**c");
  });
});

describe("cleanMarkdown", () => {
  it("strips headings, emphasis, strike, underline, lists, indentation, quotes and code", () => {
    const markdown = [
      "# Heading",
      "###### Small heading",
      "Some **bold**, __bold__, *italic*, _italic_, ~~struck~~ and <u>underlined</u> text.",
      "1. first",
      "2) second",
      "- bullet",
      "* star",
      "    indented",
      "> quoted",
      "Use `code` here.",
    ].join("\n");
    expect(cleanMarkdown(markdown)).toBe(
      [
        "Heading",
        "Small heading",
        "Some bold, bold, italic, italic, struck and underlined text.",
        "first",
        "second",
        "bullet",
        "star",
        "indented",
        "quoted",
        "Use code here.",
      ].join("\n"),
    );
  });

  it("keeps the text of links and images", () => {
    expect(
      cleanMarkdown("See [the guide](https://example.com) and ![a chart](https://x.test/c.png)"),
    ).toBe("See the guide and a chart");
  });

  it("leaves snake_case words and lone asterisks alone", () => {
    expect(cleanMarkdown("a snake_case_name and 2 * 3 = 6")).toBe(
      "a snake_case_name and 2 * 3 = 6",
    );
  });

  it("keeps paragraphs", () => {
    expect(cleanMarkdown("One.\n\nTwo.")).toBe("One.\n\nTwo.");
  });
});
