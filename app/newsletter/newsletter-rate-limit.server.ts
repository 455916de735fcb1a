import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { RateLimitResult } from "~/utils/rate-limit.server";

export const NEWSLETTER_SIGNUPS_PER_WINDOW = 10;
const WINDOW_SECONDS = 15 * 60;

export const NEWSLETTER_RATE_LIMIT_MESSAGE =
  "Too many sign-up attempts. Please wait 15 minutes and try again.";

// In memory is enough: sign-ups are writes, so they all run on the primary.
const perIp = new RateLimiterMemory({
  keyPrefix: "newsletter-ip",
  points: NEWSLETTER_SIGNUPS_PER_WINDOW,
  duration: WINDOW_SECONDS,
});

/** Counts one newsletter sign-up attempt against the caller's address. */
export async function consumeNewsletterAttempt(ip: string): Promise<RateLimitResult> {
  try {
    await perIp.consume(ip);
    return { ok: true };
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      return { ok: false, retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) };
    }
    throw error;
  }
}
