import { createHabitGoalsOfDay, habitGoalsOfDay, withHabits } from "~/habits/habit-goals.server";
import { carriedOverGoals } from "~/goals/goals.server";
import { templates } from "~/replies/templates";
import type { Slot } from "./due-times";

type MorningUser = { id: number; timezone: string; evening: string };

/**
 * The morning question of each user in a page of them: a user with habits gets the day's habit goals
 * made first and listed ("Today's habits: 1) Meditate …"); one query finds who has any. Goals set on
 * an earlier day for this one are named before the question.
 */
export function morningQuestions(users: MorningUser[], slot: Slot): Map<number, string> {
  const habitual = withHabits(users.map((u) => u.id));
  const plain = templates.morningQuestion();
  return new Map(
    users.map((u) => {
      const carried = carriedOverGoals(u, slot.localDate);
      if (!habitual.has(u.id))
        return [u.id, carried.length ? templates.morningQuestion([], carried) : plain];
      createHabitGoalsOfDay(
        { id: u.id, timezone: u.timezone, preferredCheckInTimeEvening: u.evening },
        slot.dueAt,
      );
      return [u.id, templates.morningQuestion(habitGoalsOfDay(u.id, slot.localDate), carried)];
    }),
  );
}
