import sharp from "sharp";
import { db, schema } from "~/utils/db/db.server";
import { createTestUser } from "../../tests/helpers/requests";
import { BLOG_IMAGE_PATH } from "./post-schema";
import {
  BLOG_IMAGE_MAX_BYTES,
  BlogImageError,
  blogImageBytes,
  getBlogImage,
  migrateStoredBlogImages,
  storeBlogImage,
} from "./images.server";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === "string" ? [...Buffer.from(part, "latin1")] : part)),
  );

const PNG = bytes(
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0, 0, 0, 13],
  "IHDR",
  [0, 0, 0, 1],
);
const SVG = bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const SVG_WITH_XML = bytes('<?xml version="1.0"?><svg onload="alert(1)"></svg>');
const HTML = bytes("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>");

const TYPE_MESSAGE = "The image must be a JPEG, PNG, GIF or WebP file";

describe("storeBlogImage", () => {
  let uploader: number;
  beforeAll(async () => {
    uploader = (await createTestUser({ admin: true })).id;
  });

  const picture = (format: "png" | "jpeg" | "gif" | "webp") =>
    sharp({ create: { width: 40, height: 30, channels: 3, background: "#2a6" } })
      [format]()
      .toBuffer();

  async function refusal(data: Uint8Array) {
    try {
      await storeBlogImage(data, uploader);
    } catch (error) {
      expect(error).toBeInstanceOf(BlogImageError);
      return (error as Error).message;
    }
    throw new Error("expected the image to be refused");
  }

  it("refuses an empty file", async () => {
    expect(await refusal(new Uint8Array(0))).toBe("The image file is empty");
  });

  it("refuses a file over 5 MB, even a real PNG", async () => {
    const big = new Uint8Array(BLOG_IMAGE_MAX_BYTES + 1);
    big.set(PNG);
    expect(await refusal(big)).toBe("The image must be 5 MB or smaller");
  });

  it("refuses files that are not JPEG, PNG, GIF or WebP whatever they are called", async () => {
    expect(await refusal(SVG)).toBe(TYPE_MESSAGE);
    expect(await refusal(SVG_WITH_XML)).toBe(TYPE_MESSAGE);
    // An HTML page renamed photo.png: the name and declared type are never looked at.
    expect(await refusal(HTML)).toBe(TYPE_MESSAGE);
    expect(await refusal(bytes("%PDF-1.7\n"))).toBe(TYPE_MESSAGE);
    // A HEIC we would take from a phone is no type a browser shows as a featured image.
    expect(await refusal(bytes([0, 0, 0, 24], "ftypheic"))).toBe(TYPE_MESSAGE);
    // The right first bytes and nothing readable after them.
    expect(await refusal(PNG)).toBe("The image could not be read");
  });

  it("stores nothing when it refuses", async () => {
    const before = storedCount();
    await refusal(HTML);
    await refusal(new Uint8Array(0));
    expect(storedCount()).toBe(before);
  });

  it("keeps the image in the object store, not the database, without its EXIF, with a card version", async () => {
    const original = await sharp(await picture("jpeg"))
      .withExif({ IFD0: { Copyright: "Lat 40.7128 Long -74.0060" } })
      .toBuffer();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const path = await storeBlogImage(original, uploader);
    expect(path).toMatch(BLOG_IMAGE_PATH);
    const id = path.slice("/blog-images/".length);
    const image = getBlogImage(id)!;
    expect(image).toMatchObject({
      id,
      contentType: "image/jpeg",
      uploadedBy: uploader,
      data: null,
      storageKey: `blog/${id}`,
      cardKey: `blog/${id}.card.webp`,
    });
    const full = await blogImageBytes(image, "full");
    expect(full!.etag).toBe(`"${image.sha256}"`);
    const meta = await sharp(full!.bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 40, height: 30 });
    expect(meta.exif).toBeUndefined();
    expect((await blogImageBytes(image, "card"))!.contentType).toBe("image/webp");
  });

  it("accepts each of the four types, each under a new unguessable id (a GIF kept as a PNG)", async () => {
    const paths = [];
    for (const format of ["png", "jpeg", "gif", "webp"] as const) {
      const path = await storeBlogImage(await picture(format), uploader);
      const kept = format === "gif" ? "png" : format;
      expect(getBlogImage(path.slice("/blog-images/".length))?.contentType).toBe(`image/${kept}`);
      paths.push(path);
    }
    expect(new Set(paths).size).toBe(4);
  });

  it("moves images kept in the database to the store once: npm run media:migrate", async () => {
    const bytes = await picture("png");
    const id = "OldBlogImage00000001";
    db.insert(schema.blogImages)
      .values({
        id,
        uploadedBy: uploader,
        contentType: "image/png",
        size: bytes.byteLength,
        data: bytes,
      })
      .run();
    expect(await migrateStoredBlogImages()).toBeGreaterThanOrEqual(1);
    const moved = getBlogImage(id)!;
    expect(moved).toMatchObject({ data: null, storageKey: `blog/${id}` });
    const served = await blogImageBytes(moved, "full");
    expect((await sharp(served!.bytes).metadata()).width).toBe(40);
    expect(await migrateStoredBlogImages()).toBe(0);
  });

  it("finds nothing for an unknown id", () => {
    expect(getBlogImage("no-such-image-id-0000")).toBeUndefined();
  });
});

function storedCount() {
  return db.select().from(schema.blogImages).all().length;
}
