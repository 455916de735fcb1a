import { limitConcurrency } from "./concurrency";

describe("limitConcurrency", () => {
  it("runs at most that many tasks at once, the others in the order they came, failures included", async () => {
    const run = limitConcurrency(2);
    let active = 0;
    let most = 0;
    const started: number[] = [];
    const gates = Array.from({ length: 6 }, () => {
      let resolve = () => {};
      const promise = new Promise<void>((done) => (resolve = done));
      return { promise, resolve };
    });
    const tasks = gates.map((gate, n) =>
      run(async () => {
        started.push(n);
        active += 1;
        most = Math.max(most, active);
        await gate.promise;
        active -= 1;
        if (n === 1) throw new Error("task 1 failed");
        return n;
      }),
    );
    const settled = Promise.allSettled(tasks);
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    for (const gate of gates) {
      gate.resolve();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const results = await settled;
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
    ]);
  });
});
