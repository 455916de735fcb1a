import { and, eq, gte } from "drizzle-orm";
import { todayFor } from "~/goals/goals.server";
import { journaled, snapshot } from "~/goals/change-journal.server";
import { db, schema } from "~/utils/db/db.server";
import type { Interpretation } from "~/replies/interpret";
import { templates } from "~/replies/templates";
import { createHabitGoalsOfDay } from "~/habits/habit-goals.server";
import { currentSchedule, describeSchedule } from "~/habits/habit-rules";
import {
  addHabit,
  DuplicateHabitError,
  findHabitByWords,
  HabitError,
  habitsNamed,
  listHabits,
  stopHabit,
} from "~/habits/habits.server";
import type { PublicUser } from "~/users/users.server";
import type { Habit } from "../../db/schema";
import type { HabitMeasure } from "~/replies/interpret-habits";
import { describeMeasure, measureOf, type Measure } from "~/habits/habit-measure";

/** The habit's goals from today on: those a stop takes away, or an add just made. */
const goalIdsOfHabitFrom = (habitId: number, day: string) =>
  db
    .select({ id: schema.goals.id })
    .from(schema.goals)
    .where(and(eq(schema.goals.habitId, habitId), gte(schema.goals.habitDay, day)))
    .all()
    .map((g) => g.id);

const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

/** "every day, 30 pages a day": the schedule, and a measured habit's target. */
const describeHabit = (habit: Habit) => {
  const measure = measureOf(habit);
  const schedule = describeSchedule(currentSchedule(habit));
  return measure ? `${schedule}, ${describeMeasure(measure)}` : schedule;
};

/** The target "read 30 pages every day" names (conventions v5), or null for a yes/no habit. */
function measureOfReading(reading: HabitMeasure): Measure | null {
  if (reading.target === undefined || reading.avoid) return null;
  return {
    target: reading.target,
    unit: reading.unit ?? "",
    per: reading.per ?? "day",
    atMost: reading.atMost === true,
  };
}

type HabitReading = Extract<Interpretation, { intent: "add_habit" | "stop_habit" | "list_habits" }>;

const activeTitles = (userId: number) =>
  listHabits(userId)
    .filter((h) => h.active)
    .map((h) => h.title);

/** "gym every Mon, Wed and Fri", "stop habit gym", "my habits": the same functions as /habits. */
export function answerHabitCommand(user: PublicUser, reading: HabitReading, now: Date): string {
  if (reading.intent === "list_habits") {
    return templates.habitList(
      listHabits(user.id)
        .filter((h) => h.active)
        .map((h) => ({ title: h.title, schedule: describeHabit(h) })),
    );
  }
  if (reading.intent === "stop_habit") {
    const habit = findHabitByWords(user.id, reading.habit);
    if (!habit) return templates.habitNotFound(reading.habit, activeTitles(user.id));
    journaled(
      user,
      "text",
      () => [
        ...snapshot("habits", [habit.id]),
        ...snapshot("goals", goalIdsOfHabitFrom(habit.id, todayFor(user, now))),
      ],
      () => stopHabit(user, habit.id, now),
      () => ({ summary: `stopped habit "${habit.title}"` }),
      now,
    );
    return templates.habitStopped(habit.title);
  }
  // A weekly target ("run 15k a week") names no days: its amount may come on any of them.
  const schedule =
    "timesPerWeek" in reading
      ? { timesPerWeek: reading.timesPerWeek }
      : { days: "days" in reading ? reading.days : EVERY_DAY };
  const measure = measureOfReading(reading);
  const today = todayFor(user, now);
  // A stopped habit of that name is restarted: undo stops it again and keeps the goals it had.
  let goalsBefore: number[] = [];
  try {
    const { result } = journaled(
      user,
      "text",
      () => {
        const named = habitsNamed(user.id, reading.habit).map((h) => h.id);
        goalsBefore = named.flatMap((id) => goalIdsOfHabitFrom(id, today));
        return snapshot("habits", named);
      },
      () => {
        const added = addHabit(
          user,
          { title: reading.habit, schedule, time: null, measure, avoid: reading.avoid === true },
          now,
        );
        createHabitGoalsOfDay(user, now);
        return added;
      },
      ({ habit, restarted }) => ({
        summary: `${restarted ? "restarted" : "added"} habit "${habit.title}"`,
        created: [
          ...goalIdsOfHabitFrom(habit.id, today)
            .filter((id) => !goalsBefore.includes(id))
            .map((id) => ({ table: "goals" as const, id })),
          ...(restarted ? [] : [{ table: "habits" as const, id: habit.id }]),
        ],
      }),
      now,
    );
    const described = describeHabit(result.habit);
    return result.restarted
      ? templates.habitRestarted(result.habit.title, described)
      : templates.habitAdded(result.habit.title, described);
  } catch (error) {
    if (error instanceof DuplicateHabitError)
      return templates.habitExists(error.habit.title, describeHabit(error.habit));
    if (error instanceof HabitError) return error.message;
    throw error;
  }
}
