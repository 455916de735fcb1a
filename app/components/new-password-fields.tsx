import { type FieldMetadata } from "@conform-to/react";
import { InputField } from "./input-field";

/** The new password and its repetition, as every form that sets a password asks for them. */
export function NewPasswordFields({
  newPassword,
  confirmPassword,
}: {
  newPassword: FieldMetadata<string>;
  confirmPassword: FieldMetadata<string>;
}) {
  return (
    <>
      <InputField
        field={newPassword}
        type="password"
        label="New password"
        hint="At least 8 characters."
        autoComplete="new-password"
      />
      <InputField
        field={confirmPassword}
        type="password"
        label="Repeat new password"
        autoComplete="new-password"
      />
    </>
  );
}
