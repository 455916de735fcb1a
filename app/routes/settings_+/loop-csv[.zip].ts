import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadResponse } from "~/http/download.server";
import { loopCsvOf } from "~/habits/loop/loop-export.server";
import { requireUser } from "~/http/session.server";

// The user's habits as Loop Habit Tracker's CSV export, named as Loop names its own.
export async function loader({ request }: LoaderFunctionArgs) {
  const { today, body } = loopCsvOf(await requireUser(request));
  return downloadResponse(body, {
    contentType: "application/zip",
    fileName: `Loop Habits CSV ${today}.zip`,
  });
}
