/** Spreads starts over time: at most `perSecond` in any second, and at most `concurrency` at once. */
export async function runPaced<T>(
  items: T[],
  perSecond: number,
  concurrency: number,
  work: (item: T) => Promise<void>,
) {
  const interval = 1000 / perSecond;
  let next = Date.now();
  let index = 0;
  async function lane() {
    while (index < items.length) {
      const item = items[index++]!;
      const wait = next - Date.now();
      next = Math.max(next, Date.now()) + interval;
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      await work(item);
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
}
