import { listTodayGoals, todayFor, type DayGoal, goalNumbered } from "~/goals/goals.server";
import { planGoals } from "~/goals/goal-plans.server";
import { deleteGoal, editGoal, moveGoalToTomorrow } from "~/goals/goal-edits.server";
import { journaled, snapshot } from "~/goals/change-journal.server";
import { GOAL_DESCRIPTION_MAX } from "~/goals/goal-schema";
import type { Interpretation } from "~/replies/interpret";
import { dueTimeInText } from "~/replies/interpret-due-time";
import { templates } from "~/replies/templates";
import { closePrompt } from "~/users/open-prompt.server";
import { formatClockTime } from "~/utils/time/format";
import { weekdayName, zonedInstant } from "~/utils/time/local-time";
import { checkInLabelOf, listed } from "./answering.server";
import { pendingPhase, type EngineUser } from "./reading.server";

/** Goals set by text ("run 5k, call mom at 6pm"): the same plans as the dashboard's form. */
export function setGoals(
  user: EngineUser,
  { goals: descriptions, due, on }: Extract<Interpretation, { intent: "set_goals" }>,
  now: Date,
) {
  // The web form's limit holds by text too: a goal too long is refused, the others are kept.
  const wanted = descriptions
    .map((description, i) => ({ description, time: due[i] ?? null, weekday: on?.[i] ?? null }))
    .filter(({ description }) => description.trim().length <= GOAL_DESCRIPTION_MAX);
  const tooLong = { count: descriptions.length - wanted.length, max: GOAL_DESCRIPTION_MAX };
  if (wanted.length === 0)
    return { linkedGoalIds: [], reply: templates.goalsTooLong(tooLong.count, tooLong.max) };
  const today = todayFor(user, now);
  const created = planGoals(user, wanted, now);
  if (pendingPhase(user, now) === "morning") closePrompt(user.id);
  // The whole day's list, with the numbers every later text of the day shows.
  const todays = listTodayGoals(user, now);
  const passed = created
    .flatMap(({ goal, time }) =>
      time !== null && goal.dueDate <= now
        ? [{ number: goal.dayNumber ?? 0, time: formatClockTime(time) }]
        : [],
    )
    .sort((a, b) => a.number - b.number);
  const planned = created
    .filter(({ day }) => day !== today)
    .map(({ goal, day }) => ({ description: goal.description, weekday: weekdayName(day) }));
  return {
    linkedGoalIds: created.map(({ goal }) => goal.id),
    reply: templates.goalsSet(
      todays.map((g) => ({ number: g.dayNumber, description: g.description })),
      checkInLabelOf(user, now),
      { passed, tooLong, planned },
    ),
  };
}

/** "change 2 to …", "remove 3", "move 1 to tomorrow": the same edits as the dashboard's. */
export function changeGoalByText(
  user: EngineUser,
  reading: Extract<Interpretation, { intent: "edit_goal" | "remove_goal" | "move_goal" }>,
  shown: DayGoal[],
  now: Date,
) {
  const goal = goalNumbered(shown, reading.goal);
  if (!goal) return { linkedGoalIds: [], reply: templates.unknown() };
  const linkedGoalIds = [goal.id];
  const byText = (summary: string, change: () => unknown) =>
    journaled(
      user,
      "text",
      () => snapshot("goals", [goal.id]),
      change,
      () => ({ summary }),
      now,
    );
  if (reading.intent === "edit_goal") {
    const time = dueTimeInText(reading.text);
    const after = reading.text.trim();
    byText(`changed "${goal.description}" to "${after}"`, () =>
      editGoal(
        user.id,
        goal.id,
        {
          description: reading.text,
          ...(time ? { dueDate: zonedInstant(todayFor(user, now), time, user.timezone) } : {}),
        },
        now,
      ),
    );
    return {
      linkedGoalIds,
      reply: templates.goalEdited(goal.description, after, listed(listTodayGoals(user, now))),
    };
  }
  if (reading.intent === "remove_goal") {
    byText(`removed "${goal.description}"`, () => deleteGoal(user.id, goal.id));
    return {
      linkedGoalIds: [],
      reply: templates.goalRemoved(goal.description, listed(listTodayGoals(user, now))),
    };
  }
  if (goal.completedAt) return { linkedGoalIds, reply: templates.goalNotMovable() };
  byText(`moved "${goal.description}" to tomorrow`, () =>
    moveGoalToTomorrow(user.id, goal.id, user.timezone, now),
  );
  return {
    linkedGoalIds,
    reply: templates.goalMoved(goal.description, listed(listTodayGoals(user, now))),
  };
}
