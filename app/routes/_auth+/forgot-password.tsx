import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod, readFormData } from "~/utils/forms/forms.server";
import { json, redirect } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { FORM_ATTRIBUTES } from "~/components/form-attributes.generated";
import { checkedFormProps } from "~/components/form-props";
import { HoneypotInput } from "~/components/honeypot";
import { NewPasswordFields } from "~/components/new-password-fields";
import { PendingButton } from "~/components/pending-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldErrors } from "~/components/ui/field";
import {
  CODE_TTL_MINUTES,
  MAX_CODE_ATTEMPTS,
  MAX_CODES_PER_HOUR,
} from "~/verification/phone-codes.server";
import { requestPasswordReset, resetPasswordWithCode } from "~/account/password-reset.server";
import {
  RequestResetSchema,
  resetEmail,
  ResetSchema,
} from "~/account/password-reset-schema.server";
import { isSpam, spamResponse } from "~/http/honeypot.server";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { consumeAuthAttempt, RATE_LIMIT_MESSAGE } from "~/utils/rate-limits/rate-limit.server";
import { getClientIp } from "~/utils/requests/request.server";
import { requireAnonymous } from "~/http/session.server";
import { redirectWithToast } from "~/utils/toast/toast.server";
import { env } from "~/utils/env/env.server";
import { pageMeta } from "~/utils/page/meta";
import { errorFields, logger } from "~/observability/logger.server";
import { InputField } from "~/components/input-field";

export const meta: MetaFunction = () =>
  pageMeta(
    "Forgot password",
    "Reset your StreakCoach password with a code texted to your verified phone.",
  );

/** The one answer to step 1, whether or not the email belongs to an account. */
export const CODE_SENT_NOTICE =
  "If an account with a verified phone exists for that email, we texted it a 6-digit code.";

/** What the notice cannot say for one account without telling that it exists: its own limit. */
export const NO_TEXT_HINT = `No text after a few minutes? An account gets at most ${MAX_CODES_PER_HOUR} codes an hour: ask for a new one later.`;

const INVALID_CODE_TEXT = `The code you entered is invalid or no longer valid. A code works for ${CODE_TTL_MINUTES} minutes and ${MAX_CODE_ATTEMPTS} tries; request a new one if needed.`;

const PASSWORD_FIELDS = ["newPassword", "confirmPassword"];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  const raw = new URL(request.url).searchParams.get("email");
  const parsed = raw === null ? null : resetEmail.safeParse(raw);
  return json({ email: parsed?.success ? parsed.data : null, supportEmail: env.SUPPORT_EMAIL });
}

type Intent = "request" | "reset";
const reply = (
  intent: Intent,
  result: SubmissionResult<string[]>,
  status = 400,
  invalidCode = false,
  headers?: HeadersInit,
) => json({ intent, result, invalidCode }, { status, headers });

export async function action({ request }: ActionFunctionArgs) {
  await ensurePrimary();
  await requireAnonymous(request);
  const formData = await readFormData(request);
  if (isSpam(formData)) throw spamResponse();
  const intent = formData.get("intent");

  if (intent === "request") {
    const submission = parseWithZod(formData, { schema: RequestResetSchema });
    if (submission.status !== "success") return reply("request", submission.reply());
    // Per address only: see password-reset.server.ts for why no limit is per account here.
    const ip = getClientIp(request);
    const limit = await consumeAuthAttempt(ip);
    if (!limit.ok) {
      return reply("request", submission.reply({ formErrors: [RATE_LIMIT_MESSAGE] }), 429);
    }
    const resetRequest = await requestPasswordReset(submission.value.email, ip);
    if (!resetRequest.ok) {
      return reply(
        "request",
        submission.reply({ formErrors: [resetRequest.message] }),
        429,
        false,
        {
          "Retry-After": String(resetRequest.retryAfterSeconds),
        },
      );
    }
    resetRequest.sending.catch((error) =>
      logger.error({ err: errorFields(error) }, "password reset code was not sent"),
    );
    return redirect(`/forgot-password?${new URLSearchParams({ email: submission.value.email })}`);
  }

  if (intent === "reset") {
    const submission = parseWithZod(formData, { schema: ResetSchema });
    if (submission.status !== "success") {
      return reply("reset", submission.reply({ hideFields: PASSWORD_FIELDS }));
    }
    const { email, code, newPassword } = submission.value;
    const limit = await consumeAuthAttempt(getClientIp(request));
    if (!limit.ok) {
      return reply(
        "reset",
        submission.reply({ formErrors: [RATE_LIMIT_MESSAGE], hideFields: PASSWORD_FIELDS }),
        429,
      );
    }
    const result = await resetPasswordWithCode(email, code, newPassword);
    if (!result.ok) {
      return reply(
        "reset",
        submission.reply({
          formErrors: [INVALID_CODE_TEXT],
          hideFields: [...PASSWORD_FIELDS, "code"],
        }),
        400,
        true,
      );
    }
    return redirectWithToast("/login", {
      title: "Password reset",
      description: "You can now log in with your new password.",
    });
  }

  throw new Response("Unknown action.", { status: 400 });
}

function useLastResult(intent: Intent) {
  const data = useActionData<typeof action>();
  return data?.intent === intent ? data : undefined;
}

const linkClass = "font-medium text-primary underline-offset-4 hover:underline";

export default function ForgotPasswordPage() {
  const { email } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Forgot password</CardTitle>
          <CardDescription>
            {email
              ? "Enter the code from the text and choose a new password."
              : "Enter your email. We'll text a 6-digit code to the verified phone of your account."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {email ? <ResetStep email={email} /> : <RequestStep />}
          <NoVerifiedPhone />
        </CardContent>
      </Card>
    </div>
  );
}

function FormAlert({ title, errors, id }: { title: string; errors?: string[]; id: string }) {
  if (!errors?.length) return null;
  return (
    <div role="alert" className="rounded-md border border-destructive p-3">
      <p className="text-sm font-semibold text-destructive">{title}</p>
      <FieldErrors id={id} errors={errors} />
    </div>
  );
}

/**
 * Codes go only to a verified phone, and we hold no other way to reach a person: an account whose
 * phone was never verified is reset by support (npm run reset-password) after it writes from its email.
 */
function NoVerifiedPhone() {
  const { supportEmail } = useLoaderData<typeof loader>();
  return (
    <details className="mt-4 text-sm">
      <summary className="cursor-pointer font-medium text-primary">
        Never verified your phone, or lost it?
      </summary>
      <p className="mt-2 text-muted-foreground">
        A code can only go to a phone number you verified. Write to{" "}
        <a className={linkClass} href={`mailto:${supportEmail}?subject=Password%20reset`}>
          {supportEmail}
        </a>{" "}
        from the email of your account: once we have checked it is you, we set a one-time password
        and send it to that email.
      </p>
    </details>
  );
}

function RequestStep() {
  const last = useLastResult("request");
  const [form, fields] = useForm<z.input<typeof RequestResetSchema>>({
    id: "forgot-request",
    constraint: FORM_ATTRIBUTES.forgotPasswordRequest,
    lastResult: last?.result,
  });
  return (
    <>
      <Form method="post" className="space-y-4" {...checkedFormProps(form)}>
        <HoneypotInput />
        <input type="hidden" name="intent" value="request" />
        <FormAlert title="Could not send a code" id={form.errorId} errors={form.errors} />
        <InputField field={fields.email} type="email" label="Email" autoComplete="email" />
        <PendingButton className="w-full" intent="request" pendingLabel="Sending...">
          Send code
        </PendingButton>
      </Form>
      <p className="mt-4 text-center text-sm text-muted-foreground">
        Remembered it?{" "}
        <Link to="/login" className={linkClass}>
          Log in
        </Link>
      </p>
    </>
  );
}

function ResetStep({ email }: { email: string }) {
  const last = useLastResult("reset");
  const resendErrors = useLastResult("request")?.result.error?.[""] ?? undefined;
  const [form, fields] = useForm<z.input<typeof ResetSchema>>({
    id: "forgot-reset",
    constraint: FORM_ATTRIBUTES.forgotPasswordReset,
    lastResult: last?.result,
  });
  return (
    <>
      <p role="status" className="mb-4 rounded-md bg-muted p-3 text-sm" data-testid="reset-notice">
        {CODE_SENT_NOTICE} {NO_TEXT_HINT}
      </p>
      <Form method="post" className="space-y-4" {...checkedFormProps(form)}>
        <HoneypotInput />
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="email" value={email} />
        <FormAlert
          title={last?.invalidCode ? "Invalid code" : "Could not reset your password"}
          id={form.errorId}
          errors={form.errors}
        />
        <p className="text-sm text-muted-foreground">
          Account: <span className="font-medium text-foreground">{email}</span>
        </p>
        <InputField
          field={fields.code}
          type="text"
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
        />
        <NewPasswordFields
          newPassword={fields.newPassword}
          confirmPassword={fields.confirmPassword}
        />
        <PendingButton className="w-full" intent="reset" pendingLabel="Resetting...">
          Reset password
        </PendingButton>
      </Form>
      <Form method="post" className="mt-4 flex flex-wrap items-center justify-center gap-1 text-sm">
        <input type="hidden" name="intent" value="request" />
        <input type="hidden" name="email" value={email} />
        <FormAlert title="Could not send a code" id="forgot-resend-error" errors={resendErrors} />
        <span className="text-muted-foreground">Didn&apos;t get a text?</span>
        <PendingButton
          variant="link"
          size="sm"
          className="h-auto px-0"
          intent="request"
          pendingLabel="Sending..."
        >
          Send a new code
        </PendingButton>
        <span className="text-muted-foreground">or</span>
        <Link to="/forgot-password" className={linkClass}>
          use a different email
        </Link>
      </Form>
    </>
  );
}
