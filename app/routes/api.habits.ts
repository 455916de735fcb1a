import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { todayFor } from "~/goals/goals.server";
import { habitSummaries } from "~/habits/habit-api.server";
import { ensureHabitGoals } from "~/habits/habit-goals.server";
import { NewHabitSchema } from "~/habits/habit-schema";
import { createHabit, HabitError, listHabits } from "~/habits/habits.server";
import {
  apiError,
  methodNotAllowed,
  parseOrThrow,
  readJsonBody,
  requireApiUser,
} from "~/http/api.server";
import { ensurePrimary } from "~/utils/litefs.server";

/** GET /api/habits: the caller's own habits, active first, with streak, best streak and strength. */
export async function loader({ request }: LoaderFunctionArgs) {
  const caller = await requireApiUser(request);
  return json(habitSummaries(listHabits(caller.id), todayFor(caller)));
}

/** POST /api/habits {title, days | timesPerWeek, time?}: 201 with the habit; at most 20 active. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await ensurePrimary();
  const caller = await requireApiUser(request);
  const input = parseOrThrow(NewHabitSchema, await readJsonBody(request));
  try {
    const habit = createHabit(caller, input);
    await ensureHabitGoals(caller);
    const [summary] = habitSummaries([habit], todayFor(caller));
    return json(summary, { status: 201 });
  } catch (error) {
    if (error instanceof HabitError) return apiError(409, error.message);
    throw error;
  }
}
