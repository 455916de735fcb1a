import { getUserByEmail, setPassword } from "~/users/users.server";
import { checkCode, issueCode } from "~/verification/phone-codes.server";

/**
 * Step 1 of "forgot password": texts a reset code when the email belongs to an account with a verified
 * phone, and does nothing otherwise. The caller answers the same either way.
 */
export async function requestPasswordReset(email: string, now = new Date()) {
  const user = getUserByEmail(email);
  if (!user || !user.phoneVerifiedAt) return null;
  return issueCode(user, "reset_password", now);
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
