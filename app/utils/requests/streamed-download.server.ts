import { bindIfParam, sql, type Column } from "drizzle-orm";
import { csvLine } from "../text/csv";

// Downloads whose size grows with a person's data (exports, /api lists) are written as they are read:
// rows come from SQLite a batch at a time, each batch one short synchronous query after the last row
// of the one before, so no read stays open while a client is slow and only one batch is in memory.

/** Rows read per query. */
export const BATCH_SIZE = 500;

/** The rows after `last` (all rows from the start when it is undefined), at most `limit`, in order. */
export type ReadAfter<Row> = (last: Row | undefined, limit: number) => Row[];

/** Every row, a batch at a time: each batch is read only when the one before has been written. */
export function* batchesAfter<Row>(
  readAfter: ReadAfter<Row>,
  size = BATCH_SIZE,
): Generator<Row[], void, undefined> {
  let last: Row | undefined;
  for (;;) {
    const rows = readAfter(last, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    last = rows[rows.length - 1];
  }
}

/**
 * The rows after a row in the order (first, second) ascending, or descending: one range of an index
 * on those columns, by SQLite's row values.
 */
export function keysetAfter(
  [first, second]: [Column, Column],
  [firstValue, secondValue]: [unknown, unknown],
  order: "asc" | "desc" = "asc",
) {
  const after = sql`(${first}, ${second})`;
  const row = sql`(${bindIfParam(firstValue, first)}, ${bindIfParam(secondValue, second)})`;
  return order === "asc" ? sql`${after} > ${row}` : sql`${after} < ${row}`;
}

/** Each batch changed as it goes by (its rows in one call, so lookups can be made per batch). */
export function* mapBatches<Row, Out>(
  batches: Iterable<Row[]>,
  map: (rows: Row[]) => Out[],
): Generator<Out[], void, undefined> {
  for (const rows of batches) yield map(rows);
}

/** A CSV file: the header, then one line per row; every line ends with CRLF. */
export function* csvText(
  header: readonly string[],
  batches: Iterable<(readonly string[])[]>,
): Generator<string, void, undefined> {
  yield `${csvLine(header)}\r\n`;
  for (const rows of batches) {
    for (const row of rows) yield `${csvLine(row)}\r\n`;
  }
}

/** A JSON array whose items are read in batches, for a place in a value given to jsonText. */
export class StreamedArray {
  constructor(readonly batches: Iterable<unknown[]>) {}
}

export const streamedArray = (batches: Iterable<unknown[]>) => new StreamedArray(batches);

/**
 * The value as JSON.stringify(value, null, indent) writes it, byte for byte, with each StreamedArray
 * in it (at the top, or as a property of plain objects holding one) written a batch at a time.
 */
export function jsonText(value: unknown, indent = 0): Generator<string, void, undefined> {
  return writeJson(value, indent, 0);
}

function* writeJson(value: unknown, indent: number, depth: number): Generator<string> {
  if (value instanceof StreamedArray) {
    yield* writeArray(value.batches, indent, depth);
  } else if (holdsStreamedArray(value)) {
    yield* writeObject(value, indent, depth);
  } else {
    yield nested(JSON.stringify(value, null, indent) ?? "null", indent, depth);
  }
}

function holdsStreamedArray(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.getPrototypeOf(value) === Object.prototype &&
    Object.values(value).some((v) => v instanceof StreamedArray || holdsStreamedArray(v))
  );
}

/** JSON text written at a depth: its line breaks (structure only: strings escape theirs) indented. */
function nested(text: string, indent: number, depth: number) {
  return indent && depth ? text.replace(/\n/g, `\n${" ".repeat(indent * depth)}`) : text;
}

function* writeArray(batches: Iterable<unknown[]>, indent: number, depth: number) {
  const inner = indent ? `\n${" ".repeat(indent * (depth + 1))}` : "";
  const separator = `,${inner}`;
  let empty = true;
  for (const items of batches) {
    for (const item of items) {
      yield empty ? `[${inner}` : separator;
      yield nested(JSON.stringify(item, null, indent) ?? "null", indent, depth + 1);
      empty = false;
    }
  }
  yield empty ? "[]" : `${indent ? `\n${" ".repeat(indent * depth)}` : ""}]`;
}

function* writeObject(object: Record<string, unknown>, indent: number, depth: number) {
  const inner = indent ? `\n${" ".repeat(indent * (depth + 1))}` : "";
  const entries = Object.entries(object).filter(([, v]) => isWritten(v));
  if (entries.length === 0) {
    yield "{}";
    return;
  }
  for (const [i, [key, value]] of entries.entries()) {
    yield `${i === 0 ? "{" : ","}${inner}${JSON.stringify(key)}:${indent ? " " : ""}`;
    yield* writeJson(value, indent, depth + 1);
  }
  yield `${indent ? `\n${" ".repeat(indent * depth)}` : ""}}`;
}

/** JSON.stringify leaves out properties whose value is undefined, a function or a symbol. */
function isWritten(value: unknown) {
  return value !== undefined && typeof value !== "function" && typeof value !== "symbol";
}

/** Characters gathered into one chunk of a streamed body. */
export const CHUNK_CHARS = 16 * 1024;

/**
 * A body read from the text pieces when the reader asks for more, gathered into chunks of about
 * CHUNK_CHARS: a slow client slows the reading of rows rather than making the server hold them, and
 * every string made on the way is small enough to die young rather than fill the old heap.
 */
export function textStream(pieces: Iterable<string>): ReadableStream<Uint8Array> {
  const iterator = pieces[Symbol.iterator]();
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk: string[] = [];
      let length = 0;
      let next = iterator.next();
      for (; !next.done; next = iterator.next()) {
        chunk.push(next.value);
        length += next.value.length;
        if (length >= CHUNK_CHARS) break;
      }
      if (length > 0) controller.enqueue(encoder.encode(chunk.join("")));
      if (next.done) controller.close();
    },
    cancel() {
      iterator.return?.();
    },
  });
}

/** A body read from the chunks one at a time, when the reader asks for more. */
export function byteStream(chunks: Iterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.iterator]();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel() {
      iterator.return?.();
    },
  });
}

/** A JSON answer, as Remix's json() gives it, streamed. */
export function streamedJson(value: unknown, init: ResponseInit = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(textStream(jsonText(value)), { ...init, headers });
}
