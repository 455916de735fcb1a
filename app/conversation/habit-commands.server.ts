import type { Interpretation } from "~/sms/interpret";
import { templates } from "~/sms/templates";
import { createHabitGoalsOfDay } from "~/habits/habit-goals.server";
import { currentSchedule, describeSchedule } from "~/habits/habit-rules";
import {
  createHabit,
  findHabitByWords,
  HabitError,
  listHabits,
  stopHabit,
} from "~/habits/habits.server";
import type { PublicUser } from "~/users/users.server";

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
        .map((h) => ({ title: h.title, schedule: describeSchedule(currentSchedule(h)) })),
    );
  }
  if (reading.intent === "stop_habit") {
    const habit = findHabitByWords(user.id, reading.habit);
    if (!habit) return templates.habitNotFound(reading.habit, activeTitles(user.id));
    stopHabit(user, habit.id, now);
    return templates.habitStopped(habit.title);
  }
  const schedule =
    "timesPerWeek" in reading && reading.timesPerWeek !== undefined
      ? { timesPerWeek: reading.timesPerWeek }
      : { days: "days" in reading ? reading.days : [0, 1, 2, 3, 4, 5, 6] };
  try {
    const habit = createHabit(user, { title: reading.habit, schedule, time: null }, now);
    createHabitGoalsOfDay(user, now);
    return templates.habitAdded(habit.title, describeSchedule(currentSchedule(habit)));
  } catch (error) {
    if (error instanceof HabitError) return error.message;
    throw error;
  }
}
