import type { FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { checkedFormProps } from "./form-props";
import { FieldErrors } from "./ui/field";

/** The boxed form under a list that adds one item to it: its title, its intent, its form errors. */
export function AddItemForm<Schema extends Record<string, unknown>>({
  form,
  title,
  intent,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  title: string;
  intent: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" {...checkedFormProps(form)} className="grid gap-4 rounded-md border p-4">
      <h3 className="font-semibold">{title}</h3>
      <input type="hidden" name="intent" value={intent} />
      <FieldErrors id={form.errorId} errors={form.errors} />
      {children}
    </Form>
  );
}
