import { inflateSync } from "node:zlib";

/**
 * The text of a PDF written by PDFKit, one line per text-showing operator, for assertions.
 *
 * Not a general PDF parser: PDFKit deflates every content stream (FlateDecode) and writes the text of
 * its standard fonts as hex strings in TJ arrays (`[<52756e20356b> 0] TJ`, split where it kerns) or
 * Tj operands. The bytes are WinAnsi codes, read here as latin1, which matches for ASCII text.
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const content of contentStreams(pdf)) {
    for (const match of content.matchAll(
      /\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9a-fA-F\s]*>|\((?:[^)\\]|\\.)*\))\s*Tj/g,
    )) {
      const operands = match[1] ?? match[2] ?? "";
      lines.push(
        Array.from(operands.matchAll(/<([0-9a-fA-F\s]*)>|\(((?:[^)\\]|\\.)*)\)/g), (part) =>
          part[1] !== undefined ? decodeHex(part[1]) : decodeLiteral(part[2] ?? ""),
        ).join(""),
      );
    }
  }
  return lines.join("\n");
}

/** The inflated bodies of the streams that deflate (content streams; others are skipped). */
function contentStreams(pdf: Buffer): string[] {
  const text = pdf.toString("latin1");
  const bodies: string[] = [];
  const start = /stream\r?\n/g;
  for (let match = start.exec(text); match; match = start.exec(text)) {
    const from = match.index + match[0].length;
    const end = text.indexOf("endstream", from);
    if (end === -1) break;
    // The body ends with the end-of-line before `endstream`; inflate ignores trailing bytes anyway.
    try {
      bodies.push(inflateSync(pdf.subarray(from, end)).toString("latin1"));
    } catch {
      // Not deflated (or not a content stream): no text of ours in it.
    }
    start.lastIndex = end + "endstream".length;
  }
  return bodies;
}

function decodeHex(hex: string) {
  const digits = hex.replace(/\s/g, "");
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, "hex").toString("latin1");
}

function decodeLiteral(literal: string) {
  return literal.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, escape: string) => {
    const named: Record<string, string> = { n: "\n", r: "\r", t: "\t", b: "\b", f: "\f" };
    return (
      named[escape] ?? (/^[0-7]+$/.test(escape) ? String.fromCharCode(parseInt(escape, 8)) : escape)
    );
  });
}
