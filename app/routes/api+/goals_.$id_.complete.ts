import { json, type ActionFunctionArgs } from "@remix-run/node";
import { ownMediaIds } from "~/conversation/message-media.server";
import { toApiGoal } from "~/goals/goal-api.server";
import { CompleteGoalSchema } from "~/goals/goal-schema";
import { completeGoal, getGoal } from "~/goals/goals.server";
import {
  apiError,
  methodNotAllowed,
  parseId,
  parseOrThrow,
  readOptionalJsonBody,
  requireApiWriter,
} from "~/http/api.server";

export const loader = () => methodNotAllowed(["PATCH"]);

/**
 * PATCH /api/goals/{id}/complete. Completing is the owner's act: a goal of another user is 404 for
 * everyone, admins included. Completing twice keeps the first completedAt.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const caller = await requireApiWriter(request, { methods: ["PATCH"], token: "write" });
  const id = parseId(params.id);
  const extras = parseOrThrow(CompleteGoalSchema, await readOptionalJsonBody(request));
  if (!getGoal(caller.id, id)) return apiError(404, "Goal not found");
  // Proof is the caller's own stored photos only, by the same rule as the chat's.
  const proof = ownMediaIds(caller.id, extras.proofImageUrls ?? []);
  if (!proof.ok) {
    throw apiError(400, "Please correct the highlighted fields", {
      proofImageUrls: proof.refused.map((url) => `Not one of your images: ${url.slice(0, 200)}`),
    });
  }
  const goal = completeGoal(caller.id, id, {
    ...extras,
    proofImageUrls: extras.proofImageUrls && proof.ids.map((mediaId) => `/media/${mediaId}`),
  });
  if (!goal) return apiError(404, "Goal not found");
  return json(toApiGoal(goal, caller.timezone));
}
