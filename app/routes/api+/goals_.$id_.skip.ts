import type { ActionFunctionArgs } from "@remix-run/node";
import { ownGoalPatch } from "~/goals/goal-api.server";
import { skipGoal } from "~/goals/goal-edits.server";
import { methodNotAllowed } from "~/http/api.server";

export const loader = () => methodNotAllowed(["PATCH"]);

/** PATCH /api/goals/{id}/skip: the owner will not do it today. */
export const action = (args: ActionFunctionArgs) =>
  ownGoalPatch(args, (caller, id) => skipGoal(caller.id, id));
