import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { waitTime } from "~/utils/wait-time";
import { verifyPassword } from "./password.server";

// A signed-in person confirms their password to change their email, phone or password, or to delete
// the account. Each check is a scrypt hash (about 16 MB and tens of milliseconds on the thread pool),
// so an account gets this many checks in the window, right or wrong: nobody confirms a password more
// often, and a loop of checks cannot hold the pool the logins of everyone else wait on.
export const PASSWORD_CHECKS_PER_ACCOUNT = 10;
const WINDOW_SECONDS = 15 * 60;

const checks = new RateLimiterMemory({
  keyPrefix: "current-password",
  points: PASSWORD_CHECKS_PER_ACCOUNT,
  duration: WINDOW_SECONDS,
});

export type PasswordCheck =
  | { ok: true }
  | { ok: false; reason: "wrong" }
  | { ok: false; reason: "too_many"; retryAfterSeconds: number; message: string };

export async function checkCurrentPassword(
  userId: number,
  password: string,
  storedHash: string,
): Promise<PasswordCheck> {
  try {
    await checks.consume(String(userId));
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const retryAfterSeconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    return {
      ok: false,
      reason: "too_many",
      retryAfterSeconds,
      message: `Too many password checks. Please wait ${waitTime(retryAfterSeconds)} and try again.`,
    };
  }
  return (await verifyPassword(password, storedHash))
    ? { ok: true }
    : { ok: false, reason: "wrong" };
}
