import { z } from "zod";

/** A short name that goes into texts and pages: trimmed, no links, markup or control characters. */
export function plainName(field: string, max: number) {
  return z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`)
    .refine((v) => !/[<>{}]|https?:|www\.|[\u0000-\u001f\u007f]/i.test(v), {
      message: `${field} can only contain plain text`,
    });
}
