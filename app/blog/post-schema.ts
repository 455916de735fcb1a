import { z } from "zod";
import { BLOG_IMAGE_PATH } from "./blog-image-path";
import {
  CONTENT_MIN,
  EXCERPT_MAX,
  EXCERPT_MIN,
  SLUG_MAX,
  SLUG_MIN,
  SLUG_PATTERN,
  TAG_MAX,
  TAGS_MAX,
  TITLE_MAX,
  TITLE_MIN,
  parseTags,
  slugify,
} from "./blog-rules";

/** The product's exact validation texts, shared by the editor and /api. */
export const POST_MESSAGES = {
  titleMin: "Title must be at least 5 characters",
  titleMax: `Title cannot exceed ${TITLE_MAX} characters`,
  slugMin: "Slug must be at least 3 characters",
  slugMax: `Slug cannot exceed ${SLUG_MAX} characters`,
  slugPattern: "Slug can only contain lowercase letters, numbers, and hyphens",
  excerptMin: "Excerpt must be at least 10 characters",
  excerptMax: "Excerpt cannot exceed 300 characters",
  contentMin: "Content must be at least 50 characters",
  contentMax: "Content cannot exceed 50,000 characters",
  url: "Must be a valid URL",
  tags: `Use at most ${TAGS_MAX} tags of at most ${TAG_MAX} characters each`,
  boolean: "Must be true or false",
} as const;

export const CONTENT_MAX = 50_000;

export { BLOG_IMAGE_PATH };

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && !v.trim());

/** A checkbox ("on"), a JSON boolean or the words true/false. */
const booleanField = z.preprocess(
  (v) => {
    if (blank(v) || v === "false" || v === "off") return false;
    if (v === "on" || v === "true") return true;
    return v;
  },
  z.boolean({ error: POST_MESSAGES.boolean }),
);

const title = z
  .string({ error: POST_MESSAGES.titleMin })
  .trim()
  .min(TITLE_MIN, POST_MESSAGES.titleMin)
  .max(TITLE_MAX, POST_MESSAGES.titleMax);

export const slugField = z
  .string({ error: POST_MESSAGES.slugMin })
  .trim()
  .min(SLUG_MIN, POST_MESSAGES.slugMin)
  .max(SLUG_MAX, POST_MESSAGES.slugMax)
  .regex(SLUG_PATTERN, POST_MESSAGES.slugPattern);

const excerpt = z.preprocess(
  (v) => (blank(v) ? null : v),
  z
    .string({ error: POST_MESSAGES.excerptMin })
    .trim()
    .min(EXCERPT_MIN, POST_MESSAGES.excerptMin)
    .max(EXCERPT_MAX, POST_MESSAGES.excerptMax)
    .nullable(),
);

const content = z
  .string({ error: POST_MESSAGES.contentMin })
  .refine((v) => v.trim().length >= CONTENT_MIN, POST_MESSAGES.contentMin)
  .refine((v) => v.length <= CONTENT_MAX, POST_MESSAGES.contentMax);

function isImageUrl(value: string) {
  if (BLOG_IMAGE_PATH.test(value)) return true;
  if (value.length > 2048 || !/^https?:\/\//i.test(value)) return false;
  return z.url({ protocol: /^https?$/, hostname: z.regexes.domain }).safeParse(value).success;
}

const featuredImageUrl = z.preprocess(
  (v) => (blank(v) ? null : typeof v === "string" ? v.trim() : v),
  z.string({ error: POST_MESSAGES.url }).refine(isImageUrl, POST_MESSAGES.url).nullable(),
);

const isStringList = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((item) => typeof item === "string");

// Anything but a string or a list of strings goes on to z.array, which answers with a 400 rather than
// parseTags failing on it.
const tags = z.preprocess(
  (v) => (v === null ? [] : typeof v === "string" || isStringList(v) ? parseTags(v) : v),
  z.array(z.string().max(TAG_MAX, POST_MESSAGES.tags)).max(TAGS_MAX, POST_MESSAGES.tags),
);

const postFields = {
  title,
  excerpt,
  content,
  featuredImageUrl,
  tags: tags.default([]),
  published: booleanField.default(false),
  featured: booleanField.default(false),
};

/**
 * A new post, from the editor's form or POST /api/blog-posts. A missing slug is made from the title,
 * as the editor does when the title loses focus (and as it must without JavaScript).
 */
export const NewPostSchema = z
  .object({
    ...postFields,
    slug: z.preprocess((v) => (blank(v) ? undefined : v), slugField.optional()),
  })
  .transform((post) => ({ ...post, slug: post.slug?.trim() || slugify(post.title) }))
  .superRefine((post, ctx) => {
    const result = slugField.safeParse(post.slug);
    for (const issue of result.error?.issues ?? []) {
      ctx.addIssue({ code: "custom", path: ["slug"], message: issue.message });
    }
  });

/** The editor's form for an existing post: every field; the slug is shown but cannot change. */
export const EditPostSchema = z.object({ ...postFields, slug: z.string().optional() });

/** PATCH /api/blog-posts/{id}: any of the fields (a slug is accepted only if it is unchanged). */
export const PostPatchSchema = z
  .object({
    title,
    excerpt,
    content,
    featuredImageUrl,
    tags,
    published: booleanField,
    featured: booleanField,
    slug: z.string(),
  })
  .partial();

export type NewPostInput = z.output<typeof NewPostSchema>;
export type PostPatch = z.output<typeof PostPatchSchema>;

// --- Answers (docs/openapi.json is generated from these) ---

/** A post in lists: no Markdown, the excerpt shown. */
export const PostSummaryAnswerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  featuredImageUrl: z.string().nullable(),
  tags: z.array(z.string()),
  published: z.boolean(),
  featured: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  publishedAt: z.iso.datetime().nullable(),
  dateLabel: z.string(),
  readTime: z.string(),
  author: z.string(),
});

/** A whole post: its Markdown source and the sanitized HTML rendered from it. */
export const PostDetailAnswerSchema = PostSummaryAnswerSchema.extend({
  excerpt: z.string().nullable(),
  displayExcerpt: z.string(),
  content: z.string(),
  contentHtml: z.string(),
});

/** POST /api/blog-posts/{id}/publish and /unpublish. */
export const PostPublicationAnswerSchema = PostDetailAnswerSchema.extend({ message: z.string() });
