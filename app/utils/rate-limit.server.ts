import { json } from "@remix-run/node";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "./env.server";

const WINDOW_SECONDS = 15 * 60;

const perIp = new RateLimiterMemory({
  keyPrefix: "auth-ip",
  points: env.AUTH_RATE_LIMIT_PER_IP,
  duration: WINDOW_SECONDS,
});
const perAccount = new RateLimiterMemory({
  keyPrefix: "auth-account",
  points: 10,
  duration: WINDOW_SECONDS,
});

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait 15 minutes and try again.";

export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Counts one use against each limiter and key given (a missing key is not counted). */
async function consumeEach(
  ...uses: [RateLimiterMemory, string | undefined][]
): Promise<RateLimitResult> {
  try {
    for (const [limiter, key] of uses) if (key !== undefined) await limiter.consume(key);
    return { ok: true };
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      return { ok: false, retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) };
    }
    throw error;
  }
}

/** Counts one login or registration attempt against the caller's address and the account it names. */
export function consumeAuthAttempt(ip: string, email?: string): Promise<RateLimitResult> {
  return consumeEach([perIp, ip], [perAccount, email ? email.trim().toLowerCase() : undefined]);
}

/** PDF reports one account may have built in an hour: each costs the server a CPU-second or more. */
export const REPORTS_PER_HOUR = 20;
const reportsPerAccount = new RateLimiterMemory({
  keyPrefix: "report-account",
  points: REPORTS_PER_HOUR,
  duration: 60 * 60,
});

/** Counts one PDF report built for the account. */
export function consumeReport(userId: number): Promise<RateLimitResult> {
  return consumeEach([reportsPerAccount, String(userId)]);
}

export function rateLimitedJson(retryAfterSeconds: number, message = RATE_LIMIT_MESSAGE) {
  return json({ message }, { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } });
}
