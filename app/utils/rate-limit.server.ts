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

/** Counts one login or registration attempt against the caller's address and the account it names. */
export async function consumeAuthAttempt(ip: string, email?: string): Promise<RateLimitResult> {
  try {
    await perIp.consume(ip);
    if (email) await perAccount.consume(email.trim().toLowerCase());
    return { ok: true };
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      return { ok: false, retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) };
    }
    throw error;
  }
}

export function rateLimitedJson(retryAfterSeconds: number, message = RATE_LIMIT_MESSAGE) {
  return json({ message }, { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } });
}
