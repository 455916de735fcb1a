import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "./ui/field";
import { Select } from "./ui/input";

/** A labelled select of fixed options (time zones, check-in times) wired to a Conform field. */
export function OptionSelectField({
  field,
  label,
  options,
  hint,
}: {
  field: FieldMetadata<string>;
  label: string;
  options: readonly { value: string; label: string }[];
  hint?: string;
}) {
  return (
    <Field id={field.id} label={label} hint={hint} errors={field.errors}>
      <Select {...getSelectProps(field)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
