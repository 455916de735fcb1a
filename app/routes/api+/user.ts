import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, requireApiUser } from "~/http/api.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await requireApiUser(request, "read"));
}

export const action = () => methodNotAllowed(["GET"]);
