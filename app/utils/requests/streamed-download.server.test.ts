import { csvLine } from "../text/csv";
import {
  BATCH_SIZE,
  batchesAfter,
  byteStream,
  CHUNK_CHARS,
  csvText,
  jsonText,
  mapBatches,
  streamedArray,
  textStream,
} from "./streamed-download.server";

const text = (pieces: Iterable<string>) => [...pieces].join("");

/** Rows 1..count read after a row the way a keyset query does, counting the reads. */
function numbers(count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({ id: i + 1 }));
  const reads: number[] = [];
  const readAfter = (last: { id: number } | undefined, limit: number) => {
    const from = last ? last.id : 0;
    const batch = rows.slice(from, from + limit);
    reads.push(batch.length);
    return batch;
  };
  return { rows, reads, readAfter };
}

describe("batchesAfter", () => {
  it.each([
    [0, [0]],
    [1, [1]],
    [BATCH_SIZE - 1, [BATCH_SIZE - 1]],
    [BATCH_SIZE, [BATCH_SIZE, 0]],
    [BATCH_SIZE + 1, [BATCH_SIZE, 1]],
    [3 * BATCH_SIZE, [BATCH_SIZE, BATCH_SIZE, BATCH_SIZE, 0]],
  ])("reads %i rows in batches of at most BATCH_SIZE, each once", (count, expectedReads) => {
    const { rows, reads, readAfter } = numbers(count);
    const batches = [...batchesAfter(readAfter)];
    expect(batches.flat()).toEqual(rows);
    expect(batches.every((b) => b.length > 0 && b.length <= BATCH_SIZE)).toBe(true);
    expect(reads).toEqual(expectedReads);
  });

  it("reads the next batch only when the one before has been taken", () => {
    const { reads, readAfter } = numbers(2 * BATCH_SIZE + 5);
    const batches = batchesAfter(readAfter);
    batches.next();
    expect(reads).toEqual([BATCH_SIZE]);
    batches.next();
    expect(reads).toEqual([BATCH_SIZE, BATCH_SIZE]);
  });
});

describe("csvText", () => {
  it("writes what joining every line with CRLF (and one at the end) writes", () => {
    const rows = [
      ["2026-01-01", 'said "hi", then', "=1+1"],
      ["2026-01-02", "line\nbreak", " edge "],
      ["2026-01-03", "", "plain"],
    ];
    const header = ["date", "text", "more"];
    const expected = `${[header, ...rows].map(csvLine).join("\r\n")}\r\n`;
    expect(text(csvText(header, [rows.slice(0, 2), [], rows.slice(2)]))).toBe(expected);
    expect(text(csvText(header, [rows]))).toBe(expected);
  });

  it("writes only the header when there are no rows", () => {
    expect(text(csvText(["a", "b"], []))).toBe("a,b\r\n");
  });
});

describe("jsonText", () => {
  const items = [
    { id: 1, body: 'a "quoted"\nline', at: new Date(Date.UTC(2026, 0, 2)), list: [1, [2]] },
    { id: 2, empty: [], nested: { deep: { er: [] } }, gone: undefined },
    null,
    "text",
  ];

  it.each([0, 2])("writes a batched array as JSON.stringify does (indent %i)", (indent) => {
    const batches = [items.slice(0, 1), [], items.slice(1, 3), items.slice(3)];
    expect(text(jsonText(streamedArray(batches), indent))).toBe(
      JSON.stringify(items, null, indent),
    );
    expect(text(jsonText(streamedArray([]), indent))).toBe("[]");
  });

  it.each([0, 2])(
    "writes an object holding batched arrays as JSON.stringify does (indent %i)",
    (indent) => {
      const value = {
        exportedAt: "2026-01-01T00:00:00.000Z",
        account: { id: 7, roles: ["admin"], createdAt: new Date(0), skipped: undefined },
        goals: [{ id: 3 }],
        messages: items,
        none: [],
        inner: { list: items, label: "x" },
        dropped: undefined,
        habits: [],
      };
      const streamed = {
        ...value,
        messages: streamedArray(mapBatches([items.slice(0, 2), items.slice(2)], (b) => b)),
        none: streamedArray([]),
        inner: { list: streamedArray([items]), label: "x" },
      };
      expect(text(jsonText(streamed, indent))).toBe(JSON.stringify(value, null, indent));
    },
  );

  it("writes values without batched arrays as JSON.stringify does", () => {
    for (const value of [{}, [], { a: 1 }, "s", 3, null, [{ b: [1, 2] }]]) {
      expect(text(jsonText(value, 2))).toBe(JSON.stringify(value, null, 2));
    }
  });
});

describe("textStream", () => {
  it("gathers small pieces into chunks of about CHUNK_CHARS, read only as the reader asks", async () => {
    let produced = 0;
    const piece = "é😀".padEnd(1_000, "x");
    function* pieces() {
      for (let n = 0; n < 100; n++) {
        produced += 1;
        yield n % 2 ? "" : piece;
      }
    }
    const reader = textStream(pieces()).getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first.length).toBeGreaterThanOrEqual(CHUNK_CHARS);
    expect(first.length).toBeLessThan(CHUNK_CHARS + piece.length);
    expect(first.startsWith(piece + piece)).toBe(true);
    expect(produced).toBeLessThan(40);
    await reader.cancel();
    expect(produced).toBeLessThan(40);
  });

  it("reads to the end", async () => {
    expect(await new Response(textStream(["a", "b", "é"])).text()).toBe("abé");
  });
});

describe("byteStream", () => {
  it("takes the next chunk only when the reader asks, and stops taking when it cancels", async () => {
    const taken: number[] = [];
    function* chunks() {
      for (let i = 0; i < 5; i++) {
        taken.push(i);
        yield new Uint8Array([i]);
      }
    }
    const reader = byteStream(chunks()).getReader();
    expect((await reader.read()).value).toEqual(new Uint8Array([0]));
    const pulledAhead = taken.length;
    await reader.cancel();
    expect(pulledAhead).toBeLessThan(5);
    expect(taken.length).toBe(pulledAhead);
  });

  it("gives every chunk in order", async () => {
    const chunks = [new Uint8Array([1, 2]), new Uint8Array([3]), new Uint8Array([4, 5, 6])];
    const bytes = new Uint8Array(await new Response(byteStream(chunks)).arrayBuffer());
    expect([...bytes]).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
