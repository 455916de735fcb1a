import type { LoaderFunctionArgs } from "@remix-run/node";
import { todayFor } from "~/goals/goals.server";
import { habitsCsv } from "~/habits/habit-csv.server";
import { listHabits } from "~/habits/habits.server";
import { requireUser } from "~/http/session.server";
import { textStream } from "~/utils/requests/streamed-download.server";

/** GET /habits/export.csv: the signed-in user's habits and their days, as Loop's CSV has them. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const today = todayFor(user);
  return new Response(textStream(habitsCsv(listHabits(user.id), today)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="streakcoach-habits-${today}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
