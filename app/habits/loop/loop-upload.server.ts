// Settings → Import: an uploaded file read as Loop's, imported, and what came across said in words.
import { HabitError } from "~/habits/habits.server";
import { HISTORY_FIRST_DAY } from "~/utils/time/date-window";
import { readLoopFile } from "./loop-file.server";
import { LoopFileError } from "./loop-habits";
import { importLoopHabits, type LoopImportResult } from "./loop-import.server";

type Owner = { id: number; timezone: string; preferredCheckInTimeEvening: string };

export const CHOOSE_A_FILE = "Choose the Loop Habit Tracker file to import (.db or .zip).";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Imported 4 habits, 312 days.", with what was there already and what was left out. */
export function describeImport(result: LoopImportResult) {
  const parts = [
    `Imported ${count(result.habitsAdded, "habit", "habits")}, ${count(result.daysAdded, "day", "days")}.`,
  ];
  if (result.habitsFound)
    parts.push(
      `${count(result.habitsFound, "habit was", "habits were")} here already; only days they did not have were added.`,
    );
  if (result.daysLeftOut)
    parts.push(
      `${count(result.daysLeftOut, "day was", "days were")} left out: in the future, before ${HISTORY_FIRST_DAY}, or on a day already full.`,
    );
  return parts.join(" ");
}

export type UploadOutcome = { ok: true; message: string } | { ok: false; message: string };

/** The form's file imported into the user's account; a refusal leaves the account as it was. */
export async function importLoopUpload(
  user: Owner,
  file: FormDataEntryValue | null,
  now = new Date(),
): Promise<UploadOutcome> {
  if (!(file instanceof File) || file.size === 0) return { ok: false, message: CHOOSE_A_FILE };
  try {
    const { habits } = readLoopFile(new Uint8Array(await file.arrayBuffer()));
    return { ok: true, message: describeImport(importLoopHabits(user, habits, now)) };
  } catch (error) {
    if (error instanceof LoopFileError || error instanceof HabitError)
      return { ok: false, message: error.message };
    throw error;
  }
}
