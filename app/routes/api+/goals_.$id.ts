import { json, type ActionFunctionArgs } from "@remix-run/node";
import { toApiGoal } from "~/goals/goal-api.server";
import { deleteGoal, editGoal, GoalEditError } from "~/goals/goal-edits.server";
import { EditGoalApiSchema } from "~/goals/goal-schema";
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
 * PATCH /api/goals/{id} changes the wording and/or the due instant; DELETE removes the goal (204).
 * Only the owner may: another user's goal is 404 for everyone, admins included.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const caller = await requireApiWriter(request, { methods: ALLOWED, token: "write" });
  const id = parseId(params.id);
  if (request.method === "DELETE") {
    if (!deleteGoal(caller.id, id)) return apiError(404, "Goal not found");
    return new Response(null, { status: 204 });
  }
  const changes = parseOrThrow(EditGoalApiSchema, await readJsonBody(request));
  let goal;
  try {
    goal = editGoal(caller.id, id, changes);
  } catch (error) {
    if (error instanceof GoalEditError) return apiError(409, error.message);
    throw error;
  }
  if (!goal) return apiError(404, "Goal not found");
  return json(toApiGoal(goal, caller.timezone));
}
