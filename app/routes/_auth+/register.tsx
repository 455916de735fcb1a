import { json } from "@remix-run/node";
import { getInputProps, useForm } from "@conform-to/react";
import { parseWithZod, readFormData } from "~/utils/forms/forms.server";
import type { z } from "zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { useEffect } from "react";
import { FORM_ATTRIBUTES } from "~/components/form-attributes.generated";
import { checkedFormProps } from "~/components/form-props";
import { FormErrorAlert } from "~/components/form-error-alert";
import { HoneypotInput } from "~/components/honeypot";
import { OptionSelectField } from "~/components/option-select-field";
import { PendingButton } from "~/components/pending-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldErrors } from "~/components/ui/field";
import {
  DEFAULT_TIME_ZONE,
  EVENING_TIMES,
  MORNING_TIMES,
  offeredTimeZoneFor,
  TIME_ZONES,
} from "~/users/user-options";
import { CONSENT_LEAD } from "~/users/consent";
import { RegisterSchema } from "~/users/user-schema";
import { signUp } from "~/users/sign-up.server";
import { isSpam, spamResponse } from "~/http/honeypot.server";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { getClientIp, getUserAgent } from "~/utils/requests/request.server";
import { createUserSession, requireAnonymous } from "~/http/session.server";
import { redirectWithToast } from "~/utils/toast/toast.server";
import { pageMeta } from "~/utils/page/meta";
import { useHydrated } from "~/utils/hooks/use-hydrated";
import { InputField } from "~/components/input-field";

export const meta: MetaFunction = () =>
  pageMeta(
    "Create your account",
    "Create a StreakCoach account: set daily goals by text, check in every evening and grow your streak.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await ensurePrimary();
  await requireAnonymous(request);
  const formData = await readFormData(request);
  if (isSpam(formData)) throw spamResponse();
  const submission = parseWithZod(formData, { schema: RegisterSchema });
  if (submission.status !== "success") {
    return json(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const fail = (message: string, status: number) =>
    json(submission.reply({ formErrors: [message], hideFields: ["password"] }), { status });
  const outcome = await signUp(submission.value, {
    ip: getClientIp(request),
    userAgent: getUserAgent(request),
  });
  if (!outcome.ok) return fail(outcome.message, outcome.status);
  return redirectWithToast(
    "/dashboard",
    {
      title: "Registration successful",
      description: "Your account has been created successfully.",
    },
    { headers: { "Set-Cookie": await createUserSession(request, outcome.user.id) } },
  );
}

export default function RegisterPage() {
  const lastResult = useActionData<typeof action>();
  const hydrated = useHydrated();
  const [form, fields] = useForm<z.input<typeof RegisterSchema>>({
    id: "register",
    constraint: FORM_ATTRIBUTES.register,
    lastResult,
    defaultValue: {
      timezone: DEFAULT_TIME_ZONE,
      preferredCheckInTimeMorning: "08:00",
      preferredCheckInTimeEvening: "19:00",
    },
  });
  // With JavaScript the browser's zone is chosen for a fresh form; the select still shows it, and
  // without JavaScript the default stays.
  const { name: timezoneName, id: timezoneId } = fields.timezone;
  useEffect(() => {
    const select = document.getElementById(timezoneId) as HTMLSelectElement | null;
    // A form sent back with errors, or a zone chosen before the page came alive, stays as it is.
    if (lastResult || select?.value !== DEFAULT_TIME_ZONE) return;
    const zone = offeredTimeZoneFor(Intl.DateTimeFormat().resolvedOptions().timeZone);
    if (zone) form.update({ name: timezoneName, value: zone });
    // Once, on the first render in the browser.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="mx-auto flex max-w-lg flex-col px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Create an account</CardTitle>
          <CardDescription>
            Set your goals by text every morning and check in every evening.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="space-y-4" {...checkedFormProps(form)}>
            <HoneypotInput />
            <FormErrorAlert
              title="Registration failed"
              id={form.errorId}
              errors={form.errors}
              result={lastResult}
            />
            <InputField field={fields.email} type="email" label="Email" autoComplete="email" />
            <InputField
              field={fields.password}
              type="password"
              label="Password"
              hint={
                lastResult && !hydrated
                  ? "At least 8 characters. Type it again: a page sent back never holds your password."
                  : "At least 8 characters."
              }
              autoComplete="new-password"
            />
            <OptionSelectField field={fields.timezone} label="Time zone" options={TIME_ZONES} />
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
            <InputField
              field={fields.phone}
              type="tel"
              label="Phone number"
              hint="US mobile number. We'll send your daily check-in texts to this number."
              placeholder="5551234567"
              autoComplete="tel-national"
            />
            <div className="space-y-2">
              <div className="flex items-start gap-3">
                <input
                  {...getInputProps(fields.terms, { type: "checkbox" })}
                  className="mt-1 h-4 w-4 shrink-0 accent-[hsl(var(--primary))]"
                  aria-required
                />
                <label htmlFor={fields.terms.id} className="text-sm leading-relaxed">
                  {CONSENT_LEAD} I agree to the{" "}
                  <Link to="/privacy-policy" className="text-primary underline">
                    Privacy Policy
                  </Link>{" "}
                  and{" "}
                  <Link to="/terms" className="text-primary underline">
                    Terms of Service
                  </Link>
                  .
                </label>
              </div>
              <FieldErrors id={fields.terms.errorId} errors={fields.terms.errors} />
            </div>
            <PendingButton className="w-full" pendingLabel="Creating account...">
              Create account
            </PendingButton>
          </Form>
          <p className="mt-4 text-center text-sm text-muted-foreground">
            Already have an account?{" "}
            <Link
              to="/login"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Log in
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
