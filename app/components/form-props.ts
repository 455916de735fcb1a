import { getFormProps, type FormMetadata } from "@conform-to/react";

/**
 * conform's form props with the browser's own checks left on. conform turns them off (`noValidate`)
 * so that a schema running in the browser can show its messages instead; our pages ship no schema,
 * so the fields' attributes (from `fieldAttributes` on the server) are what checks a form before it
 * is posted, with JavaScript or without. Everything else is still checked by the server.
 */
export function checkedFormProps<Schema extends Record<string, unknown>, FormError>(
  form: FormMetadata<Schema, FormError>,
) {
  return { ...getFormProps(form), noValidate: false };
}
