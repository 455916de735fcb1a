import { consumeLimit, RATE_LIMITS } from "~/utils/rate-limits/rate-limit.server";
import type { RateLimitResult } from "~/utils/rate-limits/rate-limit.server";

export const NEWSLETTER_SIGNUPS_PER_WINDOW = RATE_LIMITS["newsletter-ip"].points;

export const NEWSLETTER_RATE_LIMIT_MESSAGE =
  "Too many sign-up attempts. Please wait 15 minutes and try again.";

/** Counts one newsletter sign-up attempt against the caller's address. */
export function consumeNewsletterAttempt(ip: string): Promise<RateLimitResult> {
  return consumeLimit("newsletter-ip", ip);
}
