import { json, type ActionFunctionArgs } from "@remix-run/node";
import { todayFor } from "~/goals/goals.server";
import { habitSummaries } from "~/habits/habit-api.server";
import { ensureHabitGoals } from "~/habits/habit-goals.server";
import { EditHabitSchema } from "~/habits/habit-schema";
import { deleteHabit, HabitError, updateHabit } from "~/habits/habits.server";
import {
  apiError,
  methodNotAllowed,
  parseId,
  parseOrThrow,
  readJsonBody,
  requireApiWriter,
} from "~/http/api.server";

const ALLOWED = ["PATCH", "DELETE"];

export const loader = () => methodNotAllowed(ALLOWED);

/**
 * PATCH /api/habits/{id} changes title, schedule (from today on), time or active; DELETE removes it
 * (204; the goals it made stay). Only the owner: another user's habit is 404 for everyone.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const caller = await requireApiWriter(request, { methods: ALLOWED, token: "write" });
  const id = parseId(params.id);
  if (request.method === "DELETE") {
    if (!deleteHabit(caller, id)) return apiError(404, "Habit not found");
    return new Response(null, { status: 204 });
  }
  const changes = parseOrThrow(EditHabitSchema, await readJsonBody(request));
  try {
    const habit = updateHabit(caller, id, changes);
    if (!habit) return apiError(404, "Habit not found");
    await ensureHabitGoals(caller);
    return json(habitSummaries([habit], todayFor(caller))[0]);
  } catch (error) {
    if (error instanceof HabitError) return apiError(409, error.message);
    throw error;
  }
}
