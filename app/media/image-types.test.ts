import { sniffImageType } from "./image-types";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    parts.flatMap((part) => (typeof part === "string" ? [...Buffer.from(part, "latin1")] : part)),
  );

const PNG = bytes([0x89], "PNG\r\n\x1a\n", [0, 0, 0, 13], "IHDR", [0, 0, 0, 1]);
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], "JFIF\0");
const GIF87 = bytes("GIF87a", [1, 0, 1, 0]);
const GIF89 = bytes("GIF89a", [1, 0, 1, 0]);
const WEBP = bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 ");
const ftyp = (brand: string) => bytes([0, 0, 0, 24], "ftyp", brand, [0, 0, 0, 0], "mif1");

describe("sniffImageType", () => {
  it("recognises JPEG, PNG, GIF, WebP, HEIC and HEIF by their first bytes", () => {
    expect(sniffImageType(JPEG)).toBe("image/jpeg");
    expect(sniffImageType(PNG)).toBe("image/png");
    expect(sniffImageType(GIF87)).toBe("image/gif");
    expect(sniffImageType(GIF89)).toBe("image/gif");
    expect(sniffImageType(WEBP)).toBe("image/webp");
    for (const brand of ["heic", "heix", "hevc", "hevx", "heim", "heis"]) {
      expect(sniffImageType(ftyp(brand))).toBe("image/heic");
    }
    expect(sniffImageType(ftyp("mif1"))).toBe("image/heif");
    expect(sniffImageType(ftyp("msf1"))).toBe("image/heif");
  });

  it("refuses SVG (also when it says it is a PNG), HTML, text, video, empty and truncated data", () => {
    for (const data of [
      bytes('<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="100000"/>'),
      bytes('<?xml version="1.0"?><svg onload="alert(1)"></svg>'),
      bytes("\uFEFF<svg/>"),
      bytes(" <svg/>"),
      bytes("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>"),
      bytes("just some text"),
      bytes("%PDF-1.7\n"),
      new Uint8Array(0),
      bytes([0xff, 0xd8]),
      bytes([0x89, 0x50, 0x4e, 0x47]),
      bytes("GIF8"),
      bytes("GIF89"),
      bytes("RIFF", [0, 0, 0, 0], "WAVE"),
      bytes(" ", [0x89], "PNG\r\n\x1a\n"),
      ftyp("isom"),
      ftyp("mp42"),
      ftyp("avif"),
      ftyp("qt  "),
      bytes([0, 0, 0, 24], "ftyp"),
    ]) {
      expect(sniffImageType(data)).toBeUndefined();
    }
  });
});
