import { RateLimiterMemory } from "rate-limiter-flexible";
import { consumeAuthAttempt, RATE_LIMIT_MESSAGE } from "~/utils/rate-limit.server";
import type { RegisterInput } from "./user-schema";
import { createUser, DuplicateEmailError, DuplicatePhoneError } from "./users.server";

// "This email already has an account" is what a person who forgot signing up needs to read, and what
// someone testing a list of emails or numbers wants. A handful of such answers per address and hour is
// plenty for the first; after that, every sign-up from the address waits, whether or not it would
// have found an account, so the answers stop telling anything.
export const ACCOUNT_EXISTS_ANSWERS_PER_HOUR = 5;

const existsAnswers = new RateLimiterMemory({
  keyPrefix: "sign-up-exists",
  points: ACCOUNT_EXISTS_ANSWERS_PER_HOUR,
  duration: 60 * 60,
});

type Meta = { ip: string; userAgent: string | null };

export type SignUpOutcome =
  | { ok: true; user: Awaited<ReturnType<typeof createUser>> }
  | { ok: false; status: 409 | 429; message: string; retryAfterSeconds?: number };

export async function signUp(input: RegisterInput, meta: Meta): Promise<SignUpOutcome> {
  const limit = await consumeAuthAttempt(meta.ip);
  if (!limit.ok) return tooMany(limit.retryAfterSeconds);
  const answered = await existsAnswers.get(meta.ip);
  if (answered && answered.consumedPoints >= ACCOUNT_EXISTS_ANSWERS_PER_HOUR) {
    return tooMany(Math.ceil(answered.msBeforeNext / 1000));
  }
  try {
    return { ok: true, user: await createUser(input, meta) };
  } catch (error) {
    if (!(error instanceof DuplicateEmailError || error instanceof DuplicatePhoneError))
      throw error;
    await existsAnswers.penalty(meta.ip, 1);
    return { ok: false, status: 409, message: error.message };
  }
}

function tooMany(retryAfterSeconds: number): SignUpOutcome {
  return { ok: false, status: 429, message: RATE_LIMIT_MESSAGE, retryAfterSeconds };
}
