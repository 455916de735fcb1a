import { withHabits } from "~/habits/habit-goals.server";
import { morningQuestion } from "~/questions/daily-questions.server";
import type { Slot } from "./due-times";

type MorningUser = { id: number; timezone: string; evening: string };

/** The morning question of each user in a page of them; one query finds who has habits. */
export function morningQuestions(users: MorningUser[], slot: Slot): Map<number, string> {
  const habitual = withHabits(users.map((u) => u.id));
  return new Map(
    users.map((u) => [
      u.id,
      morningQuestion(
        { id: u.id, timezone: u.timezone, preferredCheckInTimeEvening: u.evening },
        slot.localDate,
        slot.dueAt,
        habitual.has(u.id),
      ),
    ]),
  );
}
