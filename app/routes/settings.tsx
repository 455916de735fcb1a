import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod, readFormData } from "~/utils/forms.server";
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { PageShell } from "~/components/page";
import { OptionSelectField } from "~/components/option-select-field";
import { NewPasswordFields } from "~/components/new-password-fields";
import { PendingButton } from "~/components/pending-button";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, FieldErrors } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { applySettings, ContactChangeError } from "~/account/contact-change.server";
import {
  codePurposeOf,
  isPhoneVerificationIntent,
  phoneVerificationIntent,
} from "~/account/phone-verification.server";
import { CODE_TTL_MINUTES, formatUsPhone, hasPendingCode } from "~/sms/phone-codes.server";
import { nationalDigits } from "~/users/phone";
import { EVENING_TIMES, MORNING_TIMES, TIME_ZONES } from "~/users/user-options";
import { ChangePasswordSchema, DeleteAccountSchema, SettingsPageSchema } from "~/users/user-schema";
import {
  changePassword,
  deleteAccount,
  DuplicateEmailError,
  DuplicatePhoneError,
  getUserById,
  WrongPasswordError,
} from "~/users/users.server";
import { ensurePrimary } from "~/utils/litefs.server";
import { destroyUserSession, getSession, requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { billingSummary } from "~/billing/billing.server";
import { PartnersCard } from "~/components/sharing/partners-card";
import { ShareLinksCard } from "~/components/sharing/share-links-card";
import { MAX_PARTNERS_PER_USER } from "~/partners/partner-state";
import { PartnerFormSchema } from "~/partners/partner-schema";
import {
  addPartner,
  PartnerError,
  partnersForSettings,
  removePartner,
} from "~/partners/partners.server";
import {
  createShareLink,
  revokeShareLink,
  ShareLinkError,
  shareLinksForSettings,
} from "~/sharing/share-links.server";
import { ShareLinkFormSchema } from "~/sharing/share-schema";
import { PlanBillingCard } from "~/components/billing/plan-billing-card";
import { BillingError, cancelSubscriptionOf } from "~/billing/subscriptions.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () =>
  pageMeta(
    "Settings",
    "Your account, check-in times, plan, coaches and partners, and share links.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({
    user: {
      email: user.email,
      phone: nationalDigits(user.phone),
      phoneVerified: Boolean(user.phoneVerifiedAt),
      timezone: user.timezone,
      preferredCheckInTimeMorning: user.preferredCheckInTimeMorning,
      preferredCheckInTimeEvening: user.preferredCheckInTimeEvening,
      sendCheckInReminders: user.sendCheckInReminders,
      receiveWeeklySummary: user.receiveWeeklySummary,
    },
    phoneVerification: {
      // A new number asked for waits for its own code; until then the verified one stays.
      verified: Boolean(user.phoneVerifiedAt) && !user.pendingPhone,
      changing: Boolean(user.pendingPhone),
      // A code can be entered while an unused, unexpired one exists for the number it went to.
      codePending:
        (!user.phoneVerifiedAt || Boolean(user.pendingPhone)) &&
        hasPendingCode(user, codePurposeOf(user)),
      phone: formatUsPhone(user.pendingPhone ?? user.phone),
      ttlMinutes: CODE_TTL_MINUTES,
    },
    billing: billingSummary(user),
    partners: partnersForSettings(user.id),
    maxPartners: MAX_PARTNERS_PER_USER,
    shareLinks: shareLinksForSettings(user),
  });
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

type Intent = "settings" | "password" | "delete" | "partner-add" | "share-create";
const reply = (intent: Intent, result: SubmissionResult<string[]>, status = 400) =>
  json({ intent, result }, { status });

export async function action({ request }: ActionFunctionArgs) {
  await ensurePrimary();
  const user = await requireUser(request);
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  if (intent === "settings") {
    const submission = parseWithZod(formData, { schema: SettingsPageSchema });
    if (submission.status !== "success") {
      return reply("settings", submission.reply({ hideFields: ["currentPassword"] }));
    }
    const { currentPassword, ...patch } = submission.value;
    let outcome;
    try {
      outcome = await applySettings(user.id, getUserById(user.id)!, patch, currentPassword);
    } catch (error) {
      if (error instanceof ContactChangeError) {
        return reply(
          "settings",
          submission.reply({
            fieldErrors: { currentPassword: [error.message] },
            hideFields: ["currentPassword"],
          }),
        );
      }
      if (error instanceof DuplicateEmailError) {
        return reply(
          "settings",
          submission.reply({ fieldErrors: { email: [error.message] } }),
          409,
        );
      }
      if (error instanceof DuplicatePhoneError) {
        return reply(
          "settings",
          submission.reply({ fieldErrors: { phone: [error.message] } }),
          409,
        );
      }
      throw error;
    }
    if (outcome.pendingPhone) {
      return redirectWithToast("/settings", {
        title: "Confirm your new number",
        description: `We texted a code to ${formatUsPhone(outcome.pendingPhone)}. Enter it below to switch; until then we keep texting your current number.`,
      });
    }
    return redirectWithToast("/settings", {
      title: "Settings updated",
      description: "Your account settings have been updated successfully.",
    });
  }

  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
    if (submission.status !== "success")
      return reply("password", submission.reply({ hideFields: PASSWORD_FIELDS }));
    try {
      const session = await getSession(request);
      await changePassword(
        user.id,
        submission.value.currentPassword,
        submission.value.newPassword,
        session.id,
      );
    } catch (error) {
      if (!(error instanceof WrongPasswordError)) throw error;
      return reply(
        "password",
        submission.reply({
          fieldErrors: { currentPassword: [error.message] },
          hideFields: PASSWORD_FIELDS,
        }),
      );
    }
    return redirectWithToast("/settings", {
      title: "Password changed",
      description: "Your password has been changed and your other sessions were signed out.",
    });
  }

  if (intent === "delete") {
    const submission = parseWithZod(formData, { schema: DeleteAccountSchema });
    if (submission.status !== "success")
      return reply("delete", submission.reply({ hideFields: ["password"] }));
    try {
      await deleteAccount(user.id, submission.value.password, {
        beforeDelete: () => cancelSubscriptionOf(user.id),
      });
    } catch (error) {
      if (error instanceof BillingError) {
        return reply(
          "delete",
          submission.reply({ formErrors: [error.message], hideFields: ["password"] }),
          502,
        );
      }
      if (!(error instanceof WrongPasswordError)) throw error;
      return reply(
        "delete",
        submission.reply({ fieldErrors: { password: [error.message] }, hideFields: ["password"] }),
      );
    }
    return redirectWithToast(
      "/",
      { title: "Account deleted", description: "Your account and its data have been deleted." },
      { headers: { "Set-Cookie": await destroyUserSession(request) } },
    );
  }

  if (intent === "partner-add") {
    const submission = parseWithZod(formData, { schema: PartnerFormSchema });
    if (submission.status !== "success") return reply("partner-add", submission.reply());
    try {
      const { partner, invitationSent } = await addPartner(user.id, submission.value);
      return redirectWithToast(
        "/settings#partners",
        invitationSent
          ? {
              title: "Invitation sent",
              description: `We texted ${partner.name} an invitation. They get nothing else until they reply YES.`,
            }
          : {
              title: "Partner added",
              description: `We could not text ${partner.name} the invitation: the number may have opted out of our texts.`,
              type: "info",
            },
      );
    } catch (error) {
      // Each partner gets a share link of their own, so the cap on active links applies too.
      if (!(error instanceof PartnerError || error instanceof ShareLinkError)) throw error;
      return reply("partner-add", submission.reply({ formErrors: [error.message] }), 409);
    }
  }

  if (intent === "partner-remove") {
    const removed = removePartner(user.id, Number(formData.get("partnerId")));
    return redirectWithToast(
      "/settings#partners",
      removed
        ? { title: "Removed", description: "They will get nothing more from us about you." }
        : { title: "Error", description: "That partner was not found.", type: "error" },
    );
  }

  if (intent === "share-create") {
    const submission = parseWithZod(formData, { schema: ShareLinkFormSchema });
    if (submission.status !== "success") return reply("share-create", submission.reply());
    try {
      createShareLink(user.id, submission.value);
    } catch (error) {
      if (!(error instanceof ShareLinkError)) throw error;
      return reply("share-create", submission.reply({ formErrors: [error.message] }), 409);
    }
    return redirectWithToast("/settings#share-links", {
      title: "Share link created",
      description: "Copy the link from the list and send it to whoever you like.",
    });
  }

  if (intent === "share-revoke") {
    const revoked = revokeShareLink(user.id, Number(formData.get("linkId")));
    return redirectWithToast(
      "/settings#share-links",
      revoked
        ? { title: "Share link revoked", description: "The link no longer works." }
        : { title: "Error", description: "That link was not found.", type: "error" },
    );
  }

  if (isPhoneVerificationIntent(intent)) {
    const fresh = getUserById(user.id)!;
    return redirectWithToast("/settings", await phoneVerificationIntent(fresh, intent, formData));
  }

  throw new Response("Unknown action.", { status: 400 });
}

function useLastResult(intent: Intent) {
  const data = useActionData<typeof action>();
  return data?.intent === intent ? data.result : undefined;
}

export default function SettingsPage() {
  const data = useLoaderData<typeof loader>();
  return (
    <PageShell title="Settings">
      <div className="grid gap-6">
        <PhoneVerificationForms />
        <PreferencesForm />
        <PlanBillingCard billing={data.billing} />
        <PartnersCard
          partners={data.partners}
          max={data.maxPartners}
          lastResult={useLastResult("partner-add")}
        />
        <ShareLinksCard links={data.shareLinks} lastResult={useLastResult("share-create")} />
        <PasswordForm />
        <DataCard />
        <DeleteAccountForm />
      </div>
    </PageShell>
  );
}

function PreferencesForm() {
  const { user } = useLoaderData<typeof loader>();
  const [form, fields] = useForm<z.input<typeof SettingsPageSchema>>({
    id: "settings",
    lastResult: useLastResult("settings"),
    defaultValue: user,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-6">
      <input type="hidden" name="intent" value="settings" />
      <Card>
        <CardHeader>
          <CardTitle className="text-xl">Account Information</CardTitle>
          <CardDescription>
            Your sign-in email, the phone we text, and your time zone.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Field id={fields.email.id} label="Email" errors={fields.email.errors}>
            <Input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
          </Field>
          <Field id={fields.phone.id} label="Phone number" errors={fields.phone.errors}>
            <div className="flex items-center gap-2">
              <span className="rounded-md border bg-muted px-3 py-2 text-sm" aria-hidden="true">
                +1
              </span>
              <Input
                {...getInputProps(fields.phone, { type: "tel" })}
                autoComplete="tel-national"
              />
              <span
                className={
                  user.phoneVerified
                    ? "whitespace-nowrap rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900"
                    : "whitespace-nowrap rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900"
                }
                data-testid="phone-verified-state"
              >
                {user.phoneVerified ? "Verified" : "Not verified"}
              </span>
            </div>
          </Field>
          <PhoneVerification />
          <Field
            id={fields.currentPassword.id}
            label="Confirm with your password"
            hint="Needed only to change your email or phone number."
            errors={fields.currentPassword.errors}
          >
            <Input
              {...getInputProps(fields.currentPassword, { type: "password" })}
              autoComplete="current-password"
            />
          </Field>
          <OptionSelectField field={fields.timezone} label="Time zone" options={TIME_ZONES} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-xl">Check-in Preferences</CardTitle>
          <CardDescription>
            When we text you, in your time zone. A new time still ahead today is used today; one
            already past starts tomorrow (never the same question twice in a day).
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <OptionSelectField
              field={fields.preferredCheckInTimeMorning}
              label="Morning check-in time"
              options={MORNING_TIMES}
            />
            <OptionSelectField
              field={fields.preferredCheckInTimeEvening}
              label="Evening check-in time"
              options={EVENING_TIMES}
            />
          </div>
          <CheckboxField
            {...getInputProps(fields.sendCheckInReminders, { type: "checkbox" })}
            label="Send Check In and Reminders"
            note="Uncheck this to take a break or go on vacation."
          />
          <CheckboxField
            {...getInputProps(fields.receiveWeeklySummary, { type: "checkbox" })}
            label="Weekly summary"
            note="Receive a weekly progress summary on Sunday."
          />
          <div>
            <PendingButton intent="settings" pendingLabel="Saving...">
              Save changes
            </PendingButton>
          </div>
        </CardContent>
      </Card>
    </Form>
  );
}

const SEND_CODE_FORM = "phone-send-code";
const VERIFY_CODE_FORM = "phone-verify-code";

/**
 * The phone verification forms. They sit outside the settings form (forms cannot nest) and their
 * controls, shown under the phone field, join them with the form attribute.
 */
function PhoneVerificationForms() {
  return (
    <>
      <Form method="post" id={SEND_CODE_FORM} className="hidden">
        <input type="hidden" name="intent" value="send-code" />
      </Form>
      <Form method="post" id={VERIFY_CODE_FORM} className="hidden">
        <input type="hidden" name="intent" value="verify-code" />
      </Form>
    </>
  );
}

function PhoneVerification() {
  const { phoneVerification } = useLoaderData<typeof loader>();
  if (phoneVerification.verified) return null;
  if (!phoneVerification.codePending) {
    return (
      <div className="flex flex-wrap items-center gap-3" data-testid="phone-verification">
        <PendingButton
          form={SEND_CODE_FORM}
          intent="send-code"
          variant="outline"
          pendingLabel="Sending..."
        >
          Verify phone
        </PendingButton>
        <p className="text-sm text-muted-foreground">
          We&apos;ll text a 6-digit code to {phoneVerification.phone}. Changed the number? Save
          changes first.
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-2" data-testid="phone-verification">
      <Field
        id="verification-code"
        label="Verification code"
        hint={`Enter the 6-digit code we texted to ${phoneVerification.phone}. It is valid for ${phoneVerification.ttlMinutes} minutes.`}
      >
        <div className="flex items-center gap-2">
          <Input
            id="verification-code"
            name="code"
            form={VERIFY_CODE_FORM}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            title="The 6 digits from the text"
            required
            aria-describedby="verification-code-hint"
            className="max-w-[10rem]"
          />
          <PendingButton form={VERIFY_CODE_FORM} intent="verify-code" pendingLabel="Verifying...">
            Verify
          </PendingButton>
        </div>
      </Field>
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <span>Didn&apos;t get it?</span>
        <PendingButton
          form={SEND_CODE_FORM}
          intent="send-code"
          variant="link"
          size="sm"
          className="h-auto px-0"
          pendingLabel="Sending..."
        >
          Send a new code
        </PendingButton>
      </div>
    </div>
  );
}

function PasswordForm() {
  const [form, fields] = useForm<z.input<typeof ChangePasswordSchema>>({
    id: "change-password",
    lastResult: useLastResult("password"),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Change password</CardTitle>
        <CardDescription>Your other signed-in devices will be signed out.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:max-w-md">
          <input type="hidden" name="intent" value="password" />
          <Field
            id={fields.currentPassword.id}
            label="Current password"
            errors={fields.currentPassword.errors}
          >
            <Input
              {...getInputProps(fields.currentPassword, { type: "password" })}
              autoComplete="current-password"
            />
          </Field>
          <NewPasswordFields
            newPassword={fields.newPassword}
            confirmPassword={fields.confirmPassword}
          />
          <div>
            <PendingButton intent="password" pendingLabel="Changing...">
              Change password
            </PendingButton>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

function DataCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Your data</CardTitle>
        <CardDescription>Download your account, goals and messages as a JSON file.</CardDescription>
      </CardHeader>
      <CardContent>
        <a href="/settings/export.json" download className={buttonClass("outline")}>
          Download my data
        </a>
      </CardContent>
    </Card>
  );
}

function DeleteAccountForm() {
  const [form, fields] = useForm<z.input<typeof DeleteAccountSchema>>({
    id: "delete-account",
    lastResult: useLastResult("delete"),
  });
  return (
    <Card className="border-destructive">
      <CardHeader>
        <CardTitle className="text-xl">Delete account</CardTitle>
        <CardDescription>
          This deletes your account, goals and messages for good. If you opted out of texts, your
          number stays opted out.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:max-w-md">
          <input type="hidden" name="intent" value="delete" />
          <FieldErrors id={form.errorId} errors={form.errors} />
          <Field id={fields.password.id} label="Password" errors={fields.password.errors}>
            <Input
              {...getInputProps(fields.password, { type: "password" })}
              autoComplete="current-password"
            />
          </Field>
          <div className="flex items-start gap-3">
            <input
              {...getInputProps(fields.confirm, { type: "checkbox" })}
              className="mt-1 h-4 w-4"
            />
            <label htmlFor={fields.confirm.id} className="text-sm">
              I understand that my account and all its data will be deleted and cannot be restored.
            </label>
          </div>
          <FieldErrors id={fields.confirm.errorId} errors={fields.confirm.errors} />
          <div>
            <PendingButton intent="delete" variant="destructive" pendingLabel="Deleting...">
              Delete account
            </PendingButton>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
