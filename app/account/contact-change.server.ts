import { eq } from "drizzle-orm";
import type { User } from "../../db/schema";
import { issueCode, type IssueResult } from "~/verification/phone-codes.server";
import { sendTextToNumber } from "~/sms/outbound.server";
import { templates } from "~/replies/templates";
import { db, schema } from "~/utils/db/db.server";
import { env } from "~/utils/env/env.server";
import { checkCurrentPassword } from "~/users/current-password.server";
import {
  countExistsAnswer,
  existsAnswersSpent,
  existsAnswersSpentMessage,
} from "~/users/account-exists-answers.server";
import type { SettingsInput } from "~/users/user-schema";
import {
  DuplicateEmailError,
  DuplicatePhoneError,
  getUserById,
  getUserByPhone,
  updateUser,
} from "~/users/users.server";

// An account is taken over through its email and phone: with them an attacker resets the password by
// text. So changing either needs the current password of whoever asks, a verified number is replaced
// only once the new one proves itself with a code, and the old number is told what changed.

export class ContactChangeError extends Error {}

/** The address or the account has been told "already linked to another account" enough this hour. */
export class ContactChangeLimitError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    message = existsAnswersSpentMessage(retryAfterSeconds),
  ) {
    super(message);
  }
}

export const CURRENT_PASSWORD_REQUIRED =
  "Enter your current password to change your email or phone number";
export const CURRENT_PASSWORD_WRONG = "Your current password is not correct";

export type SettingsOutcome = {
  user: User;
  /** The new number waiting for its code, when one was asked for. */
  pendingPhone: string | null;
  /** Whether its code was texted (it may be refused, e.g. by the limits on code texts). */
  code: IssueResult | null;
};

/**
 * Applies settings to `target` on behalf of `actorId` (the user, or an admin), asked from address `ip`.
 * A new phone for an account whose number is verified waits in `pendingPhone` while a code goes to it.
 * An email or phone that another account has is refused like at sign-up, with the same hourly limit.
 */
export async function applySettings(
  actor: { id: number; ip: string },
  target: User,
  patch: SettingsInput,
  currentPassword: string | undefined,
): Promise<SettingsOutcome> {
  const emailChanged = patch.email !== undefined && patch.email !== target.email;
  const phoneChanged = patch.phone !== undefined && patch.phone !== target.phone;
  const asker = { ip: actor.ip, userId: actor.id };
  if (emailChanged || phoneChanged) {
    await requireActorPassword(actor.id, currentPassword);
    const spent = await existsAnswersSpent(asker);
    if (spent !== null) throw new ContactChangeLimitError(spent);
  }
  const holdPhone = phoneChanged && Boolean(target.phoneVerifiedAt);
  const { phone: _kept, ...rest } = patch;
  let user: User;
  try {
    if (phoneChanged) {
      const owner = getUserByPhone(patch.phone!);
      if (owner && owner.id !== target.id) throw new DuplicatePhoneError();
    }
    user = updateUser(target.id, holdPhone ? rest : patch);
  } catch (error) {
    if (error instanceof DuplicateEmailError || error instanceof DuplicatePhoneError) {
      await countExistsAnswer(asker);
    }
    throw error;
  }
  if (emailChanged) await tellNumber(target, templates.emailChanged(env.SUPPORT_EMAIL));
  if (!holdPhone) return { user, pendingPhone: null, code: null };
  db.update(schema.users)
    .set({ pendingPhone: patch.phone! })
    .where(eq(schema.users.id, target.id))
    .run();
  const code = await issueCode(target, "change_phone", { clientIp: actor.ip });
  await tellNumber(
    target,
    templates.phoneChangeRequested(lastDigits(patch.phone!), env.SUPPORT_EMAIL),
  );
  return { user: getUserById(target.id)!, pendingPhone: patch.phone!, code };
}

/**
 * After the new number's code: the old (verified) number hears that texts now go elsewhere (unless it
 * said STOP: the sender checks).
 */
export async function tellOldNumber(previousPhone: string, newPhone: string) {
  await sendTextToNumber(
    previousPhone,
    templates.phoneChanged(lastDigits(newPhone), env.SUPPORT_EMAIL),
  );
}

async function requireActorPassword(actorId: number, password: string | undefined) {
  if (!password) throw new ContactChangeError(CURRENT_PASSWORD_REQUIRED);
  const actor = getUserById(actorId);
  if (!actor) throw new ContactChangeError(CURRENT_PASSWORD_WRONG);
  const check = await checkCurrentPassword(actor.id, password, actor.passwordHash);
  if (!check.ok && check.reason === "too_many") {
    throw new ContactChangeLimitError(check.retryAfterSeconds, check.message);
  }
  if (!check.ok) throw new ContactChangeError(CURRENT_PASSWORD_WRONG);
}

/**
 * Only a verified number is told (it is the owner's, as far as we know); the sender skips one that
 * said STOP.
 */
async function tellNumber(user: User, text: string) {
  if (!user.phoneVerifiedAt) return;
  await sendTextToNumber(user.phone, text);
}

function lastDigits(phone: string) {
  return phone.slice(-4);
}
