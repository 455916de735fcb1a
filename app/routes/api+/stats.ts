import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { goalStats } from "~/goals/goals.server";
import {
  methodNotAllowed,
  parseUserIdParam,
  requireApiUser,
  resolveActingUser,
} from "~/http/api.server";

/**
 * GET /api/stats?userId={id}: the dashboard's numbers: streak, goals by outcome, and the completion
 * rate over decided goals with what it counts.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const caller = await requireApiUser(request, "read");
  const userId = parseUserIdParam(new URL(request.url).searchParams.get("userId"));
  const target = resolveActingUser(caller, userId, "stats");
  return json(goalStats(target));
}

export const action = () => methodNotAllowed(["GET"]);
