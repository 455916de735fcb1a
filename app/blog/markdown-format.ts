/**
 * The editor toolbar's Markdown formats, as pure functions: the snippet a button appends without
 * JavaScript, the edit it makes to the textarea's selection with JavaScript, and "clean".
 */

type Wrap = { kind: "wrap"; before: string; after: string; placeholder: string; url?: true };
type Prefix = {
  kind: "prefix";
  /** The prefix of the n-th (0-based) non-blank line. */
  prefix: (n: number) => string;
  /** An existing prefix of the same family, replaced rather than stacked. */
  replaces?: RegExp;
  placeholder: string;
};
type Clean = { kind: "clean" };

export type MarkdownFormat = { id: FormatId; label: string; glyph: string } & (
  Wrap | Prefix | Clean
);

const HEADING = /^#{1,6}[ \t]+/;
const LIST_ITEM = /^([-*+]|\d+[.)])[ \t]+/;

const heading = (level: 1 | 2 | 3 | 4 | 5 | 6) =>
  ({
    id: `h${level}`,
    label: `Heading ${level}`,
    glyph: `H${level}`,
    kind: "prefix",
    prefix: () => `${"#".repeat(level)} `,
    replaces: HEADING,
    placeholder: `Heading ${level}`,
  }) as const;

export const FORMAT_IDS = [
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "bold",
  "italic",
  "underline",
  "strike",
  "ordered",
  "bullet",
  "indent",
  "link",
  "image",
  "clean",
] as const;

export type FormatId = (typeof FORMAT_IDS)[number];

export const MARKDOWN_FORMATS: readonly MarkdownFormat[] = [
  heading(1),
  heading(2),
  heading(3),
  heading(4),
  heading(5),
  heading(6),
  {
    id: "bold",
    label: "Bold",
    glyph: "B",
    kind: "wrap",
    before: "**",
    after: "**",
    placeholder: "bold text",
  },
  {
    id: "italic",
    label: "Italic",
    glyph: "I",
    kind: "wrap",
    before: "*",
    after: "*",
    placeholder: "italic text",
  },
  {
    id: "underline",
    label: "Underline",
    glyph: "U",
    kind: "wrap",
    before: "<u>",
    after: "</u>",
    placeholder: "underlined text",
  },
  {
    id: "strike",
    label: "Strikethrough",
    glyph: "S",
    kind: "wrap",
    before: "~~",
    after: "~~",
    placeholder: "struck text",
  },
  {
    id: "ordered",
    label: "Numbered list",
    glyph: "1.",
    kind: "prefix",
    prefix: (n) => `${n + 1}. `,
    replaces: LIST_ITEM,
    placeholder: "item",
  },
  {
    id: "bullet",
    label: "Bulleted list",
    glyph: "•",
    kind: "prefix",
    prefix: () => "- ",
    replaces: LIST_ITEM,
    placeholder: "item",
  },
  {
    id: "indent",
    label: "Indent",
    glyph: "⇥",
    kind: "prefix",
    prefix: () => "    ",
    placeholder: "",
  },
  {
    id: "link",
    label: "Link",
    glyph: "Link",
    kind: "wrap",
    before: "[",
    after: "](https://)",
    placeholder: "link text",
    url: true,
  },
  {
    id: "image",
    label: "Image",
    glyph: "Image",
    kind: "wrap",
    before: "![",
    after: "](https://)",
    placeholder: "alt text",
    url: true,
  },
  { id: "clean", label: "Clear formatting", glyph: "Clean", kind: "clean" },
];

const BY_ID = new Map(MARKDOWN_FORMATS.map((f) => [f.id, f]));

export function isFormatId(value: unknown): value is FormatId {
  return typeof value === "string" && BY_ID.has(value as FormatId);
}

export function getFormat(id: FormatId): MarkdownFormat {
  return BY_ID.get(id)!;
}

/** What a button inserts where nothing is selected (and appends without JavaScript). */
export function formatSnippet(id: FormatId): string {
  const format = getFormat(id);
  if (format.kind === "wrap") return `${format.before}${format.placeholder}${format.after}`;
  if (format.kind === "prefix") return `${format.prefix(0)}${format.placeholder}`;
  return "";
}

/**
 * The content after a toolbar button was pressed without JavaScript: the snippet at the end (inline
 * formats on the same line, block formats as a new paragraph, indent on a new line); clean strips
 * the formatting of the whole content.
 */
export function appendFormat(content: string, id: FormatId): string {
  const format = getFormat(id);
  if (format.kind === "clean") return cleanMarkdown(content);
  const snippet = formatSnippet(id);
  if (format.kind === "wrap") {
    if (!content) return snippet;
    return /\s$/.test(content) ? `${content}${snippet}` : `${content} ${snippet}`;
  }
  const base = content.replace(/\s+$/, "");
  if (!base) return snippet;
  return id === "indent" ? `${base}\n${snippet}` : `${base}\n\n${snippet}`;
}

/** Removes Markdown (and inline HTML) formatting, keeping the words and the line breaks. */
export function cleanMarkdown(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<\/?[a-z][^>]*>/gi, "")
    .replace(/^[ \t]+/gm, "")
    .replace(/^(#{1,6}[ \t]+|>[ \t]?|([-*+]|\d+[.)])[ \t]+)/gm, "")
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, "$2")
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, "$1")
    .replace(/\*(?=\S)([^*\n]*?\S)\*/g, "$1")
    .replace(/(^|[^\w])_(?=\S)([^_\n]*?\S)_(?!\w)/g, "$1$2")
    .replace(/`([^`\n]*)`/g, "$1");
}

export type FormatEdit = {
  /** The whole new text. */
  text: string;
  /** The replaced range of the old text and what replaces it (for an undoable insert). */
  from: number;
  to: number;
  insert: string;
  /** The selection to show afterwards. */
  selectionStart: number;
  selectionEnd: number;
};

function edit(
  text: string,
  from: number,
  to: number,
  insert: string,
  select: [number, number],
): FormatEdit {
  return {
    text: text.slice(0, from) + insert + text.slice(to),
    from,
    to,
    insert,
    selectionStart: select[0],
    selectionEnd: select[1],
  };
}

/**
 * Applies a format to the selection [start, end) of `text`. Inline formats wrap the selected text
 * (or insert their snippet at the caret, its placeholder selected); line formats prefix every
 * selected line; clean strips the selection (or, with nothing selected, the whole text).
 */
export function applyFormat(text: string, start: number, end: number, id: FormatId): FormatEdit {
  const format = getFormat(id);
  const from = Math.max(0, Math.min(start, end, text.length));
  const to = Math.min(text.length, Math.max(start, end, 0));

  if (format.kind === "clean") {
    if (from === to) {
      const cleaned = cleanMarkdown(text);
      const caret = Math.min(from, cleaned.length);
      return edit(text, 0, text.length, cleaned, [caret, caret]);
    }
    const cleaned = cleanMarkdown(text.slice(from, to));
    return edit(text, from, to, cleaned, [from, from + cleaned.length]);
  }

  if (format.kind === "wrap") {
    const selected = text.slice(from, to);
    const core = selected.trim();
    if (!core) {
      const insert = `${format.before}${format.placeholder}${format.after}`;
      const at = from + format.before.length;
      return edit(text, from, to, insert, [at, at + format.placeholder.length]);
    }
    // Double-clicking a word often selects the space after it; the markers go round the word.
    const lead = selected.slice(0, selected.indexOf(core));
    const trail = selected.slice(lead.length + core.length);
    const insert = `${lead}${format.before}${core}${format.after}${trail}`;
    const coreStart = from + lead.length + format.before.length;
    if (format.url) {
      const urlStart = coreStart + core.length + 2;
      return edit(text, from, to, insert, [urlStart, urlStart + "https://".length]);
    }
    return edit(text, from, to, insert, [coreStart, coreStart + core.length]);
  }

  // Line formats work on whole lines: from the start of the first selected line to the end of the
  // last (a selection ending right after a line break does not take in the next line).
  const lineStart = text.lastIndexOf("\n", from - 1) + 1;
  const lastChar = to > from && text[to - 1] === "\n" ? to - 1 : to;
  const nextBreak = text.indexOf("\n", lastChar);
  const lineEnd = nextBreak === -1 ? text.length : nextBreak;
  const block = text.slice(lineStart, lineEnd);

  if (!block.trim()) {
    const insert = `${format.prefix(0)}${format.placeholder}`;
    const at = lineStart + format.prefix(0).length;
    return edit(text, lineStart, lineEnd, insert, [at, at + format.placeholder.length]);
  }

  let n = 0;
  const insert = block
    .split("\n")
    .map((line) => {
      if (!line.trim()) return line;
      const indent = format.replaces ? (line.match(/^[ \t]*/)?.[0] ?? "") : "";
      const body = format.replaces ? line.slice(indent.length).replace(format.replaces, "") : line;
      return `${indent}${format.prefix(n++)}${body}`;
    })
    .join("\n");
  return edit(text, lineStart, lineEnd, insert, [lineStart, lineStart + insert.length]);
}
