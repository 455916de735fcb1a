import { json, type ActionFunctionArgs } from "@remix-run/node";
import { habitDayAnswer, recordHabitDay } from "~/habits/habit-days.server";
import { HabitDayEntrySchema } from "~/habits/habit-schema";
import { HabitError } from "~/habits/habits.server";
import {
  apiError,
  methodNotAllowed,
  parseId,
  parseOrThrow,
  readJsonBody,
  requireApiWriter,
} from "~/http/api.server";
import { isCalendarDay } from "~/utils/time/date-window";

const ALLOWED = ["PUT"];

export const loader = () => methodNotAllowed(ALLOWED);

/**
 * PUT /api/habits/{id}/days/{day}: a day of the caller's habit, done or skipped, a measured habit's
 * value and a note, through the same function as the pages and texts. Another user's habit is 404.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const caller = await requireApiWriter(request, { methods: ALLOWED, token: "write" });
  const id = parseId(params.id);
  const day = params.day ?? "";
  if (!isCalendarDay(day)) return apiError(400, "day must be a date, YYYY-MM-DD");
  const entry = parseOrThrow(HabitDayEntrySchema, await readJsonBody(request));
  try {
    const recorded = recordHabitDay(caller, id, day, entry);
    if (!recorded) return apiError(404, "Habit not found");
    return json(habitDayAnswer(recorded.habit, recorded.goal));
  } catch (error) {
    if (error instanceof HabitError) return apiError(409, error.message);
    throw error;
  }
}
