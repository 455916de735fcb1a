import { json } from "@remix-run/node";
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
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

/** Whole seconds until a full limit has room again, at least 1 (what a Retry-After header carries). */
export function retryAfterSecondsOf(refusal: Pick<RateLimiterRes, "msBeforeNext">) {
  return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
}

/** Takes one point of `key` from the limiter, or says how long to wait when it has none left. */
export async function consumePoint(
  limiter: RateLimiterAbstract,
  key: string,
): Promise<RateLimitResult> {
  try {
    await limiter.consume(key);
    return { ok: true };
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      return { ok: false, retryAfterSeconds: retryAfterSecondsOf(error) };
    }
    throw error;
  }
}

/** Counts one login or registration attempt against the caller's address and the account it names. */
export async function consumeAuthAttempt(ip: string, email?: string): Promise<RateLimitResult> {
  const fromAddress = await consumePoint(perIp, ip);
  if (!fromAddress.ok || !email) return fromAddress;
  return consumePoint(perAccount, email.trim().toLowerCase());
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
  return consumePoint(reportsPerAccount, String(userId));
}

export function rateLimitedJson(retryAfterSeconds: number, message = RATE_LIMIT_MESSAGE) {
  return json({ message }, { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } });
}
