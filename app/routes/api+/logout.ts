import { json, type ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed } from "~/http/api.server";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { destroyUserSession } from "~/http/session.server";

export const loader = () => methodNotAllowed(["POST"]);

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  await ensurePrimary();
  return json(
    { message: "You have been logged out successfully." },
    { headers: { "Set-Cookie": await destroyUserSession(request) } },
  );
}
