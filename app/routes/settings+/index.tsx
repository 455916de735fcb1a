import { getInputProps, useForm } from "@conform-to/react";
import { json, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { getClientIp } from "~/utils/requests/request.server";
import { saveSettingsForm } from "~/account/settings-form.server";
import { FORM_ATTRIBUTES } from "~/components/form-attributes.generated";
import { checkedFormProps } from "~/components/form-props";
import { OptionSelectField } from "~/components/option-select-field";
import { PendingButton } from "~/components/pending-button";
import { LegacyAnchors } from "~/components/settings/legacy-anchors";
import { PhoneStateBadge } from "~/components/settings/phone-verification";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { FieldErrors } from "~/components/ui/field";
import { formatUsPhone } from "~/users/phone";
import { EVENING_TIMES, MORNING_TIMES, TIME_ZONES, WEEK_START_OPTIONS } from "~/users/user-options";
import { ProfileFormSchema } from "~/users/user-schema";
import { parseWithZod } from "~/utils/forms/forms.server";
import { pageMeta } from "~/utils/page/meta";
import { requireUser } from "~/http/session.server";
import { readUserForm } from "~/http/user-form.server";
import { InputField } from "~/components/input-field";

export const meta: MetaFunction = () =>
  pageMeta(
    "Settings",
    "Your email, time zone, check-in times, reminders, weekly summary and first day of the week.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // Stripe Checkout sessions started before Plan & billing had its own page come back here.
  const checkout = new URL(request.url).searchParams.get("checkout");
  if (checkout) throw redirect(`/settings/billing?${new URLSearchParams({ checkout })}`);
  const number = formatUsPhone(user.phone);
  return json({
    // Shown with its +1, like the phone field of the Phone page.
    phone: {
      number: number.startsWith("+") ? number : `+1 ${number}`,
      verified: Boolean(user.phoneVerifiedAt),
    },
    user: {
      email: user.email,
      timezone: user.timezone,
      preferredCheckInTimeMorning: user.preferredCheckInTimeMorning,
      preferredCheckInTimeEvening: user.preferredCheckInTimeEvening,
      sendCheckInReminders: user.sendCheckInReminders,
      receiveWeeklySummary: user.receiveWeeklySummary,
      weekStartsOn: user.weekStartsOn,
    },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, formData } = await readUserForm(request, "settings");
  const submission = parseWithZod(formData, { schema: ProfileFormSchema });
  return saveSettingsForm(
    { id: user.id, ip: getClientIp(request) },
    "settings",
    submission,
    "/settings",
  );
}

export default function ProfileSettingsPage() {
  const { user, phone } = useLoaderData<typeof loader>();
  const [form, fields] = useForm<z.input<typeof ProfileFormSchema>>({
    id: "settings",
    constraint: FORM_ATTRIBUTES.profile,
    lastResult: useActionData<typeof action>()?.result,
    defaultValue: user,
  });
  return (
    <>
      <LegacyAnchors />
      <Form method="post" {...checkedFormProps(form)} className="grid gap-6">
        <input type="hidden" name="intent" value="settings" />
        <Card>
          <CardHeader>
            <CardTitle className="text-xl">Account Information</CardTitle>
            <CardDescription>
              Your sign-in email, the phone we text, and your time zone.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <InputField field={fields.email} type="email" label="Email" autoComplete="email" />
            <div className="space-y-2" data-testid="phone-summary">
              <p className="text-sm font-medium leading-none">Phone number</p>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                <span className="text-sm">{phone.number}</span>
                <PhoneStateBadge verified={phone.verified} />
                <Link
                  to="/settings/phone"
                  className="text-sm font-medium text-primary underline underline-offset-4"
                >
                  {phone.verified ? "Change number" : "Change or verify"}
                </Link>
              </div>
              {/* Only a post from the old Settings page carries a phone; its refusal shows here. */}
              <FieldErrors id={fields.phone.errorId} errors={fields.phone.errors} />
            </div>
            <InputField
              field={fields.currentPassword}
              type="password"
              label="Confirm with your password"
              hint="Needed only to change your email or phone number."
              autoComplete="current-password"
            />
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
              note="Uncheck this to take a break or go on vacation: your streaks are frozen until you turn it back on."
            />
            <CheckboxField
              {...getInputProps(fields.receiveWeeklySummary, { type: "checkbox" })}
              label="Weekly summary"
              note="Receive a weekly progress summary on Sunday."
            />
            <OptionSelectField
              field={fields.weekStartsOn}
              label="Week starts on"
              options={WEEK_START_OPTIONS}
            />
            <div>
              <PendingButton intent="settings" pendingLabel="Saving...">
                Save changes
              </PendingButton>
            </div>
          </CardContent>
        </Card>
      </Form>
    </>
  );
}
