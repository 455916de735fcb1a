import { getSelectProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "./ui/field";
import { Select } from "./ui/input";

/** A labelled select of fixed options (time zones, check-in times) wired to a Conform field. */
export function OptionSelectField({
  field,
  label,
  options,
}: {
  field: FieldMetadata<string>;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Field id={field.id} label={label} errors={field.errors}>
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
