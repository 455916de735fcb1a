import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { db, schema } from "~/utils/db.server";

export const BLOG_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const BLOG_IMAGE_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;

export const IMAGE_TOO_LARGE = "The image must be 5 MB or smaller";

export class BlogImageError extends Error {}

/** The image type from the file's first bytes; the declared type is not trusted. */
export function sniffImageType(data: Uint8Array): (typeof BLOG_IMAGE_TYPES)[number] | undefined {
  const ascii = (from: number, to: number) => String.fromCharCode(...data.subarray(from, to));
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "image/png";
  if (ascii(0, 6) === "GIF87a" || ascii(0, 6) === "GIF89a") return "image/gif";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  return undefined;
}

/** Stores an uploaded featured image and returns the path it is served from. */
export function storeBlogImage(data: Uint8Array, uploadedBy: number): string {
  if (data.byteLength === 0) throw new BlogImageError("The image file is empty");
  if (data.byteLength > BLOG_IMAGE_MAX_BYTES) throw new BlogImageError(IMAGE_TOO_LARGE);
  const contentType = sniffImageType(data);
  if (!contentType) throw new BlogImageError("The image must be a JPEG, PNG, GIF or WebP file");
  const id = randomBytes(18).toString("base64url");
  db.insert(schema.blogImages)
    .values({ id, uploadedBy, contentType, size: data.byteLength, data: Buffer.from(data) })
    .run();
  return `/blog-images/${id}`;
}

export function getBlogImage(id: string) {
  return db.select().from(schema.blogImages).where(eq(schema.blogImages.id, id)).get();
}
