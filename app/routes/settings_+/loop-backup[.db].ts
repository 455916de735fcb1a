import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadResponse } from "~/http/download.server";
import { loopBackupOf } from "~/habits/loop/loop-export.server";
import { requireUser } from "~/http/session.server";

// The user's habits as a Loop Habit Tracker backup, named as Loop names its own.
export async function loader({ request }: LoaderFunctionArgs) {
  const { today, body } = loopBackupOf(await requireUser(request));
  return downloadResponse(body, {
    contentType: "application/vnd.sqlite3",
    fileName: `Loop Habits Backup ${today}.db`,
  });
}
