import type { Toast } from "~/utils/toast.server";
import {
  checkCode,
  checkFailureMessage,
  INVALID_CODE,
  isWellFormedCode,
  issueCode,
} from "./phone-codes.server";

// Verifying the account's phone from a page (the dashboard's first-day card, Settings): the form posts
// "send-code" or "verify-code" and the answer is a toast. One flow for every page that offers it.

export const PHONE_VERIFICATION_INTENTS = ["send-code", "verify-code"] as const;
export type PhoneVerificationIntent = (typeof PHONE_VERIFICATION_INTENTS)[number];

export function isPhoneVerificationIntent(value: unknown): value is PhoneVerificationIntent {
  return PHONE_VERIFICATION_INTENTS.includes(value as PhoneVerificationIntent);
}

export async function phoneVerificationIntent(
  user: { id: number },
  intent: PhoneVerificationIntent,
  form: FormData,
): Promise<Toast> {
  if (intent === "send-code") {
    const result = await issueCode(user, "verify_phone");
    if (result.sent) return { title: "Verification code sent", description: result.message };
    if (result.reason === "already_verified") {
      return { title: "Phone verified", description: result.message, type: "info" };
    }
    return { title: "Error", description: result.message, type: "error" };
  }
  const code = form.get("code");
  // A malformed entry is refused without spending one of the code's tries.
  const result =
    typeof code === "string" && isWellFormedCode(code)
      ? checkCode(user, "verify_phone", code)
      : null;
  if (result?.ok) {
    return {
      title: "Phone verified",
      description: "Your phone number has been verified successfully.",
    };
  }
  return { ...(result ? checkFailureMessage(result) : INVALID_CODE), type: "error" };
}
