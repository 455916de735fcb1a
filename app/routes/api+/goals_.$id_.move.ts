import type { ActionFunctionArgs } from "@remix-run/node";
import { ownGoalPatch } from "~/goals/goal-api.server";
import { moveGoalToTomorrow } from "~/goals/goal-edits.server";
import { methodNotAllowed } from "~/http/api.server";

export const loader = () => methodNotAllowed(["PATCH"]);

/** PATCH /api/goals/{id}/move: to the same local time tomorrow (409 for a completed goal). */
export const action = (args: ActionFunctionArgs) =>
  ownGoalPatch(args, (caller, id) => moveGoalToTomorrow(caller.id, id, caller.timezone));
