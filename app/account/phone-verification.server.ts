import type { User } from "../../db/schema";
import type { Toast } from "~/utils/toast.server";
import { tellOldNumber } from "./contact-change.server";
import {
  checkCode,
  checkFailureMessage,
  formatUsPhone,
  INVALID_CODE,
  isWellFormedCode,
  issueCode,
} from "~/sms/phone-codes.server";

// Verifying the account's phone from a page (the dashboard's first-day card, Settings): the form posts
// "send-code" or "verify-code" and the answer is a toast. One flow for every page that offers it.

export const PHONE_VERIFICATION_INTENTS = ["send-code", "verify-code"] as const;
export type PhoneVerificationIntent = (typeof PHONE_VERIFICATION_INTENTS)[number];

export function isPhoneVerificationIntent(value: unknown): value is PhoneVerificationIntent {
  return PHONE_VERIFICATION_INTENTS.includes(value as PhoneVerificationIntent);
}

/** A new number waiting for its code is what a code is for; otherwise the account's own number. */
export function codePurposeOf(user: Pick<User, "pendingPhone">) {
  return user.pendingPhone ? ("change_phone" as const) : ("verify_phone" as const);
}

export async function phoneVerificationIntent(
  user: Pick<User, "id" | "pendingPhone">,
  intent: PhoneVerificationIntent,
  form: FormData,
): Promise<Toast> {
  const purpose = codePurposeOf(user);
  if (intent === "send-code") {
    const result = await issueCode(user, purpose);
    if (result.sent) return { title: "Verification code sent", description: result.message };
    if (result.reason === "already_verified") {
      return { title: "Phone verified", description: result.message, type: "info" };
    }
    return { title: "Error", description: result.message, type: "error" };
  }
  const code = form.get("code");
  // A malformed entry is refused without spending one of the code's tries.
  const result =
    typeof code === "string" && isWellFormedCode(code) ? checkCode(user, purpose, code) : null;
  if (result?.ok && result.previousPhone) {
    await tellOldNumber(result.previousPhone, user.pendingPhone!);
    return {
      title: "Phone number changed",
      description: `Your account now uses ${formatUsPhone(user.pendingPhone!)}.`,
    };
  }
  if (result?.ok) {
    return {
      title: "Phone verified",
      description: "Your phone number has been verified successfully.",
    };
  }
  return { ...(result ? checkFailureMessage(result) : INVALID_CODE), type: "error" };
}
