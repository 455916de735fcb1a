import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/utils/api.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await requireApiUser(request));
}
