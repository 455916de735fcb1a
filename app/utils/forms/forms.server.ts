import type { SubmissionResult } from "@conform-to/react";

import { json } from "@remix-run/node";

import { parseWithZod as parseWithConform } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";

// Form parsing runs on the server only: importing it from here keeps zod out of the pages' JavaScript.

/** The most characters of one field a refused form is given back with: more is junk, not work. */
export const ECHOED_FIELD_MAX_CHARS = 64 * 1024;

/**
 * The posted form read with the schema, as conform's parseWithZod does, except that a refusal
 * (`reply`) gives back only the fields the schema reads, each no longer than ECHOED_FIELD_MAX_CHARS:
 * a body padded with junk is not sent back to its sender, inside the page, as large as it came.
 */
export function parseWithZod<Schema extends $ZodType>(
  formData: FormData | URLSearchParams,
  options: { schema: Schema },
) {
  const submission = parseWithConform(formData, options);
  const known = fieldNames(options.schema);
  const hidden = Object.entries(submission.payload)
    .filter(
      ([name, value]) => (known && !known.has(name)) || echoSize(value) > ECHOED_FIELD_MAX_CHARS,
    )
    .map(([name]) => name);
  if (hidden.length === 0) return submission;
  const reply = submission.reply;
  submission.reply = (replyOptions: Parameters<typeof reply>[0] = {}) => {
    if ("resetForm" in replyOptions) return reply(replyOptions);
    const { hideFields = [] } = replyOptions as { hideFields?: string[] };
    return reply({ ...replyOptions, hideFields: [...hideFields, ...hidden] });
  };
  return submission;
}

/** The top-level names an object schema reads (through refinements and transforms), if it is one. */
function fieldNames(schema: $ZodType): Set<string> | undefined {
  const def = schema._zod.def as { type: string; shape?: object; in?: $ZodType };
  if (def.type === "object" && def.shape) return new Set(Object.keys(def.shape));
  if (def.type === "pipe" && def.in) return fieldNames(def.in);
  return undefined;
}

function echoSize(value: unknown): number {
  if (typeof value === "string") return value.length;
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + echoSize(item), 0);
  if (value && typeof value === "object") return echoSize(Object.values(value));
  return 0;
}

/** A form's refusal, tagged with the form's intent so that only that form shows it. */
export function formReply<I extends string>(
  intent: I,
  result: SubmissionResult<string[]>,
  status = 400,
) {
  return json({ intent, result }, { status });
}

/**
 * The posted form (urlencoded or multipart). A body that is no form (another or no content type, a
 * multipart body without its boundary, a broken upload) is the caller's mistake: a 400 Response is
 * thrown, as Remix expects, instead of the TypeError request.formData() throws (a 500).
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response("The form could not be read.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
}
