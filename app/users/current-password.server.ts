import { consumeLimit, RATE_LIMITS } from "~/utils/rate-limits/rate-limit.server";
import { waitTime } from "~/utils/rate-limits/wait-time";
import { verifyPassword } from "./password.server";

// A signed-in person confirms their password to change their email, phone or password, or to delete
// the account. Each check is a scrypt hash (about 16 MB and tens of milliseconds on the thread pool),
// so an account gets this many checks in the window, right or wrong: nobody confirms a password more
// often, and a loop of checks cannot hold the pool the logins of everyone else wait on.
export const PASSWORD_CHECKS_PER_ACCOUNT = RATE_LIMITS["current-password"].points;

export type PasswordCheck =
  | { ok: true }
  | { ok: false; reason: "wrong" }
  | { ok: false; reason: "too_many"; retryAfterSeconds: number; message: string };

export async function checkCurrentPassword(
  userId: number,
  password: string,
  storedHash: string,
): Promise<PasswordCheck> {
  const limit = await consumeLimit("current-password", String(userId));
  if (!limit.ok) {
    const { retryAfterSeconds } = limit;
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
