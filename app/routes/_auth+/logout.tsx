import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { destroyUserSession } from "~/http/session.server";
import { redirectWithToast } from "~/utils/toast/toast.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  await ensurePrimary();
  return redirectWithToast(
    "/login",
    { title: "Logout successful", description: "You have been logged out successfully." },
    { headers: { "Set-Cookie": await destroyUserSession(request) } },
  );
}
