import { getUserByEmail, setPassword } from "~/users/users.server";
import { checkCode, issueCode, type IssueResult } from "~/verification/phone-codes.server";
import { admitCodeRequest, codeTextLimitMessage } from "~/verification/code-text-limits.server";
import type { CodeTextRefusal } from "~/verification/code-text-limits.server";

// Who can stop whom. Anyone may type anyone's email here, so no limit of this flow is per account
// in a way a stranger could fill: a limit keyed by the email, spent by wrong codes or requests from
// anywhere, would let ten strangers lock the owner out, and keep them out by coming back.
// - Guesses are limited per address (consumeAuthAttempt in the route, right or wrong).
// - A code is limited by its own tries: after MAX_CODE_ATTEMPTS wrong ones it is dead, so guessing
//   gets at most that many tries out of a million per code; the owner, whose code a stranger killed,
//   asks for a new one, which has all its tries.
// - Codes are limited per account and per number (an hour's few texts), which bounds the guesses a
//   code at a time allows and keeps a phone from being flooded; those limits are spent only by texts
//   actually sent, are silent here (their answer would tell that the account exists), and the page
//   says how many codes an hour an account gets.

export type ResetRequest =
  { ok: true; sending: Promise<IssueResult | null> } | (CodeTextRefusal & { message: string });

/**
 * Step 1 of "forgot password": texts a reset code when the email belongs to an account with a verified
 * phone, and does nothing otherwise. What is answered at once depends on nothing about the account:
 * a refusal when the asking address or every code text together is over its limit, else `sending`,
 * which the caller does not wait for, so neither its words nor its timing tell which emails have an
 * account.
 */
export async function requestPasswordReset(
  email: string,
  clientIp: string,
  now = new Date(),
): Promise<ResetRequest> {
  const admitted = await admitCodeRequest(clientIp);
  if (!admitted.ok) {
    return {
      ...admitted,
      message: codeTextLimitMessage(admitted.scope, admitted.retryAfterSeconds),
    };
  }
  return { ok: true, sending: issueResetCode(email, now) };
}

async function issueResetCode(email: string, now: Date) {
  const user = getUserByEmail(email);
  if (!user || !user.phoneVerifiedAt) return null;
  return issueCode(user, "reset_password", { now });
}

export type ResetResult = { ok: true; userId: number } | { ok: false };

/**
 * Step 2 of "forgot password": with the right code, sets the new password and signs the account out
 * everywhere. An unknown email answers like a wrong code.
 */
export async function resetPasswordWithCode(
  email: string,
  code: string,
  newPassword: string,
  now = new Date(),
): Promise<ResetResult> {
  const user = getUserByEmail(email);
  if (!user) return { ok: false };
  const result = checkCode(user, "reset_password", code, now);
  if (!result.ok) return { ok: false };
  await setPassword(user.id, newPassword);
  return { ok: true, userId: user.id };
}
