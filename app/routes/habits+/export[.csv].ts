import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadResponse } from "~/http/download.server";
import { todayFor } from "~/goals/goals.server";
import { habitsCsv } from "~/habits/habit-csv.server";
import { listHabits } from "~/habits/habits.server";
import { requireUser } from "~/http/session.server";
import { textStream } from "~/utils/requests/streamed-download.server";

/** GET /habits/export.csv: the signed-in user's habits and their days, as Loop's CSV has them. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const today = todayFor(user);
  return downloadResponse(textStream(habitsCsv(listHabits(user.id), today)), {
    contentType: "text/csv; charset=utf-8",
    fileName: `streakcoach-habits-${today}.csv`,
    nosniff: true,
  });
}
