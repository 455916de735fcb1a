/**
 * Twilio's 429 (error 20429) says the account as a whole is over its limit, so every lane of the
 * sender waits, not only the one that was refused: the pause starts at 250 ms, doubles with each
 * refusal in a row up to 8 s, and resets after a send goes through.
 */
export class SendThrottle {
  private pauseUntil = 0;
  private delay = 0;
  refusals = 0;

  constructor(
    private readonly clock: () => number = Date.now,
    private readonly minDelayMs = 250,
    private readonly maxDelayMs = 8_000,
  ) {}

  /** Milliseconds a lane must wait before its next request. */
  waitMs() {
    return Math.max(0, this.pauseUntil - this.clock());
  }

  async wait() {
    const ms = this.waitMs();
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
  }

  rateLimited() {
    this.refusals += 1;
    this.delay = this.delay === 0 ? this.minDelayMs : Math.min(this.delay * 2, this.maxDelayMs);
    this.pauseUntil = Math.max(this.pauseUntil, this.clock() + this.delay);
  }

  accepted() {
    this.delay = 0;
  }
}
