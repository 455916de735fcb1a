import {
  DISABLE_AFTER_FAILING_MS,
  FIRST_RETRY_MS,
  LONGEST_RETRY_MS,
  retryDelayMs,
  shouldDisable,
} from "./webhook-retry";

describe("webhook retries", () => {
  it("doubles the wait after each failure, with jitter on its upper half, up to an hour", () => {
    expect(retryDelayMs(1, 0)).toBe(FIRST_RETRY_MS / 2);
    expect(retryDelayMs(1, 0.999999)).toBeCloseTo(FIRST_RETRY_MS, -1);
    expect(retryDelayMs(2, 0)).toBe(FIRST_RETRY_MS);
    expect(retryDelayMs(3, 0)).toBe(2 * FIRST_RETRY_MS);
    expect(retryDelayMs(4, 0.5)).toBe(6 * FIRST_RETRY_MS);
    expect(retryDelayMs(30, 0)).toBe(LONGEST_RETRY_MS / 2);
    expect(retryDelayMs(30, 0.999999)).toBeLessThanOrEqual(LONGEST_RETRY_MS);
  });

  it("spreads endpoints that failed together", () => {
    expect(new Set([0.1, 0.4, 0.7].map((r) => retryDelayMs(5, r))).size).toBe(3);
  });

  it("disables an endpoint failing for a day, and not one that just started to fail", () => {
    const now = new Date("2026-03-02T12:00:00Z");
    expect(shouldDisable(null, now)).toBe(false);
    expect(shouldDisable(new Date(now.getTime() - DISABLE_AFTER_FAILING_MS + 1000), now)).toBe(
      false,
    );
    expect(shouldDisable(new Date(now.getTime() - DISABLE_AFTER_FAILING_MS), now)).toBe(true);
  });
});
