import type { SubmissionResult } from "@conform-to/react";
import { json } from "@remix-run/node";

// Form parsing runs on the server only: importing it from here keeps zod out of the pages' JavaScript.
export { parseWithZod } from "@conform-to/zod/v4";

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
