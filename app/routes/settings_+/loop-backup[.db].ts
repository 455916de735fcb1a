import type { LoaderFunctionArgs } from "@remix-run/node";
import { loopBackupOf } from "~/habits/loop/loop-export.server";
import { requireUser } from "~/http/session.server";

// The user's habits as a Loop Habit Tracker backup, named as Loop names its own.
export async function loader({ request }: LoaderFunctionArgs) {
  const { today, body } = loopBackupOf(await requireUser(request));
  return new Response(body, {
    headers: {
      "Content-Type": "application/vnd.sqlite3",
      "Content-Disposition": `attachment; filename="Loop Habits Backup ${today}.db"`,
      "Cache-Control": "private, no-store",
    },
  });
}
