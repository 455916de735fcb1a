import type { ActionFunctionArgs } from "@remix-run/node";
import { ownGoalPatch } from "~/goals/goal-api.server";
import { reopenGoal } from "~/goals/goal-edits.server";
import { methodNotAllowed } from "~/http/api.server";

export const loader = () => methodNotAllowed(["PATCH"]);

/** PATCH /api/goals/{id}/reopen: undo, whether the goal was completed or skipped. */
export const action = (args: ActionFunctionArgs) =>
  ownGoalPatch(args, (caller, id) => reopenGoal(caller.id, id));
