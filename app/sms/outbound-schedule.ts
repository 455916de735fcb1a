/**
 * Who may call Twilio next, for one account: at most `maxInFlight` requests at once and `perSecond`
 * starts in any second, counted across every class. Replies (codes, answers to someone who just
 * texted, anything a person's action sends) go before scheduled texts, but when both wait at least one
 * start in every `scheduledShare` goes to a scheduled text, so a stream of replies cannot starve a
 * fan-out. A 429 pauses every class alike: 250 ms, doubling with each one in a row up to 8 s, until
 * a send is accepted. No timers here: the caller asks `take()` and `delayMs()` against its clock.
 */

export const SEND_CLASSES = ["reply", "scheduled"] as const;
export type SendClass = (typeof SEND_CLASSES)[number];

export type ScheduleLimits = { maxInFlight: number; perSecond: number };

export type SendResultKind = "accepted" | "rate_limited" | "failed";

export const SCHEDULED_SHARE = 4;
export const MIN_PAUSE_MS = 250;
export const MAX_PAUSE_MS = 8_000;

/** First in, first out, without Array#shift's copying on long queues. */
class Fifo<T> {
  private items: T[] = [];
  private head = 0;
  get length() {
    return this.items.length - this.head;
  }
  push(item: T) {
    this.items.push(item);
  }
  shift(): T | undefined {
    if (this.head === this.items.length) return undefined;
    const item = this.items[this.head++];
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }
}

export class OutboundSchedule<T> {
  private readonly queues: Record<SendClass, Fifo<T>> = {
    reply: new Fifo(),
    scheduled: new Fifo(),
  };
  /** Start times of the last `perSecond` starts, oldest at `oldest` (a ring). */
  private readonly starts: number[];
  private oldest = 0;
  private repliesInARow = 0;
  private pauseUntil = 0;
  private pauseMs = 0;
  inFlight = 0;
  rateLimited = 0;
  readonly started: Record<SendClass, number> = { reply: 0, scheduled: 0 };

  constructor(
    readonly limits: ScheduleLimits,
    private readonly clock: () => number,
    private readonly scheduledShare = SCHEDULED_SHARE,
  ) {
    this.starts = Array<number>(limits.perSecond).fill(-Infinity);
  }

  enqueue(sendClass: SendClass, item: T) {
    this.queues[sendClass].push(item);
  }

  waiting(sendClass: SendClass) {
    return this.queues[sendClass].length;
  }

  /** Milliseconds every class waits after 429s (0: not paused). */
  pausedMs() {
    return Math.max(0, this.pauseUntil - this.clock());
  }

  /**
   * When the next waiting send may start: 0 now, a number of milliseconds, or null when nothing waits
   * or every slot is in flight (a send finishing is what frees one).
   */
  delayMs(): number | null {
    if (this.waiting("reply") + this.waiting("scheduled") === 0) return null;
    if (this.inFlight >= this.limits.maxInFlight) return null;
    const now = this.clock();
    const windowFree = this.starts[this.oldest]! + 1000 - now;
    return Math.max(0, this.pauseUntil - now, windowFree);
  }

  /** The next send, counted as started and in flight, if one may start now. */
  take(): { sendClass: SendClass; item: T } | null {
    if (this.delayMs() !== 0) return null;
    const sendClass = this.pick();
    const item = this.queues[sendClass].shift()!;
    this.starts[this.oldest] = this.clock();
    this.oldest = (this.oldest + 1) % this.starts.length;
    this.inFlight += 1;
    this.started[sendClass] += 1;
    return { sendClass, item };
  }

  /** A started send has its answer; a 429 pauses everyone, an acceptance ends the back-off. */
  finished(result: SendResultKind) {
    this.inFlight -= 1;
    if (result === "accepted") this.pauseMs = 0;
    if (result !== "rate_limited") return;
    this.rateLimited += 1;
    this.pauseMs = this.pauseMs === 0 ? MIN_PAUSE_MS : Math.min(this.pauseMs * 2, MAX_PAUSE_MS);
    this.pauseUntil = Math.max(this.pauseUntil, this.clock() + this.pauseMs);
  }

  private pick(): SendClass {
    const scheduledWaits = this.waiting("scheduled") > 0;
    if (this.waiting("reply") === 0 || !scheduledWaits) {
      this.repliesInARow = 0;
      return scheduledWaits ? "scheduled" : "reply";
    }
    if (this.repliesInARow >= this.scheduledShare - 1) {
      this.repliesInARow = 0;
      return "scheduled";
    }
    this.repliesInARow += 1;
    return "reply";
  }
}
