import { consumeAuthAttempt, RATE_LIMIT_MESSAGE } from "~/utils/rate-limits/rate-limit.server";
import { countExistsAnswer, existsAnswersSpent } from "./account-exists-answers.server";
import type { RegisterInput } from "./user-schema";
import { createUser, DuplicateEmailError, DuplicatePhoneError } from "./users.server";

type Meta = { ip: string; userAgent: string | null };

export type SignUpOutcome =
  | { ok: true; user: Awaited<ReturnType<typeof createUser>> }
  | { ok: false; status: 409 | 429; message: string; retryAfterSeconds?: number };

export async function signUp(input: RegisterInput, meta: Meta): Promise<SignUpOutcome> {
  const limit = await consumeAuthAttempt(meta.ip);
  if (!limit.ok) return tooMany(limit.retryAfterSeconds);
  const spent = await existsAnswersSpent({ ip: meta.ip });
  if (spent !== null) return tooMany(spent);
  try {
    return { ok: true, user: await createUser(input, meta) };
  } catch (error) {
    if (!(error instanceof DuplicateEmailError || error instanceof DuplicatePhoneError))
      throw error;
    await countExistsAnswer({ ip: meta.ip });
    return { ok: false, status: 409, message: error.message };
  }
}

function tooMany(retryAfterSeconds: number): SignUpOutcome {
  return { ok: false, status: 429, message: RATE_LIMIT_MESSAGE, retryAfterSeconds };
}
