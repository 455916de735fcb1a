import type { Submission } from "@conform-to/react";
import {
  applySettings,
  ContactChangeError,
  ContactChangeLimitError,
} from "~/account/contact-change.server";
import { formatUsPhone } from "~/users/phone";
import type { SettingsInput } from "~/users/user-schema";
import { DuplicateEmailError, DuplicatePhoneError, getUserById } from "~/users/users.server";
import { formReply } from "~/utils/forms/forms.server";
import { redirectWithToast } from "~/utils/toast/toast.server";

// The Settings forms that change the account's own fields (Profile & check-ins, Phone) answer the
// same way: field errors for a refused change, a toast for a saved one, and a pointer to the Phone
// page when a new number waits for its code.

export const PHONE_PAGE = "/settings/phone";

type SettingsValue = SettingsInput & { currentPassword?: string };

export async function saveSettingsForm<I extends string>(
  actor: { id: number; ip: string },
  intent: I,
  submission: Submission<unknown, string[], SettingsValue>,
  savedTo: string,
) {
  if (submission.status !== "success") {
    return formReply(intent, submission.reply({ hideFields: ["currentPassword"] }));
  }
  const { currentPassword, ...patch } = submission.value;
  let outcome;
  try {
    outcome = await applySettings(actor, getUserById(actor.id)!, patch, currentPassword);
  } catch (error) {
    if (error instanceof ContactChangeError) {
      return formReply(
        intent,
        submission.reply({
          fieldErrors: { currentPassword: [error.message] },
          hideFields: ["currentPassword"],
        }),
      );
    }
    if (error instanceof ContactChangeLimitError) {
      const field = patch.email === undefined ? "phone" : "email";
      return formReply(
        intent,
        submission.reply({
          fieldErrors: { [field]: [error.message] },
          hideFields: ["currentPassword"],
        }),
        429,
      );
    }
    if (error instanceof DuplicateEmailError) {
      return formReply(intent, submission.reply({ fieldErrors: { email: [error.message] } }), 409);
    }
    if (error instanceof DuplicatePhoneError) {
      return formReply(intent, submission.reply({ fieldErrors: { phone: [error.message] } }), 409);
    }
    throw error;
  }
  if (outcome.code && !outcome.code.sent) {
    return redirectWithToast(PHONE_PAGE, {
      title: "Confirm your new number",
      description: `Your new number waits for its code, but none was sent: ${outcome.code.message}`,
      type: "error",
    });
  }
  if (outcome.pendingPhone) {
    return redirectWithToast(PHONE_PAGE, {
      title: "Confirm your new number",
      description: `We texted a code to ${formatUsPhone(outcome.pendingPhone)}. Enter it below to switch; until then we keep texting your current number.`,
    });
  }
  return redirectWithToast(savedTo, {
    title: "Settings updated",
    description: "Your account settings have been updated successfully.",
  });
}
