import { json } from "@remix-run/node";

export type FieldErrors = Record<string, string[]>;

/** An /api refusal: JSON `{message}`, with the message of each bad field for a 400. */
export function apiError(status: number, message: string, errors?: FieldErrors) {
  return json(errors ? { message, errors } : { message }, { status });
}
