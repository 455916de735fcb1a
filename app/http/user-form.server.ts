import { ensurePrimary } from "~/utils/db/litefs.server";
import { readFormData } from "~/utils/forms/forms.server";
import { requireUser } from "./session.server";

/** The answer to a form whose intent the page does not know. */
export function unknownAction() {
  return new Response("Unknown action.", { status: 400 });
}

/**
 * The signed-in user's form, read on the LiteFS primary. A page with a single form names its
 * `intent`: any other is refused.
 */
export async function readUserForm(request: Request, intent?: string) {
  await ensurePrimary();
  const user = await requireUser(request);
  const formData = await readFormData(request);
  if (intent !== undefined && formData.get("intent") !== intent) throw unknownAction();
  return { user, formData };
}
