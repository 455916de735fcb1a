import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { NewGoalApiSchema } from "~/goals/goal-schema";
import { createGoal, listAllGoals, listTodayGoals } from "~/goals/goals.server";
import { isAdmin } from "~/users/user-options";
import { getUserById, type PublicUser } from "~/users/users.server";
import {
  apiError,
  methodNotAllowed,
  parseOrThrow,
  readJsonBody,
  requireApiUser,
} from "~/utils/api.server";
import { db, schema } from "~/utils/db.server";
import { ensurePrimary } from "~/utils/litefs.server";

/**
 * Authorization for goals by user id (SPEC.md section 7):
 * - no userId, or the caller's own id: the caller's goals;
 * - another user's id: 403 for a non-admin (the caller named someone else explicitly, so we refuse
 *   rather than pretend the user does not exist, and we do not reveal whether that user exists);
 *   an admin may read any user's goals, and create goals for any existing user; 404 when that user
 *   does not exist.
 * Completing a goal is the owner's act only: see api.goals_.$id_.complete.ts.
 */
function resolveTarget(caller: PublicUser, userId: number | undefined) {
  if (userId === undefined || userId === caller.id) return caller;
  if (!isAdmin(caller)) throw apiError(403, "You can only access your own goals");
  const user = getUserById(userId);
  if (!user) throw apiError(404, "User not found");
  return user;
}

/** The userId query parameter: absent, or a positive integer (else 400). */
function parseUserIdParam(raw: string | null): number | undefined {
  if (raw === null) return undefined;
  const id = Number(raw);
  if (!/^\d{1,15}$/.test(raw) || !Number.isSafeInteger(id) || id < 1) {
    throw apiError(400, "userId must be a positive integer", {
      userId: ["userId must be a positive integer"],
    });
  }
  return id;
}

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
  const caller = await requireApiUser(request);
  const params = new URL(request.url).searchParams;
  const userId = parseUserIdParam(params.get("userId"));
  const active = parseActiveParam(params.get("active"));
  const target = resolveTarget(caller, userId);
  return json(active ? listTodayGoals(target) : listAllGoals(target.id));
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
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  await ensurePrimary();
  const caller = await requireApiUser(request);
  const input = parseOrThrow(NewGoalApiSchema, await readJsonBody(request));
  const target = resolveTarget(caller, input.userId);
  if (input.sourceMessageId !== undefined && !messageBelongsTo(target.id, input.sourceMessageId)) {
    throw apiError(400, "Please correct the highlighted fields", {
      sourceMessageId: ["No such message for this user"],
    });
  }
  const goal = createGoal(target.id, {
    description: input.description,
    dueDate: input.dueDate,
    sourceMessageId: input.sourceMessageId,
  });
  return json(goal, { status: 201 });
}
