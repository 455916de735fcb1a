import type { Goal } from "../../db/schema";
import type { CheckInReading, GoalRecords } from "~/replies/interpret";
import { recordHabitDay } from "~/habits/habit-days.server";
import { MAX_AMOUNT, NOTE_MAX } from "~/habits/habit-measure";
import { valueEcho } from "~/habits/habit-values.server";
import { HabitError } from "~/habits/habits.server";
import { completeGoal, listTodayGoals, streakFor, todayFor } from "~/goals/goals.server";
import type { DayGoal } from "~/goals/goals.server";
import { moveGoalToTomorrow, noteGoal, skipGoal } from "~/goals/goal-edits.server";
import { planCheckIn } from "~/goals/check-in-plan";
import { habitsToAvoidOf, reportSlip } from "~/habits/habit-slips.server";
import { planRestDays, restDaysLeftIn } from "~/goals/rest-days.server";
import { goalsChangedByTextToday, journaled, snapshot } from "~/goals/change-journal.server";
import { countOutcomes, goalCount } from "~/goals/goal-numbers";
import { goalState, outcomeOnItsDay } from "~/goals/goal-rules";
import { templates } from "~/replies/templates";
import { closePrompt } from "~/users/open-prompt.server";
import { goalOfNumber } from "./clarify.server";
import { pendingPhase, type DayGoals, type EngineUser } from "./reading.server";

/** A check-in by text: what it names is recorded (one undoable change) and the reply says so. */
export function checkIn(
  user: EngineUser,
  reading: CheckInReading & Partial<Pick<GoalRecords, "values" | "notes" | "slipped">>,
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
  const records = recordsOf(reading, shown);
  const changed = [
    ...new Set([...done, ...skipped, ...moved, ...slipped, ...records.map((r) => r.goal)]),
  ];
  const echoes: string[] = [];
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
      for (const record of records) {
        const echo = applyRecord(user, record, now);
        if (echo) echoes.push(echo);
      }
    },
    () =>
      changed.length
        ? {
            summary: `your check-in (${checkInWords({
              done: names(done),
              skipped: names(skipped),
              tomorrow: names(moved),
              recorded: echoes,
              slipped: names(slipped),
            })})`,
            outcomesSet: [...done, ...skipped, ...records.map((r) => r.goal)].map((g) => g.id),
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
        { done: names(done), skipped: names(skipped), tomorrow: names(moved), recorded: echoes },
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
        recorded: echoes,
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
  recorded: string[];
  slipped: string[];
}) {
  return [
    ...changes.recorded,
    changes.done.length ? `done: ${changes.done.join(", ")}` : "",
    changes.skipped.length ? `skipped: ${changes.skipped.join(", ")}` : "",
    changes.tomorrow.length ? `moved to tomorrow: ${changes.tomorrow.join(", ")}` : "",
    changes.slipped.length ? `slipped: ${changes.slipped.join(", ")}` : "",
  ]
    .filter(Boolean)
    .join("; ");
}

/** A goal's value and note from a check-in (conventions v5). */
type GoalRecord = { goal: DayGoal; value?: number; note?: string };

/** The values and notes a reading gives, one record per goal it names. */
function recordsOf(
  reading: Partial<Pick<GoalRecords, "values" | "notes">>,
  shown: DayGoal[],
): GoalRecord[] {
  const byNumber = new Map(shown.map((g, i) => [g.dayNumber ?? i + 1, g]));
  const records = new Map<number, GoalRecord>();
  const recordOf = (n: number) => {
    const goal = byNumber.get(n);
    if (!goal) return null;
    if (!records.has(goal.id)) records.set(goal.id, { goal });
    return records.get(goal.id)!;
  };
  for (const { goal, value } of reading.values ?? []) {
    const record = recordOf(goal);
    if (record && Number.isFinite(value) && Math.abs(value) <= MAX_AMOUNT) record.value = value;
  }
  for (const { goal, note } of reading.notes ?? []) {
    const record = recordOf(goal);
    if (record && note.trim()) record.note = note.trim().slice(0, NOTE_MAX);
  }
  return [...records.values()].filter((r) => r.value !== undefined || r.note !== undefined);
}

/**
 * A habit's day takes its value and note through the same function as the pages; a goal of no
 * habit keeps the note. The echo says what the value came to: "Read: 35 of 30 pages ✓".
 */
function applyRecord(user: EngineUser, { goal, value, note }: GoalRecord, now: Date) {
  if (goal.habitId === null || goal.habitDay === null) {
    if (note !== undefined) noteGoal(user.id, goal.id, note);
    return null;
  }
  let recorded;
  try {
    recorded = recordHabitDay(user, goal.habitId, goal.habitDay, { value, note }, now);
  } catch (error) {
    // A day the habit can no longer take (stopped meanwhile) keeps the rest of the check-in.
    if (error instanceof HabitError) return null;
    throw error;
  }
  if (!recorded || value === undefined) return null;
  const echo = valueEcho(recorded.habit, goal.habitDay, value);
  return echo && `${goal.description}: ${echo}`;
}
