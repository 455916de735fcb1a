import { json, type ActionFunctionArgs } from "@remix-run/node";
import { ownMediaIds } from "~/conversation/message-media.server";
import { toApiGoal } from "~/goals/goal-api.server";
import { CompleteGoalSchema } from "~/goals/goal-schema";
import { completeGoal, getGoal } from "~/goals/goals.server";
import {
  apiError,
  MAX_JSON_BYTES,
  methodNotAllowed,
  parseId,
  parseOrThrow,
  readJsonBody,
  requireApiUser,
} from "~/http/api.server";
import { ensurePrimary } from "~/utils/db/litefs.server";

export const loader = () => methodNotAllowed(["PATCH"]);

/**
 * The body of a completion: the web client sends it empty (no Content-Type) or as JSON with
 * proofImageUrls and llmFeedback. A non-empty body of another type is 415.
 */
async function readCompletionBody(request: Request) {
  if (request.headers.get("content-type")) return readJsonBody(request);
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_JSON_BYTES) throw apiError(413, "Request body is too large");
  if (await hasContent(request)) {
    throw apiError(415, "Send the request body as JSON (Content-Type: application/json)");
  }
  return {};
}

/** Whether an untyped body holds anything but whitespace; reads at most MAX_JSON_BYTES of it. */
async function hasContent(request: Request) {
  if (!request.body) return false;
  const reader = request.body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return false;
      size += value.byteLength;
      if (size > MAX_JSON_BYTES || new TextDecoder().decode(value).trim() !== "") return true;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/**
 * PATCH /api/goals/{id}/complete. Completing is the owner's act: a goal of another user is 404 for
 * everyone, admins included. Completing twice keeps the first completedAt.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed(["PATCH"]);
  await ensurePrimary();
  const caller = await requireApiUser(request, "write");
  const id = parseId(params.id);
  const extras = parseOrThrow(CompleteGoalSchema, await readCompletionBody(request));
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
