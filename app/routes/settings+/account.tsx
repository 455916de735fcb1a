import { getInputProps, useForm } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import type { z } from "zod";
import { BillingError, cancelSubscriptionOf } from "~/billing/subscriptions.server";
import { FORM_ATTRIBUTES } from "~/components/form-attributes.generated";
import { checkedFormProps } from "~/components/form-props";
import { PendingButton } from "~/components/pending-button";
import { buttonClass } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldErrors } from "~/components/ui/field";
import { DeleteAccountSchema } from "~/users/user-schema";
import { deleteAccount, WrongPasswordError } from "~/users/users.server";
import { formReply, parseWithZod } from "~/utils/forms/forms.server";
import { pageMeta } from "~/utils/page/meta";
import { destroyUserSession, requireUser } from "~/http/session.server";
import { redirectWithToast } from "~/utils/toast/toast.server";
import { readUserForm } from "~/http/user-form.server";
import { InputField } from "~/components/input-field";

export const meta: MetaFunction = () =>
  pageMeta("Data & account · Settings", "Download your data, or delete your account.");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, formData } = await readUserForm(request, "delete");
  const submission = parseWithZod(formData, { schema: DeleteAccountSchema });
  if (submission.status !== "success") {
    return formReply("delete", submission.reply({ hideFields: ["password"] }));
  }
  try {
    await deleteAccount(user.id, submission.value.password, {
      beforeDelete: () => cancelSubscriptionOf(user.id),
    });
  } catch (error) {
    if (error instanceof BillingError) {
      return formReply(
        "delete",
        submission.reply({ formErrors: [error.message], hideFields: ["password"] }),
        502,
      );
    }
    if (!(error instanceof WrongPasswordError)) throw error;
    return formReply(
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

export default function AccountSettingsPage() {
  return (
    <div className="grid gap-6">
      <DataCard />
      <DeleteAccountForm />
    </div>
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
    constraint: FORM_ATTRIBUTES.deleteAccount,
    lastResult: useActionData<typeof action>()?.result,
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
        <Form method="post" {...checkedFormProps(form)} className="grid gap-4 sm:max-w-md">
          <input type="hidden" name="intent" value="delete" />
          <FieldErrors id={form.errorId} errors={form.errors} />
          <InputField
            field={fields.password}
            type="password"
            label="Password"
            autoComplete="current-password"
          />
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
