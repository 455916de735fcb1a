import { crc32, deflateSync } from "node:zlib";

// Small files that declare (or decode to) far more pixels than they weigh: what an attacker texts in.

const SVG_BOMB =
  '<svg xmlns="http://www.w3.org/2000/svg" width="7000" height="7000"><filter id="f">' +
  '<feTurbulence baseFrequency="0.9" numOctaves="10"/><feGaussianBlur stdDeviation="40"/>' +
  '</filter><rect width="100%" height="100%" filter="url(#f)"/></svg>';

/** A 234-byte SVG that renders 49 megapixels through a turbulence filter (librsvg takes minutes). */
export const svgBomb = () => Buffer.from(SVG_BOMB);

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.byteLength);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header declaring width x height RGB pixels, with a few rows of data after it. */
export function pngBomb(width: number, height: number) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(Buffer.alloc((width * 3 + 1) * 4))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** LSB-first bit packing, as GIF's LZW stream wants. */
class BitWriter {
  private bytes: number[] = [];
  private current = 0;
  private filled = 0;
  write(code: number, size: number) {
    this.current |= code << this.filled;
    this.filled += size;
    while (this.filled >= 8) {
      this.bytes.push(this.current & 0xff);
      this.current >>>= 8;
      this.filled -= 8;
    }
  }
  finish() {
    if (this.filled > 0) this.bytes.push(this.current & 0xff);
    return Buffer.from(this.bytes);
  }
}

/**
 * The LZW stream of `pixels` pixels all of colour `index` (2-bit minimum code size). Runs of one colour
 * compress best: each code stands for a run one pixel longer than the last, so megapixels take KB.
 */
function solidLzw(index: number, pixels: number) {
  const CLEAR = 4;
  const END = 5;
  const out = new BitWriter();
  let size = 3;
  let decoderNext = 6; // the entry the decoder adds next: it adds one per code after the first
  let sinceClear = 0;
  const emit = (code: number) => {
    out.write(code, size);
    sinceClear += 1;
    if (sinceClear >= 2 && decoderNext < 4096) {
      decoderNext += 1;
      if (decoderNext === 1 << size && size < 12) size += 1;
    }
  };
  const clear = () => {
    out.write(CLEAR, size);
    size = 3;
    decoderNext = 6;
    sinceClear = 0;
  };
  clear();
  let left = pixels;
  let run = 1; // the longest run the table holds: runs of 2.. are codes 6..
  while (left > 0) {
    const length = Math.min(run, left);
    emit(length === 1 ? index : 4 + length);
    left -= length;
    run += 1;
    if (4 + run > 4095) {
      clear();
      run = 1;
    }
  }
  out.write(END, size);
  const data = out.finish();
  const blocks: Buffer[] = [Buffer.from([2])];
  for (let at = 0; at < data.byteLength; at += 255) {
    const block = data.subarray(at, at + 255);
    blocks.push(Buffer.from([block.byteLength]), block);
  }
  blocks.push(Buffer.from([0]));
  return Buffer.concat(blocks);
}

/** An animated GIF of `frames` full frames of width x height, each one solid colour. */
export function gifBomb(width: number, height: number, frames: number) {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  screen.set([0x81, 0, 0], 4); // global colour table of 4 entries
  const parts = [
    Buffer.from("GIF89a", "latin1"),
    screen,
    Buffer.from([0xff, 0, 0, 0, 0, 0xff, 0, 0, 0, 0xff, 0xff, 0xff]),
    Buffer.from([0x21, 0xff, 11, ...Buffer.from("NETSCAPE2.0"), 3, 1, 0, 0, 0]),
  ];
  for (let frame = 0; frame < frames; frame++) {
    const descriptor = Buffer.alloc(10);
    descriptor[0] = 0x2c;
    descriptor.writeUInt16LE(width, 5);
    descriptor.writeUInt16LE(height, 7);
    parts.push(Buffer.from([0x21, 0xf9, 4, 0, 10, 0, 0, 0]), descriptor);
    parts.push(solidLzw(frame % 3, width * height));
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}
