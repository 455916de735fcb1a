import type { OpenQuestion } from "../../db/schema";
import type { CheckInReading, GoalRecords } from "~/replies/interpret";
import { addDays, localDay, startOfLocalDay, zonedInstant } from "~/utils/time/local-time";

// The pure rules of the question back: until when it stands, how its goals are numbered, what its
// answer records.

export type Asker = {
  id: number;
  timezone: string;
  preferredCheckInTimeMorning: string;
  preferredCheckInTimeEvening: string;
};

/** A goal of a list as a text numbers it: its day number, or its place when it has none. */
type Numbered = { id: number; dayNumber?: number | null };

export function numberOfGoal(shown: Numbered[], goalId: number): number | undefined {
  const index = shown.findIndex((g) => g.id === goalId);
  return index < 0 ? undefined : (shown[index]!.dayNumber ?? index + 1);
}

export function goalOfNumber<G extends Numbered>(shown: G[], number: number): G | undefined {
  return shown.find((g, i) => (g.dayNumber ?? i + 1) === number);
}

/** A question stands until the user's day ends or the next scheduled question, whichever is first. */
export function questionExpiry(user: Asker, now: Date): Date {
  const today = localDay(now, user.timezone);
  const tomorrow = addDays(today, 1);
  const scheduled = [
    zonedInstant(today, user.preferredCheckInTimeMorning, user.timezone),
    zonedInstant(today, user.preferredCheckInTimeEvening, user.timezone),
  ].filter((at) => at > now);
  const endOfDay = startOfLocalDay(tomorrow, user.timezone);
  return new Date(Math.min(endOfDay.getTime(), ...scheduled.map((at) => at.getTime())));
}

/** The check-in an answer makes: the question's verdict on the goals chosen (numbers as read). */
export function readingOfChoice(
  question: Pick<OpenQuestion, "verdict">,
  chosen: number[],
): CheckInReading {
  const reading: CheckInReading = { completed: [], skipped: [], tomorrow: [] };
  reading[question.verdict] = [...chosen];
  return reading;
}

/** Whether a reading records anything (the certain part of a question back may be empty). */
export function recordsSomething(reading: CheckInReading & Partial<GoalRecords>) {
  const lists = [reading.completed, reading.skipped, reading.tomorrow];
  const records = [reading.values ?? [], reading.slipped ?? [], reading.notes ?? []];
  return [...lists, ...records].some((list) => list.length > 0);
}
