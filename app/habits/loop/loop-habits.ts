// Loop Habit Tracker's habits as both of its files hold them (the SQLite backup and the CSV export),
// read into one neutral shape. Pure: the file readers hand rows here, the import and the export
// read and write this shape. Loop's format, from its own source: an entry's value is YES_MANUAL 2,
// YES_AUTO 1 (a day the frequency excused, computed, never typed), NO 0, SKIP 3, UNKNOWN -1; a
// numerical habit's value is its amount times 1000; timestamps are milliseconds at UTC midnight.
import type { LocalDay } from "~/utils/time/local-time";

/** The newest database schema Loop has shipped (its DATABASE_VERSION); the export writes this one. */
export const LOOP_SCHEMA_VERSION = 25;
export const LOOP_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** More habits than any account keeps (MAX_HABITS) is no backup of a person's habits. */
export const LOOP_MAX_HABITS = 500;
export const LOOP_MAX_ENTRIES = 200_000;

export const LOOP_VALUES = { YES_MANUAL: 2, YES_AUTO: 1, NO: 0, SKIP: 3, UNKNOWN: -1 } as const;

export type LoopMark = "yes" | "auto" | "no" | "skip" | "unknown";
/** A day of a habit: its mark, a numerical habit's amount (in its unit) and the note. */
export type LoopDay = { day: LocalDay; mark: LoopMark; amount: number | null; note: string };
export type LoopTarget = { unit: string; target: number; atMost: boolean };

export type LoopHabit = {
  /** Loop's own id of the habit (schema 24 on); null in older files and in the CSV export. */
  uuid: string | null;
  name: string;
  question: string;
  description: string;
  position: number;
  /** Loop's frequency: `numerator` times every `denominator` days (1/1 daily, 3/7, 1/30…). */
  numerator: number;
  denominator: number;
  /** A numerical habit's target; null for a yes/no one. */
  measured: LoopTarget | null;
  archived: boolean;
  /** Loop's reminder, "HH:MM"; null when it has none (and always in the CSV export). */
  reminder: string | null;
  /** Oldest first, one per day. */
  days: LoopDay[];
};

/** An upload that is not a Loop file we can read: the message is for the person who sent it. */
export class LoopFileError extends Error {}

export const NOT_A_LOOP_FILE =
  "This is not a Loop Habit Tracker file. Upload the backup Loop makes (Settings → Export full backup, a .db file) or its CSV export (a .zip file).";
export const LOOP_FILE_TOO_BIG = `The file is larger than ${LOOP_FILE_MAX_BYTES / 1024 / 1024} MB, more than any Loop backup of a person's habits.`;
export const LOOP_ZIP_TOO_BIG = `The files in this zip unpack to more than ${LOOP_FILE_MAX_BYTES / 1024 / 1024} MB, more than any Loop export of a person's habits.`;
export const loopTooNew = (version: number) =>
  `This backup comes from a newer Loop Habit Tracker (database version ${version}) than we can read (up to ${LOOP_SCHEMA_VERSION}).`;

const DAY_MS = 86_400_000;

/** Loop's timestamp (UTC midnight, as Loop truncates any other instant) as the day it names. */
export function dayOfTimestamp(timestamp: number): LocalDay | null {
  if (!Number.isFinite(timestamp) || timestamp < 0) return null;
  const day = new Date(Math.floor(timestamp / DAY_MS) * DAY_MS);
  return Number.isNaN(day.getTime()) ? null : day.toISOString().slice(0, 10);
}

export const timestampOfDay = (day: LocalDay) => Date.parse(`${day}T00:00:00Z`);

/** An entry's stored value read as Loop reads it, for a yes/no or a numerical habit. */
export function decodeValue(value: number, numerical: boolean): Pick<LoopDay, "mark" | "amount"> {
  if (value === LOOP_VALUES.UNKNOWN) return { mark: "unknown", amount: null };
  if (value === LOOP_VALUES.SKIP) return { mark: "skip", amount: null };
  if (numerical) return { mark: value > 0 ? "yes" : "no", amount: value / 1000 };
  if (value === LOOP_VALUES.YES_MANUAL) return { mark: "yes", amount: null };
  if (value === LOOP_VALUES.YES_AUTO) return { mark: "auto", amount: null };
  if (value === LOOP_VALUES.NO) return { mark: "no", amount: null };
  return { mark: "unknown", amount: null };
}

/** A day as Loop stores it: the inverse of decodeValue. */
export function encodeValue(day: Pick<LoopDay, "mark" | "amount">, numerical: boolean): number {
  if (day.mark === "skip") return LOOP_VALUES.SKIP;
  if (day.mark === "unknown") return LOOP_VALUES.UNKNOWN;
  if (numerical && day.amount !== null) return Math.round(day.amount * 1000);
  if (day.mark === "yes") return LOOP_VALUES.YES_MANUAL;
  return day.mark === "auto" ? LOOP_VALUES.YES_AUTO : LOOP_VALUES.NO;
}

/** One day per date (the last given wins, as Loop's unique index keeps), oldest first. */
export function byDay(days: LoopDay[]): LoopDay[] {
  const map = new Map<LocalDay, LoopDay>();
  for (const d of days) map.set(d.day, d);
  return [...map.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
}

/** Loop's reminder hour and minute as "HH:MM", when both are there and make a time. */
function reminderOf(hour: unknown, minute: unknown): string | null {
  if (typeof hour !== "number" || typeof minute !== "number") return null;
  if (!Number.isInteger(hour) || !Number.isInteger(minute)) return null;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59) return null;
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const whole = (value: unknown, fallback: number) =>
  typeof value === "number" && Number.isInteger(value) ? value : fallback;

/** A Habits row as Loop's HabitRecord holds it, whichever columns its schema version had. */
export type LoopHabitRow = Record<string, unknown>;
export type LoopEntryRow = { timestamp: unknown; value: unknown; notes: unknown };

/** A backup's habit and its entries as the neutral habit; null for a row Loop could not have written. */
export function habitOfRows(row: LoopHabitRow, entries: LoopEntryRow[]): LoopHabit | null {
  const name = text(row.name).trim();
  const numerator = whole(row.freq_num, 1);
  const denominator = whole(row.freq_den, 1);
  if (!name || numerator < 1 || denominator < 1) return null;
  const numerical = row.type === 1;
  const target = typeof row.target_value === "number" ? row.target_value : 0;
  const days: LoopDay[] = [];
  for (const entry of entries) {
    const day = typeof entry.timestamp === "number" ? dayOfTimestamp(entry.timestamp) : null;
    if (!day) continue;
    // Before schema 16 an entry had no value: every row was a checkmark the person made.
    const value = entry.value === undefined ? LOOP_VALUES.YES_MANUAL : entry.value;
    if (typeof value !== "number") continue;
    days.push({ day, ...decodeValue(value, numerical), note: text(entry.notes) });
  }
  return {
    uuid: typeof row.uuid === "string" && row.uuid ? row.uuid : null,
    name,
    // Before schema 23 the question was the description.
    question: row.question === undefined ? text(row.description) : text(row.question),
    description: row.question === undefined ? "" : text(row.description),
    position: whole(row.position, 0),
    numerator,
    denominator,
    measured: numerical
      ? {
          unit: text(row.unit),
          target: Number.isFinite(target) ? target : 0,
          atMost: row.target_type === 1,
        }
      : null,
    archived: typeof row.archived === "number" && row.archived !== 0,
    reminder: reminderOf(row.reminder_hour, row.reminder_min),
    days: byDay(days),
  };
}
