import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";

type TextLikeType = Exclude<Parameters<typeof getInputProps>[1]["type"], "checkbox" | "radio">;

/** A form field as a labelled input: its label, hint and errors around the field's Input. */
export function InputField<Schema, FormSchema extends Record<string, unknown>>({
  field,
  type,
  label,
  hint,
  ...input
}: {
  field: FieldMetadata<Schema, FormSchema, string[]>;
  type: TextLikeType;
  label: ReactNode;
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  return (
    <Field id={field.id} label={label} hint={hint} errors={field.errors}>
      <Input {...getInputProps(field, { type })} {...input} />
    </Field>
  );
}
