import { json, type ActionFunctionArgs } from "@remix-run/node";
import type { Goal } from "../../db/schema";
import { apiError, methodNotAllowed, parseId, requireApiUser } from "~/http/api.server";
import type { PublicUser } from "~/users/users.server";
import { ensurePrimary } from "~/utils/db/litefs.server";
import { GoalEditError } from "./goal-edits.server";
import { goalState } from "./goal-rules";

/** A goal as every /api answer gives it: the stored fields, and where it stands now. */
export function toApiGoal(goal: Goal, timeZone: string, now = new Date()) {
  return { ...goal, status: goalState(goal, now, timeZone) };
}

export function toApiGoals(goals: Goal[], timeZone: string, now = new Date()) {
  return goals.map((goal) => toApiGoal(goal, timeZone, now));
}

/**
 * PATCH /api/goals/{id}/… without a body: the owner's act on their own goal (another user's goal is
 * 404 for everyone, admins included, as for completing).
 */
export async function ownGoalPatch(
  { request, params }: ActionFunctionArgs,
  act: (caller: PublicUser, goalId: number) => Goal | undefined,
) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  await ensurePrimary();
  const caller = await requireApiUser(request, "write");
  const id = parseId(params.id);
  let goal: Goal | undefined;
  try {
    goal = act(caller, id);
  } catch (error) {
    if (error instanceof GoalEditError) throw apiError(409, error.message);
    throw error;
  }
  if (!goal) return apiError(404, "Goal not found");
  return json(toApiGoal(goal, caller.timezone));
}
