import { readFileSync, writeFileSync } from "node:fs";

/** Replaces what stands between two marker lines of a doc (the markers included) with `block`. */
export function rewriteDocBlock(
  file: string,
  markers: { start: string; end: string; name: string },
  block: string,
) {
  const doc = readFileSync(file, "utf8");
  const start = doc.indexOf(markers.start);
  const end = doc.indexOf(markers.end);
  if (start < 0 || end < 0) throw new Error(`${file} has no ${markers.name} markers`);
  writeFileSync(file, doc.slice(0, start) + block + doc.slice(end + markers.end.length));
}
