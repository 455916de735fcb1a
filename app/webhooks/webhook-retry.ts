// When a failed delivery is tried again, and when an endpoint that keeps failing is given up on.

const MINUTE_MS = 60_000;
/** The first retry comes a minute after the failure, each later one twice as late... */
export const FIRST_RETRY_MS = MINUTE_MS;
/** ...up to an hour apart, so a day of failures is some thirty attempts, not thousands. */
export const LONGEST_RETRY_MS = 60 * MINUTE_MS;
/** An endpoint failing this long, with no success between, is disabled. */
export const DISABLE_AFTER_FAILING_MS = 24 * 60 * MINUTE_MS;

/**
 * The wait before attempt `attempts + 1`, after `attempts` failed ones: exponential, capped, with
 * "full jitter" on its upper half so endpoints that failed together are not retried together.
 * `random` is in [0, 1).
 */
export function retryDelayMs(attempts: number, random: number) {
  const ceiling = Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}

/** An endpoint failing since `firstFailureAt` (null: its last delivery went through). */
export function shouldDisable(firstFailureAt: Date | null, now: Date) {
  return (
    firstFailureAt !== null && now.getTime() - firstFailureAt.getTime() >= DISABLE_AFTER_FAILING_MS
  );
}

export const DISABLED_REASON =
  "Every delivery failed for a day, so we stopped sending. Check the URL and add it again.";
