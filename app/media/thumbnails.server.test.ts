import { ByteLru } from "./thumbnails.server";

const bytes = (n: number) => Buffer.alloc(n, 1);
const cost = (n: number) => n + ByteLru.ENTRY_OVERHEAD;

describe("ByteLru", () => {
  it("keeps its entries within the byte budget, dropping the least recently used first", () => {
    const lru = new ByteLru(cost(100) * 3);
    lru.set("a", bytes(100));
    lru.set("b", bytes(100));
    lru.set("c", bytes(100));
    expect(lru.size).toEqual({ entries: 3, bytes: cost(100) * 3 });

    expect(lru.get("a")).toBeDefined(); // a is now the most recently used
    lru.set("d", bytes(100));
    expect(lru.get("b")).toBeUndefined();
    expect(["a", "c", "d"].map((key) => lru.get(key)?.byteLength)).toEqual([100, 100, 100]);
    expect(lru.size.bytes).toBeLessThanOrEqual(cost(100) * 3);
  });

  it("drops as many entries as a large one needs, and never keeps one over the budget", () => {
    const lru = new ByteLru(cost(100) * 3);
    for (const key of ["a", "b", "c"]) lru.set(key, bytes(100));
    lru.set("big", bytes(250));
    expect(lru.get("a")).toBeUndefined();
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("c")).toBeDefined();
    expect(lru.get("big")).toBeDefined();

    lru.set("huge", bytes(cost(100) * 3));
    expect(lru.get("huge")).toBeUndefined();
    expect(lru.size.entries).toBe(2);
  });

  it("counts a replaced entry once, and empty entries too", () => {
    const lru = new ByteLru(1000);
    lru.set("a", bytes(100));
    lru.set("a", bytes(50));
    lru.set("empty", Buffer.alloc(0));
    expect(lru.size).toEqual({ entries: 2, bytes: cost(50) + cost(0) });
  });
});
