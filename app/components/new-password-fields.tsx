import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "./ui/field";
import { Input } from "./ui/input";

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
      <Field
        id={newPassword.id}
        label="New password"
        hint="At least 8 characters."
        errors={newPassword.errors}
      >
        <Input {...getInputProps(newPassword, { type: "password" })} autoComplete="new-password" />
      </Field>
      <Field id={confirmPassword.id} label="Repeat new password" errors={confirmPassword.errors}>
        <Input
          {...getInputProps(confirmPassword, { type: "password" })}
          autoComplete="new-password"
        />
      </Field>
    </>
  );
}
