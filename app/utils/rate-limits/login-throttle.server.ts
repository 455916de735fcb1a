import { RateLimiterMemory } from "rate-limiter-flexible";
import {
  consumeAuthAttempt,
  limiterFor,
  limitSpent,
  RATE_LIMIT_MESSAGE,
  RATE_LIMITS,
  retryAfterSecondsOf,
} from "./rate-limit.server";

// A hard lock per account would let anyone lock the owner out by typing wrong passwords. Instead:
// failures from one address are capped for that address only, and failures from anywhere make the
// account's next attempt wait a little longer each time, never more than a minute.

const WINDOW_SECONDS = 15 * 60;
export const FAILURES_PER_ACCOUNT_AND_ADDRESS = RATE_LIMITS["login-failures-address"].points;
export const FREE_FAILURES = 5;
export const MAX_DELAY_SECONDS = 60;

const failuresFromAddress = limiterFor("login-failures-address");
// Not limits but clocks: the account's failures from anywhere, and how long its next attempt waits.
const failures = new RateLimiterMemory({
  keyPrefix: "login-failures",
  points: 1_000_000,
  duration: WINDOW_SECONDS,
});
const waiting = new RateLimiterMemory({ keyPrefix: "login-wait", points: 1, duration: 1 });

/** How long the account waits after its `failureCount`-th failure in the window (seconds). */
export function delayAfterFailures(failureCount: number) {
  if (failureCount <= FREE_FAILURES) return 0;
  return Math.min(2 ** (failureCount - FREE_FAILURES), MAX_DELAY_SECONDS);
}

export function waitMessage(seconds: number) {
  return `Too many failed attempts. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`;
}

export type LoginOutcome =
  | { ok: true; userId: number }
  | { ok: false; status: 401 }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number };

/** Counts the attempt, refuses it while the caller or the account must wait, else checks the password. */
export async function throttledLogin(
  ip: string,
  email: string,
  verify: () => Promise<number | null>,
): Promise<LoginOutcome> {
  const account = email.trim().toLowerCase();
  const pair = `${account}|${ip}`;
  const limit = await consumeAuthAttempt(ip);
  if (!limit.ok) return tooMany(RATE_LIMIT_MESSAGE, limit.retryAfterSeconds);
  const addressWait = await limitSpent("login-failures-address", pair);
  if (addressWait !== null) return tooMany(RATE_LIMIT_MESSAGE, addressWait);
  const wait = await waiting.get(account);
  if (wait && wait.msBeforeNext > 0 && wait.consumedPoints >= 2) {
    const seconds = retryAfterSecondsOf(wait);
    return tooMany(waitMessage(seconds), seconds);
  }
  const userId = await verify();
  if (userId !== null) {
    await Promise.all([
      failures.delete(account),
      waiting.delete(account),
      failuresFromAddress.delete(pair),
    ]);
    return { ok: true, userId };
  }
  await recordFailure(account, pair);
  return { ok: false, status: 401 };
}

async function recordFailure(account: string, pair: string) {
  await failuresFromAddress.penalty(pair, 1);
  const counted = await failures.penalty(account, 1);
  const delay = delayAfterFailures(counted.consumedPoints);
  if (delay > 0) await waiting.block(account, delay);
}

function tooMany(message: string, retryAfterSeconds: number): LoginOutcome {
  return { ok: false, status: 429, message, retryAfterSeconds };
}
