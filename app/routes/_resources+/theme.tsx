import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { safeRedirect } from "~/http/safe-redirect";
import { isTheme, serializeTheme } from "~/utils/theme/theme.server";
import { readFormData } from "~/utils/forms/forms.server";

export async function loader() {
  return redirect("/");
}

// Only a cookie is written, never the database, so replicas may answer this too.
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const theme = form.get("theme");
  if (!isTheme(theme)) throw new Response("Choose light, dark or system.", { status: 400 });
  return redirect(safeRedirect(form.get("redirectTo"), "/"), {
    headers: { "Set-Cookie": await serializeTheme(theme) },
  });
}
