import { useForm } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import type { z } from "zod";
import { FORM_ATTRIBUTES } from "~/components/form-attributes.generated";
import { checkedFormProps } from "~/components/form-props";
import { NewPasswordFields } from "~/components/new-password-fields";
import { PendingButton } from "~/components/pending-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ChangePasswordSchema } from "~/users/user-schema";
import { changePassword, WrongPasswordError } from "~/users/users.server";
import { formReply, parseWithZod } from "~/utils/forms/forms.server";
import { pageMeta } from "~/utils/page/meta";
import { getSession, requireUser } from "~/http/session.server";
import { redirectWithToast } from "~/utils/toast/toast.server";
import { readUserForm } from "~/http/user-form.server";
import { InputField } from "~/components/input-field";

export const meta: MetaFunction = () =>
  pageMeta("Password · Settings", "Change your password; your other devices are signed out.");

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

export async function action({ request }: ActionFunctionArgs) {
  const { user, formData } = await readUserForm(request, "password");
  const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
  if (submission.status !== "success") {
    return formReply("password", submission.reply({ hideFields: PASSWORD_FIELDS }));
  }
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
    return formReply(
      "password",
      submission.reply({
        fieldErrors: { currentPassword: [error.message] },
        hideFields: PASSWORD_FIELDS,
      }),
    );
  }
  return redirectWithToast("/settings/password", {
    title: "Password changed",
    description: "Your password has been changed and your other sessions were signed out.",
  });
}

export default function PasswordSettingsPage() {
  const [form, fields] = useForm<z.input<typeof ChangePasswordSchema>>({
    id: "change-password",
    constraint: FORM_ATTRIBUTES.changePassword,
    lastResult: useActionData<typeof action>()?.result,
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Change password</CardTitle>
        <CardDescription>Your other signed-in devices will be signed out.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...checkedFormProps(form)} className="grid gap-4 sm:max-w-md">
          <input type="hidden" name="intent" value="password" />
          <InputField
            field={fields.currentPassword}
            type="password"
            label="Current password"
            autoComplete="current-password"
          />
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
