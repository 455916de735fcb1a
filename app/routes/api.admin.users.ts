import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { listUsers } from "~/users/users.server";
import { requireApiAdmin } from "~/utils/api.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const search = new URL(request.url).searchParams.get("search")?.slice(0, 200) ?? "";
  return json(listUsers(search));
}
