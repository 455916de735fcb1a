import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadResponse } from "~/http/download.server";
import { toApiGoals } from "~/goals/goal-api.server";
import { todayFor } from "~/goals/goals.server";
import { habitSummaries } from "~/habits/habit-api.server";
import { listHabits } from "~/habits/habits.server";
import { exportUserData } from "~/account/export-data.server";
import { requireUserId } from "~/http/session.server";
import {
  jsonText,
  mapBatches,
  streamedArray,
  textStream,
} from "~/utils/requests/streamed-download.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const data = exportUserData(await requireUserId(request));
  if (!data) throw new Response("Not found", { status: 404 });
  const { timezone } = data.account;
  const now = new Date();
  const document = {
    ...data,
    // Each goal with its outcome, as the /api gives it.
    goals: streamedArray(mapBatches(data.goals, (batch) => toApiGoals(batch, timezone, now))),
    messages: streamedArray(data.messages),
    habits: habitSummaries(listHabits(data.account.id), todayFor(data.account)),
  };
  return downloadResponse(textStream(jsonText(document, 2)), {
    contentType: "application/json; charset=utf-8",
    fileName: "streakcoach-data.json",
  });
}
