import { getInputProps, useForm } from "@conform-to/react";
import { json } from "@remix-run/node";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import {
  codePurposeOf,
  isPhoneVerificationIntent,
  phoneVerificationResponse,
} from "~/account/phone-verification.server";
import { getClientIp } from "~/utils/requests/request.server";
import { PHONE_PAGE, saveSettingsForm } from "~/account/settings-form.server";
import { FORM_ATTRIBUTES } from "~/components/form-attributes.generated";
import { checkedFormProps } from "~/components/form-props";
import { PendingButton } from "~/components/pending-button";
import {
  PhoneStateBadge,
  PhoneVerification,
  PhoneVerificationForms,
} from "~/components/settings/phone-verification";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { CODE_TTL_MINUTES, hasPendingCode } from "~/verification/phone-codes.server";
import { nationalDigits, formatUsPhone } from "~/users/phone";
import { PhoneFormSchema } from "~/users/user-schema";
import { getUserById } from "~/users/users.server";
import { parseWithZod } from "~/utils/forms/forms.server";
import { pageMeta } from "~/utils/page/meta";
import { requireUser } from "~/http/session.server";
import { readUserForm, unknownAction } from "~/http/user-form.server";
import { InputField } from "~/components/input-field";

export const meta: MetaFunction = () =>
  pageMeta("Phone · Settings", "The mobile number we text, and its verification.");

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({
    phone: nationalDigits(user.phone),
    phoneVerified: Boolean(user.phoneVerifiedAt),
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
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, formData } = await readUserForm(request);
  const intent = formData.get("intent");
  if (intent === "phone") {
    const submission = parseWithZod(formData, { schema: PhoneFormSchema });
    return saveSettingsForm(
      { id: user.id, ip: getClientIp(request) },
      "phone",
      submission,
      PHONE_PAGE,
    );
  }
  if (isPhoneVerificationIntent(intent)) {
    const fresh = getUserById(user.id)!;
    return phoneVerificationResponse(
      fresh,
      { intent, form: formData, clientIp: getClientIp(request) },
      PHONE_PAGE,
    );
  }
  throw unknownAction();
}

export default function PhoneSettingsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof PhoneFormSchema>>({
    id: "phone-number",
    constraint: FORM_ATTRIBUTES.phone,
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: { phone: data.phone },
  });
  return (
    <>
      <PhoneVerificationForms />
      <Card>
        <CardHeader>
          <CardTitle className="text-xl">Phone</CardTitle>
          <CardDescription>
            The US mobile number we text. Texts start once it is verified with a code.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Form method="post" {...checkedFormProps(form)} className="grid gap-4">
            <input type="hidden" name="intent" value="phone" />
            <Field id={fields.phone.id} label="Phone number" errors={fields.phone.errors}>
              <div className="flex items-center gap-2">
                <span className="rounded-md border bg-muted px-3 py-2 text-sm" aria-hidden="true">
                  +1
                </span>
                <Input
                  {...getInputProps(fields.phone, { type: "tel" })}
                  autoComplete="tel-national"
                />
                <PhoneStateBadge verified={data.phoneVerified} />
              </div>
            </Field>
            <PhoneVerification
              verification={data.phoneVerification}
              codeError={actionData?.intent === "verify-code" ? actionData.error : undefined}
            />
            <InputField
              field={fields.currentPassword}
              type="password"
              label="Confirm with your password"
              hint="Needed only to change your email or phone number."
              autoComplete="current-password"
            />
            <div>
              <PendingButton intent="phone" pendingLabel="Saving...">
                Save changes
              </PendingButton>
            </div>
          </Form>
        </CardContent>
      </Card>
    </>
  );
}
