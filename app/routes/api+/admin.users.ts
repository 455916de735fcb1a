import type { LoaderFunctionArgs } from "@remix-run/node";
import { usersMatching } from "~/users/users.server";
import { methodNotAllowed, requireApiAdmin } from "~/http/api.server";
import { streamedArray, streamedJson } from "~/utils/requests/streamed-download.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const search = new URL(request.url).searchParams.get("search")?.slice(0, 200) ?? "";
  return streamedJson(streamedArray(usersMatching(search)));
}

export const action = () => methodNotAllowed(["GET"]);
