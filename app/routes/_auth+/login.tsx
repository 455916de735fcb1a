import { json } from "@remix-run/node";
import { useForm } from "@conform-to/react";
import { parseWithZod, readFormData } from "~/utils/forms/forms.server";
import type { z } from "zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { FORM_ATTRIBUTES } from "~/components/form-attributes.generated";
import { checkedFormProps } from "~/components/form-props";
import { FormErrorAlert } from "~/components/form-error-alert";
import { HoneypotInput } from "~/components/honeypot";
import { PendingButton } from "~/components/pending-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { LoginSchema } from "~/users/user-schema";
import { authenticateForm, INVALID_LOGIN } from "~/http/auth.server";
import { isSpam, spamResponse } from "~/http/honeypot.server";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { throttledLogin } from "~/utils/rate-limits/login-throttle.server";
import { getClientIp } from "~/utils/requests/request.server";
import { createUserSession, requireAnonymous } from "~/http/session.server";
import { safeRedirect } from "~/http/safe-redirect";
import { redirectWithToast } from "~/utils/toast/toast.server";
import { pageMeta } from "~/utils/page/meta";
import { InputField } from "~/components/input-field";

export const meta: MetaFunction = () =>
  pageMeta("Log in", "Log in to StreakCoach to see your goals, streaks and check-ins.");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await ensurePrimary();
  await requireAnonymous(request);
  const formData = await readFormData(request.clone());
  if (isSpam(formData)) throw spamResponse();
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return json(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const outcome = await throttledLogin(getClientIp(request), submission.value.email, () =>
    authenticateForm(request),
  );
  if (!outcome.ok) {
    const message = outcome.status === 429 ? outcome.message : INVALID_LOGIN;
    return json(submission.reply({ formErrors: [message], hideFields: ["password"] }), {
      status: outcome.status === 429 ? 429 : 400,
      headers: outcome.status === 429 ? { "Retry-After": String(outcome.retryAfterSeconds) } : {},
    });
  }
  return redirectWithToast(
    safeRedirect(submission.value.redirectTo),
    { title: "Login successful", description: "You have been logged in successfully." },
    { headers: { "Set-Cookie": await createUserSession(request, outcome.userId) } },
  );
}

export default function LoginPage() {
  const lastResult = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const [form, fields] = useForm<z.input<typeof LoginSchema>>({
    id: "login",
    constraint: FORM_ATTRIBUTES.login,
    lastResult,
  });
  return (
    <div className="mx-auto flex max-w-md flex-col px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Log in</CardTitle>
          <CardDescription>Welcome back. Enter your email and password.</CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" className="space-y-4" {...checkedFormProps(form)}>
            <HoneypotInput />
            <input
              type="hidden"
              name="redirectTo"
              value={safeRedirect(searchParams.get("redirectTo"), "")}
            />
            <FormErrorAlert
              title="Login failed"
              id={form.errorId}
              errors={form.errors}
              result={lastResult}
            />
            <InputField field={fields.email} type="email" label="Email" autoComplete="email" />
            <InputField
              field={fields.password}
              type="password"
              label="Password"
              autoComplete="current-password"
            />
            <p className="text-right text-sm">
              <Link
                to="/forgot-password"
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Forgot password?
              </Link>
            </p>
            <PendingButton className="w-full" pendingLabel="Logging in...">
              Log in
            </PendingButton>
          </Form>
          <p className="mt-4 text-center text-sm text-muted-foreground">
            Don&apos;t have an account?{" "}
            <Link
              to="/register"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Sign up
            </Link>
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
