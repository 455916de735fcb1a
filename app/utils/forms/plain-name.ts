import { z } from "zod";

// A name goes into texts to other people: it may not carry a link, an address, a number to call or
// markup, whatever way it is written ("evil.example/x", "win at bit . ly", "call 201 555 0100").
const NOT_A_NAME = [
  /[<>{}[\]\\]/, // markup
  /[\u0000-\u001f\u007f]/, // control characters
  /https?:|www\.|:\/\//i, // links
  /@/, // email addresses and handles
  /\b[a-z0-9-]+\s*\.\s*[a-z]{2,}\b/i, // domains
  /(?:\d[\s().-]*){7,}/, // phone numbers
];

/** Whether a short name is only a name. */
export function isPlainName(value: string) {
  return !NOT_A_NAME.some((pattern) => pattern.test(value));
}

/** A short name that goes into texts and pages: trimmed, no links, addresses, numbers or markup. */
export function plainName(field: string, max: number) {
  return z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`)
    .refine(isPlainName, {
      message: `${field} can only be a name: no links, web or email addresses, phone numbers or markup`,
    });
}
