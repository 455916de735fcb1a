import type { LoaderFunctionArgs } from "@remix-run/node";
import { toApiGoals } from "~/goals/goal-api.server";
import { todayFor } from "~/goals/goals.server";
import { habitSummaries } from "~/habits/habit-api.server";
import { listHabits } from "~/habits/habits.server";
import { exportUserData } from "~/users/users.server";
import { requireUserId } from "~/utils/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const data = exportUserData(await requireUserId(request));
  if (!data) throw new Response("Not found", { status: 404 });
  // Each goal with its outcome, as the /api gives it.
  const goals = toApiGoals(data.goals, data.account.timezone);
  const habits = habitSummaries(listHabits(data.account.id), todayFor(data.account));
  return new Response(JSON.stringify({ ...data, goals, habits }, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="streakcoach-data.json"',
      "Cache-Control": "private, no-store",
    },
  });
}
