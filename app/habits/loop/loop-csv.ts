// Reads Loop Habit Tracker's CSV export: a zip with Habits.csv (one row per habit, its Position
// "001" naming its folder) and per habit a folder "001 Name/" whose Checkmarks.csv lists its days,
// "Date,Value,Notes", newest first. Values are written as YES_MANUAL, YES_AUTO, NO, SKIP, UNKNOWN, or
// for a numerical habit the amount times 1000; Loop's older exports wrote 2, 1 and 0. Pure.
import { strFromU8, unzipSync, type Unzipped } from "fflate";
import { parseCsv } from "~/utils/text/csv";
import { isCalendarDay } from "~/utils/time/date-window";
import {
  byDay,
  decodeValue,
  LOOP_FILE_MAX_BYTES,
  LOOP_MAX_ENTRIES,
  LOOP_MAX_HABITS,
  LOOP_VALUES,
  LoopFileError,
  LOOP_ZIP_TOO_BIG,
  NOT_A_LOOP_FILE,
} from "./loop-habits";
import type { LoopDay, LoopHabit } from "./loop-habits";

export const isZipFile = (head: Uint8Array) =>
  head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

/**
 * What the files read may add up to once unpacked (a 5-year history of 20 habits is 80 KB): a zip
 * bomb is refused before it is inflated.
 */
const UNPACKED_MAX_BYTES = LOOP_FILE_MAX_BYTES;
const HABITS_FILE = /^(?:[^/]*\/)?Habits\.csv$/;
const CHECKMARKS_FILE = /^(?:[^/]*\/)?(\d{3,}) [^/]*\/Checkmarks\.csv$/;

function unzipCsvFiles(zip: Uint8Array): Unzipped {
  let total = 0;
  let tooBig = false;
  let files: Unzipped;
  try {
    files = unzipSync(zip, {
      filter: (file) => {
        if (!HABITS_FILE.test(file.name) && !CHECKMARKS_FILE.test(file.name)) return false;
        total += file.originalSize;
        if (total > UNPACKED_MAX_BYTES) tooBig = true;
        return !tooBig;
      },
    });
  } catch {
    throw new LoopFileError(NOT_A_LOOP_FILE);
  }
  if (tooBig) throw new LoopFileError(LOOP_ZIP_TOO_BIG);
  return files;
}

type Table = { column: (row: string[], name: string) => string; rows: string[][] };

function table(bytes: Uint8Array | undefined): Table | null {
  if (!bytes) return null;
  const [header, ...rows] = parseCsv(strFromU8(bytes).replace(/^\uFEFF/, ""));
  if (!header) return null;
  const index = new Map(header.map((name, i) => [name.trim().toLowerCase(), i]));
  return { rows, column: (row, name) => row[index.get(name.toLowerCase()) ?? -1]?.trim() ?? "" };
}

const MARKS: Record<string, number> = LOOP_VALUES;

function entryValue(cell: string): number | null {
  if (cell in MARKS) return MARKS[cell]!;
  return /^-?\d+$/.test(cell) ? Number(cell) : null;
}

function daysOf(checkmarks: Table | null, numerical: boolean): LoopDay[] {
  if (!checkmarks) return [];
  const days: LoopDay[] = [];
  for (const row of checkmarks.rows) {
    const day = checkmarks.column(row, "Date");
    const value = entryValue(checkmarks.column(row, "Value"));
    if (!isCalendarDay(day) || value === null) continue;
    days.push({ day, ...decodeValue(value, numerical), note: checkmarks.column(row, "Notes") });
  }
  return byDay(days);
}

const positive = (cell: string, fallback: number) => {
  const n = Number(cell);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
};

/** The folder of each habit by its Position ("001"), as the exporter names them "001 Name/". */
function folders(files: Unzipped) {
  const byPosition = new Map<string, string>();
  for (const name of Object.keys(files)) {
    const match = CHECKMARKS_FILE.exec(name);
    if (match) byPosition.set(match[1]!, name);
  }
  return byPosition;
}

/** The habits of a Loop CSV export zip; a LoopFileError when it is not one. */
export function readLoopCsvZip(zip: Uint8Array): LoopHabit[] {
  const files = unzipCsvFiles(zip);
  const habitsFile = Object.keys(files).find((n) => HABITS_FILE.test(n));
  const habits = table(habitsFile ? files[habitsFile] : undefined);
  if (!habits || !habits.rows.length || !habits.column(habits.rows[0]!, "Name"))
    throw new LoopFileError(NOT_A_LOOP_FILE);
  if (habits.rows.length > LOOP_MAX_HABITS)
    throw new LoopFileError(`This export holds more habits than an account can take.`);
  const folderOf = folders(files);
  let entries = 0;
  const result = habits.rows.flatMap((row, i): LoopHabit[] => {
    const name = habits.column(row, "Name");
    if (!name) return [];
    const position = habits.column(row, "Position") || String(i + 1).padStart(3, "0");
    const numerical = habits.column(row, "Type") === "NUMERICAL";
    const target = Number(habits.column(row, "Target Value"));
    const folder = folderOf.get(position);
    const days = daysOf(table(folder ? files[folder] : undefined), numerical);
    entries += days.length;
    return [
      {
        uuid: null,
        name,
        question: habits.column(row, "Question"),
        description: habits.column(row, "Description"),
        position: Number(position) - 1,
        numerator: positive(habits.column(row, "FrequencyNumerator"), 1),
        denominator: positive(habits.column(row, "FrequencyDenominator"), 1),
        measured: numerical
          ? {
              unit: habits.column(row, "Unit"),
              target: Number.isFinite(target) && target >= 0 ? target : 0,
              atMost: habits.column(row, "Target Type") === "AT_MOST",
            }
          : null,
        archived: habits.column(row, "Archived?") === "true",
        reminder: null,
        days,
      },
    ];
  });
  if (entries > LOOP_MAX_ENTRIES)
    throw new LoopFileError(`This export holds more days than an account can take.`);
  return result;
}
