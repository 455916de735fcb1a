import { db, schema } from "~/utils/db.server";
import { createTestUser } from "../../tests/helpers/requests";
import { BLOG_IMAGE_PATH } from "./post-schema";
import {
  BLOG_IMAGE_MAX_BYTES,
  BlogImageError,
  getBlogImage,
  sniffImageType,
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
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF\0");
const GIF87 = bytes("GIF87a", [1, 0, 1, 0]);
const GIF89 = bytes("GIF89a", [1, 0, 1, 0]);
const WEBP = bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 ");
const SVG = bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const SVG_WITH_XML = bytes('<?xml version="1.0"?><svg onload="alert(1)"></svg>');
const HTML = bytes("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>");

const TYPE_MESSAGE = "The image must be a JPEG, PNG, GIF or WebP file";

describe("sniffImageType", () => {
  it("recognises JPEG, PNG, GIF and WebP by their first bytes", () => {
    expect(sniffImageType(JPEG)).toBe("image/jpeg");
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(GIF87)).toBe("image/gif");
    expect(sniffImageType(GIF89)).toBe("image/gif");
    expect(sniffImageType(WEBP)).toBe("image/webp");
  });

  it("refuses SVG, HTML, text, empty and truncated data", () => {
    for (const data of [
      SVG,
      SVG_WITH_XML,
      HTML,
      bytes("just some text"),
      new Uint8Array(0),
      bytes([0xff, 0xd8]),
      bytes([0x89, 0x50, 0x4e, 0x47]),
      bytes("GIF8"),
      bytes("RIFF", [0, 0, 0, 0], "WAVE"),
      bytes(" ", [0x89], "PNG\r\n\x1a\n"),
    ]) {
      expect(sniffImageType(data)).toBeUndefined();
    }
  });
});

describe("storeBlogImage", () => {
  let uploader: number;
  beforeAll(async () => {
    uploader = (await createTestUser({ admin: true })).id;
  });

  function refusal(data: Uint8Array) {
    try {
      storeBlogImage(data, uploader);
    } catch (error) {
      expect(error).toBeInstanceOf(BlogImageError);
      return (error as Error).message;
    }
    throw new Error("expected the image to be refused");
  }

  it("refuses an empty file", () => {
    expect(refusal(new Uint8Array(0))).toBe("The image file is empty");
  });

  it("refuses a file over 5 MB, even a real PNG", () => {
    const big = new Uint8Array(BLOG_IMAGE_MAX_BYTES + 1);
    big.set(PNG);
    expect(refusal(big)).toBe("The image must be 5 MB or smaller");
  });

  it("refuses files that are not JPEG, PNG, GIF or WebP whatever they are called", () => {
    expect(refusal(SVG)).toBe(TYPE_MESSAGE);
    expect(refusal(SVG_WITH_XML)).toBe(TYPE_MESSAGE);
    // An HTML page renamed photo.png: the name and declared type are never looked at.
    expect(refusal(HTML)).toBe(TYPE_MESSAGE);
    expect(refusal(bytes("%PDF-1.7\n"))).toBe(TYPE_MESSAGE);
  });

  it("stores nothing when it refuses", () => {
    const before = storedCount();
    refusal(HTML);
    refusal(new Uint8Array(0));
    expect(storedCount()).toBe(before);
  });

  it("stores a PNG and returns the path it is served from", () => {
    const path = storeBlogImage(PNG, uploader);
    expect(path).toMatch(BLOG_IMAGE_PATH);
    const id = path.slice("/blog-images/".length);
    const image = getBlogImage(id);
    expect(image).toMatchObject({
      id,
      contentType: "image/png",
      size: PNG.byteLength,
      uploadedBy: uploader,
    });
    expect(new Uint8Array(image!.data)).toEqual(PNG);
  });

  it("stores each upload under a new unguessable id", () => {
    const first = storeBlogImage(JPEG, uploader);
    const second = storeBlogImage(JPEG, uploader);
    expect(first).not.toBe(second);
    expect(getBlogImage(second.slice("/blog-images/".length))?.contentType).toBe("image/jpeg");
  });

  it("accepts a file of exactly 5 MB", () => {
    const exact = new Uint8Array(BLOG_IMAGE_MAX_BYTES);
    exact.set(GIF89);
    const path = storeBlogImage(exact, uploader);
    expect(getBlogImage(path.slice("/blog-images/".length))).toMatchObject({
      contentType: "image/gif",
      size: BLOG_IMAGE_MAX_BYTES,
    });
  });

  it("finds nothing for an unknown id", () => {
    expect(getBlogImage("no-such-image-id-0000")).toBeUndefined();
  });
});

function storedCount() {
  return db.select().from(schema.blogImages).all().length;
}
