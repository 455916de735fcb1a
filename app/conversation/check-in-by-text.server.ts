import type { Goal } from "../../db/schema";
import { completeGoal, listTodayGoals, streakFor, todayFor } from "~/goals/goals.server";
import { moveGoalToTomorrow, skipGoal } from "~/goals/goal-edits.server";
import { planCheckIn } from "~/goals/check-in-plan";
import type { DayGoal } from "~/goals/goals.server";
import { habitsToAvoidOf, reportSlip } from "~/habits/habit-slips.server";
import { planRestDays, restDaysLeftIn } from "~/goals/rest-days.server";
import { goalsChangedByTextToday, journaled, snapshot } from "~/goals/change-journal.server";
import { countOutcomes, goalCount } from "~/goals/goal-numbers";
import { goalState, outcomeOnItsDay } from "~/goals/goal-rules";
import { templates } from "~/replies/templates";
import { closePrompt } from "~/users/open-prompt.server";
import { goalOfNumber } from "./clarify-rules";
import { pendingPhase, type DayGoals, type EngineUser } from "./reading.server";

/** A check-in by text: what it names is recorded (one undoable change) and the reply says so. */
export function checkIn(
  user: EngineUser,
  reading: { completed: number[]; skipped: number[]; tomorrow: number[]; slipped?: number[] },
  { today, shown }: DayGoals,
  mediaIds: string[],
  now: Date,
  /** A question back asked with it: the reply says what was recorded, then asks. */
  question?: string,
) {
  if (today.length === 0) return { linkedGoalIds: [], reply: templates.noGoalsToCheck() };
  const proof = mediaIds.map((id) => `/media/${id}`);
  const setByText = goalsChangedByTextToday(user, now);
  const plan = planCheckIn(
    shown.map((goal) => ({
      ...goal,
      outcome: outcomeOnItsDay(goal),
      setByText: setByText.has(goal.id),
    })),
    reading,
  );
  const { done, moved } = plan;
  // A habit's day skipped spends a rest day; with none left it stays open and the reply says so.
  const { allowed: skipped, refused } = planRestDays(user.id, plan.skipped);
  const restedHabits = plan.skipped.some((g) => g.habitId !== null);
  // A slip is on a habit to avoid's goal still kept; one said twice records nothing more.
  const avoided = habitsToAvoidOf(user.id);
  const slipped = (reading.slipped ?? [])
    .map((n) => goalOfNumber(shown, n))
    .filter((g): g is DayGoal => Boolean(g?.completedAt && avoided.has(g.habitId ?? 0)));
  const names = (goals: Goal[]) => goals.map((g) => g.description);
  const changed = [...done, ...skipped, ...moved, ...slipped];
  journaled(
    user,
    "text",
    () =>
      snapshot(
        "goals",
        changed.map((g) => g.id),
      ),
    () => {
      for (const goal of done)
        completeGoal(user.id, goal.id, proof.length ? { proofImageUrls: proof } : {}, now);
      for (const goal of skipped) skipGoal(user.id, goal.id, now);
      for (const goal of moved) moveGoalToTomorrow(user.id, goal.id, user.timezone, now);
      for (const goal of slipped) reportSlip(user.id, goal.id);
    },
    () =>
      changed.length
        ? {
            summary: `your check-in (${checkInWords({
              done: names(done),
              skipped: names(skipped),
              tomorrow: names(moved),
              slipped: names(slipped),
            })})`,
            outcomesSet: [...done, ...skipped].map((g) => g.id),
            ...(pendingPhase(user, now) === "evening"
              ? { answered: { prompt: "evening" as const, day: todayFor(user, now) } }
              : {}),
          }
        : null,
    now,
  );
  if (pendingPhase(user, now) === "evening") closePrompt(user.id);
  if (question)
    return {
      linkedGoalIds: changed.map((g) => g.id),
      reply: templates.recordedThenAsked(
        { done: names(done), skipped: names(skipped), tomorrow: names(moved) },
        question,
      ),
    };
  const counts = todayCounts(user, now);
  return {
    linkedGoalIds: changed.map((g) => g.id),
    reply: templates.checkedIn(
      {
        done: names(done),
        skipped: names(skipped),
        tomorrow: names(moved),
        kept: plan.kept.map((g) => ({
          description: g.description,
          state: g.outcome === "completed" ? "done" : "skipped",
        })),
      },
      { completed: counts.completed, total: goalCount(counts) },
      streakFor(user, now),
      restedHabits
        ? { left: restDaysLeftIn(user.id, todayFor(user, now)), refused: names(refused) }
        : null,
      names(slipped),
    ),
  };
}

/** Today's goals by outcome, as the dashboard counts them. */
function todayCounts(user: EngineUser, now: Date) {
  return countOutcomes(listTodayGoals(user, now).map((g) => goalState(g, now, user.timezone)));
}

/** "done: run 5k; moved to tomorrow: call mom", for the journal and the undo reply. */
function checkInWords(changes: {
  done: string[];
  skipped: string[];
  tomorrow: string[];
  slipped: string[];
}) {
  return [
    changes.done.length ? `done: ${changes.done.join(", ")}` : "",
    changes.skipped.length ? `skipped: ${changes.skipped.join(", ")}` : "",
    changes.tomorrow.length ? `moved to tomorrow: ${changes.tomorrow.join(", ")}` : "",
    changes.slipped.length ? `slipped: ${changes.slipped.join(", ")}` : "",
  ]
    .filter(Boolean)
    .join("; ");
}
