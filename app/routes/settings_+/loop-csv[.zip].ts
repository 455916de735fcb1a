import type { LoaderFunctionArgs } from "@remix-run/node";
import { loopCsvOf } from "~/habits/loop/loop-export.server";
import { requireUser } from "~/http/session.server";

// The user's habits as Loop Habit Tracker's CSV export, named as Loop names its own.
export async function loader({ request }: LoaderFunctionArgs) {
  const { today, body } = loopCsvOf(await requireUser(request));
  return new Response(body, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="Loop Habits CSV ${today}.zip"`,
      "Cache-Control": "private, no-store",
    },
  });
}
