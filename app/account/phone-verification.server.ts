import type { User } from "../../db/schema";
import { json } from "@remix-run/node";
import { redirectWithToast, toastHeader, type Toast } from "~/utils/toast/toast.server";
import { VIA_FIELD, type VerifyCodeFailure } from "./verify-code-form";
import { tellOldNumber } from "./contact-change.server";
import { listTodayGoals } from "~/goals/goals.server";
import { nextTextOf, todayCard } from "~/dashboard/today-card.server";
import { sendQueuedText, storeTextToSend, type TextToSend } from "~/sms/outbound.server";
import {
  checkCode,
  checkFailureMessage,
  INVALID_CODE,
  isWellFormedCode,
  issueCode,
} from "~/verification/phone-codes.server";
import type { CheckResult } from "~/verification/phone-codes.server";
import { formatUsPhone } from "~/users/phone";
import { templates } from "~/replies/templates";
import { getUserById } from "~/users/users.server";

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

/**
 * Checks a code typed on a page or sent to /api. A changed number: the old one is told. A newly
 * verified one: welcomed with when its first question comes and that goals can be texted now (the
 * welcome stored with the verification, sent once it is committed).
 */
export async function confirmPhoneCode(
  user: Pick<User, "id" | "pendingPhone">,
  code: string,
): Promise<CheckResult> {
  const welcome: { stored?: Welcome | null } = {};
  const result = checkCode(user, codePurposeOf(user), code, new Date(), (userId) => {
    welcome.stored = storeWelcome(userId);
  });
  if (result.ok && result.previousPhone)
    await tellOldNumber(result.previousPhone, user.pendingPhone!);
  else if (welcome.stored) await sendQueuedText(welcome.stored.user, welcome.stored.text);
  return result;
}

type Welcome = { user: Pick<User, "id" | "phone">; text: TextToSend };

/** The welcome text, queued in the user's thread; null when there is no first question to announce. */
function storeWelcome(userId: number): Welcome | null {
  const user = getUserById(userId);
  if (!user) return null;
  const today = listTodayGoals(user);
  // Paused, opted out or without scheduled texts: no first question to announce.
  if (todayCard(user, today).state !== "on") return null;
  const { when, kind } = nextTextOf(user, today);
  return { user, text: storeTextToSend(user, templates.welcome(when, kind), "conversation") };
}

/**
 * The page's answer to a verification form: back to the page with a toast; but a wrong code that can
 * be tried again brings the page back with the code field marked (a 400), with JavaScript or without.
 * Only with JavaScript does a toast come too: without it, a flashed toast would show on the next page.
 */
export async function phoneVerificationResponse(
  user: Pick<User, "id" | "pendingPhone">,
  request: { intent: PhoneVerificationIntent; form: FormData; clientIp: string },
  page: string,
) {
  const { form } = request;
  const { toast, retry } = await phoneVerificationIntent(user, request);
  if (!retry) return redirectWithToast(page, toast);
  const headers: HeadersInit =
    form.get(VIA_FIELD.name) === VIA_FIELD.value ? { "Set-Cookie": await toastHeader(toast) } : {};
  const failure: VerifyCodeFailure = {
    intent: "verify-code",
    error: toast.description ?? toast.title,
  };
  return json(failure, { status: 400, headers });
}

async function phoneVerificationIntent(
  user: Pick<User, "id" | "pendingPhone">,
  { intent, form, clientIp }: { intent: PhoneVerificationIntent; form: FormData; clientIp: string },
): Promise<{ toast: Toast; retry: boolean }> {
  const answer = (toast: Toast, retry = false) => ({ toast, retry });
  const purpose = codePurposeOf(user);
  if (intent === "send-code") {
    const result = await issueCode(user, purpose, { clientIp });
    if (result.sent)
      return answer({ title: "Verification code sent", description: result.message });
    if (result.reason === "already_verified") {
      return answer({ title: "Phone verified", description: result.message, type: "info" });
    }
    return answer({ title: "Error", description: result.message, type: "error" });
  }
  const code = form.get("code");
  // A malformed entry is refused without spending one of the code's tries.
  const result =
    typeof code === "string" && isWellFormedCode(code) ? await confirmPhoneCode(user, code) : null;
  if (result?.ok && result.previousPhone) {
    return answer({
      title: "Phone number changed",
      description: `Your account now uses ${formatUsPhone(user.pendingPhone!)}.`,
    });
  }
  if (result?.ok) {
    return answer({
      title: "Phone verified",
      description: "Your phone number has been verified successfully.",
    });
  }
  // A malformed entry or a wrong code with tries left: the field is still there to try again.
  const retry = !result || (result.reason === "invalid" && result.attemptsLeft > 0);
  return answer({ ...(result ? checkFailureMessage(result) : INVALID_CODE), type: "error" }, retry);
}
