import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { todayFor } from "~/goals/goals.server";
import { habitSummaries } from "~/habits/habit-api.server";
import { ensureHabitGoals } from "~/habits/habit-goals.server";
import { NewHabitSchema } from "~/habits/habit-schema";
import { addHabit, HabitError, listHabits } from "~/habits/habits.server";
import {
  apiError,
  parseOrThrow,
  readJsonBody,
  requireApiUser,
  requireApiWriter,
} from "~/http/api.server";

/** GET /api/habits: the caller's own habits, active first, with streak, best streak and strength. */
export async function loader({ request }: LoaderFunctionArgs) {
  const caller = await requireApiUser(request, "read");
  return json(habitSummaries(listHabits(caller.id), todayFor(caller)));
}

/**
 * POST /api/habits {title, days | timesPerWeek, time?}: 201 with the new habit, or 200 with a stopped
 * habit of that name restarted; 409 while an active habit has the name, or 20 are active.
 */
export async function action({ request }: ActionFunctionArgs) {
  const caller = await requireApiWriter(request, {
    methods: ["POST"],
    allow: ["GET", "POST"],
    token: "write",
  });
  const input = parseOrThrow(NewHabitSchema, await readJsonBody(request));
  try {
    const { habit, restarted } = addHabit(caller, input);
    await ensureHabitGoals(caller);
    const [summary] = habitSummaries([habit], todayFor(caller));
    return json(summary, { status: restarted ? 200 : 201 });
  } catch (error) {
    if (error instanceof HabitError) return apiError(409, error.message);
    throw error;
  }
}
