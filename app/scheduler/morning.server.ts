import { createHabitGoalsOfDay, habitGoalsOfDay, withHabits } from "~/habits/habit-goals.server";
import { templates } from "~/sms/templates";
import type { Slot } from "./due-times";

type MorningUser = { id: number; timezone: string; evening: string };

/**
 * The morning question of each user in a page of them: a user with habits gets the day's habit goals
 * made first and listed ("Today's habits: 1) Meditate …"); one query finds who has any.
 */
export function morningQuestions(users: MorningUser[], slot: Slot): Map<number, string> {
  const habitual = withHabits(users.map((u) => u.id));
  const plain = templates.morningQuestion();
  return new Map(
    users.map((u) => {
      if (!habitual.has(u.id)) return [u.id, plain];
      createHabitGoalsOfDay(
        { id: u.id, timezone: u.timezone, preferredCheckInTimeEvening: u.evening },
        slot.dueAt,
      );
      return [u.id, templates.morningQuestion(habitGoalsOfDay(u.id, slot.localDate))];
    }),
  );
}
