import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportUserData } from "~/users/users.server";
import { requireUserId } from "~/utils/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const data = exportUserData(await requireUserId(request));
  if (!data) throw new Response("Not found", { status: 404 });
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="streakcoach-data.json"',
      "Cache-Control": "private, no-store",
    },
  });
}
