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

/**
 * One sender for a whole tick: at most `concurrency` works at once and `perSecond` starts a second,
 * across every batch, so the next batch's texts start as soon as the last one's free a slot.
 */
export class Pacer {
  private active = 0;
  private readonly queue: (() => void)[] = [];
  private next = 0;

  constructor(
    private readonly perSecond: number,
    private readonly concurrency: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active < this.concurrency) this.active += 1;
    else await new Promise<void>((resolve) => this.queue.push(resolve)); // handed a slot
    try {
      const wait = this.next - Date.now();
      this.next = Math.max(this.next, Date.now()) + 1000 / this.perSecond;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return await work();
    } finally {
      const waiting = this.queue.shift();
      if (waiting) waiting();
      else this.active -= 1;
    }
  }
}
