import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { BLOG_IMAGE_PATH } from "./post-schema";

const marked = new Marked({ gfm: true, breaks: false, async: false });

const HTTP_URL = /^https?:\/\//i;

/**
 * Everything a post may contain once rendered. Raw HTML in the Markdown is allowed through marked and
 * then cut down to this list: no scripts, styles, frames or forms, no event handlers, and only http(s)
 * (or mailto) links and http(s) images (or our own uploaded images).
 */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "del",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "code",
    "pre",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    ol: ["start"],
    code: ["class"],
    th: ["align"],
    td: ["align"],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "nofollow noopener noreferrer" },
    }),
    img: (tagName, attribs) => {
      const src = attribs.src ?? "";
      const allowed = HTTP_URL.test(src) || BLOG_IMAGE_PATH.test(src);
      const { src: _src, ...rest } = attribs;
      return { tagName, attribs: { ...rest, ...(allowed ? { src } : {}), loading: "lazy" } };
    },
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** Cleans HTML from any source down to the blog's allow-list. */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

/** A post's Markdown as HTML that is safe to put in the page. */
export function renderMarkdown(markdown: string): string {
  return sanitizePostHtml(marked.parse(markdown) as string);
}
