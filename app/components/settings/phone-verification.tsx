import { Form } from "@remix-run/react";
import { VIA_FIELD } from "~/account/verify-code-form";
import { PendingButton } from "~/components/pending-button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { useHydrated } from "~/utils/hooks/use-hydrated";

export type PhoneVerificationData = {
  verified: boolean;
  changing: boolean;
  codePending: boolean;
  phone: string;
  ttlMinutes: number;
};

const SEND_CODE_FORM = "phone-send-code";
const VERIFY_CODE_FORM = "phone-verify-code";

/** Tells the action that JavaScript runs here, so its answer to a wrong code may carry a toast. */
export function ViaScriptField() {
  const hydrated = useHydrated();
  return hydrated ? <input type="hidden" name={VIA_FIELD.name} value={VIA_FIELD.value} /> : null;
}

/** The code's own error ids: the hint and, after a wrong code, the error that names it. */
export function codeFieldState(id: string, error: string | undefined, hintId?: string) {
  return {
    "aria-invalid": error ? (true as const) : undefined,
    "aria-describedby":
      [hintId, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined,
  };
}

/**
 * The phone verification forms. They sit outside the phone form (forms cannot nest) and their
 * controls, shown under the phone field, join them with the form attribute.
 */
export function PhoneVerificationForms() {
  return (
    <>
      <Form method="post" id={SEND_CODE_FORM} className="hidden">
        <input type="hidden" name="intent" value="send-code" />
      </Form>
      <Form method="post" id={VERIFY_CODE_FORM} className="hidden">
        <input type="hidden" name="intent" value="verify-code" />
        <ViaScriptField />
      </Form>
    </>
  );
}

export function PhoneVerification({
  verification,
  codeError,
}: {
  verification: PhoneVerificationData;
  /** The answer to a wrong code, shown at the field. */
  codeError?: string;
}) {
  if (verification.verified) return null;
  if (!verification.codePending) {
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
          We&apos;ll text a 6-digit code to {verification.phone}. Changed the number? Save changes
          first.
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-2" data-testid="phone-verification">
      <Field
        id="verification-code"
        label="Verification code"
        hint={`Enter the 6-digit code we texted to ${verification.phone}. It is valid for ${verification.ttlMinutes} minutes.`}
        errors={codeError ? [codeError] : undefined}
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
            {...codeFieldState("verification-code", codeError, "verification-code-hint")}
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

/** 'Verified' or 'Not verified', beside the phone number. */
export function PhoneStateBadge({ verified }: { verified: boolean }) {
  return (
    <span
      className={
        verified
          ? "whitespace-nowrap rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-900"
          : "whitespace-nowrap rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900"
      }
      data-testid="phone-verified-state"
    >
      {verified ? "Verified" : "Not verified"}
    </span>
  );
}
