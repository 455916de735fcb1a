import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/http/api.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await requireApiUser(request));
}
