import { ensureHabitGoals } from "~/habits/habit-goals.server";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { toApiGoal, toApiGoals } from "~/goals/goal-api.server";
import { NewGoalApiSchema } from "~/goals/goal-schema";
import { allGoals, createGoal, GoalEditError, listTodayGoals } from "~/goals/goals.server";
import {
  apiError,
  parseOrThrow,
  parseUserIdParam,
  readJsonBody,
  requireApiUser,
  requireApiWriter,
  resolveActingUser,
} from "~/http/api.server";
import { db, schema } from "~/utils/db/db.server";
import { mapBatches, streamedArray, streamedJson } from "~/utils/requests/streamed-download.server";

// Authorization by user id is resolveActingUser's (admins may read and create for others).
// Completing a goal is the owner's act only: see api.goals_.$id_.complete.ts.

function parseActiveParam(raw: string | null): boolean {
  if (raw === null || raw === "false") return false;
  if (raw === "true") return true;
  throw apiError(400, "active must be true or false", { active: ["active must be true or false"] });
}

/**
 * GET /api/goals?userId={id}&active=true: goals due on the user's local today (in the time zone of
 * the user whose goals these are). GET /api/goals?userId={id}: all of the user's goals.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const caller = await requireApiUser(request, "read");
  const params = new URL(request.url).searchParams;
  const userId = parseUserIdParam(params.get("userId"));
  const active = parseActiveParam(params.get("active"));
  const target = resolveActingUser(caller, userId, "goals");
  if (active) {
    await ensureHabitGoals(target);
    return json(toApiGoals(listTodayGoals(target), target.timezone));
  }
  const now = new Date();
  const goals = mapBatches(allGoals(target.id), (batch) => toApiGoals(batch, target.timezone, now));
  return streamedJson(streamedArray(goals));
}

function messageBelongsTo(userId: number, messageId: number) {
  const { messages } = schema;
  return Boolean(
    db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.userId, userId)))
      .get(),
  );
}

/** POST /api/goals: creates a goal for the caller (or, for an admin, for the user named). */
export async function action({ request }: ActionFunctionArgs) {
  const caller = await requireApiWriter(request, {
    methods: ["POST"],
    allow: ["GET", "POST"],
    token: "write",
  });
  const input = parseOrThrow(NewGoalApiSchema, await readJsonBody(request));
  const target = resolveActingUser(caller, input.userId, "goals");
  if (input.sourceMessageId !== undefined && !messageBelongsTo(target.id, input.sourceMessageId)) {
    throw apiError(400, "Please correct the highlighted fields", {
      sourceMessageId: ["No such message for this user"],
    });
  }
  let goal;
  try {
    goal = createGoal(target.id, {
      description: input.description,
      dueDate: input.dueDate,
      sourceMessageId: input.sourceMessageId,
    });
  } catch (error) {
    if (error instanceof GoalEditError) return apiError(409, error.message);
    throw error;
  }
  return json(toApiGoal(goal, target.timezone), { status: 201 });
}
