// Loop Habit Tracker's CSV export written as its HabitsCSVExporter lays it out: Habits.csv, and a
// folder "001 Name/" per habit with Checkmarks.csv ("Date,Value,Notes", newest first). Loop's
// Scores.csv files are not written: the scores are Loop's to compute. Pure.
import { strToU8, zipSync } from "fflate";
import { csvLine } from "~/utils/text/csv";
import { encodeValue, LOOP_VALUES, type LoopHabit } from "./loop-habits";

const HABITS_HEADER = [
  "Position",
  "Name",
  "Type",
  "Question",
  "Description",
  "FrequencyNumerator",
  "FrequencyDenominator",
  "Color",
  "Unit",
  "Target Type",
  "Target Value",
  "Archived?",
];
/** Loop's teal, its default colour. */
const COLOR = "#00897B";

const NAMES = new Map<number, string>(Object.entries(LOOP_VALUES).map(([name, v]) => [v, name]));

/** A value as Loop's Entry.formattedValue writes it: the marks by name, an amount as its number. */
const formattedValue = (value: number) => NAMES.get(value) ?? String(value);

/** Kotlin's Double.toString of a target: "30.0", "2.5". */
const doubleText = (n: number) => (Number.isInteger(n) ? `${n}.0` : String(n));

const position = (i: number) => String(i + 1).padStart(3, "0");

/** The folder's name as Loop sanitizes it: letters, digits, space . _ - only, 100 at most. */
const folderName = (i: number, name: string) =>
  `${position(i)} ${name.replace(/[^ a-zA-Z0-9._-]+/g, "").slice(0, 100)}`.trim();

function habitsCsv(habits: LoopHabit[]) {
  const rows = habits.map((h, i) => {
    const m = h.measured;
    return csvLine([
      position(i),
      h.name,
      m ? "NUMERICAL" : "YES_NO",
      h.question,
      h.description,
      String(h.numerator),
      String(h.denominator),
      COLOR,
      m ? m.unit : "",
      m ? (m.atMost ? "AT_MOST" : "AT_LEAST") : "",
      m ? doubleText(m.target) : "",
      String(h.archived),
    ]);
  });
  return [csvLine(HABITS_HEADER), ...rows].join("\n") + "\n";
}

function checkmarksCsv(habit: LoopHabit) {
  const rows = [...habit.days]
    .reverse()
    .map((d) => csvLine([d.day, formattedValue(encodeValue(d, habit.measured !== null)), d.note]));
  return [csvLine(["Date", "Value", "Notes"]), ...rows].join("\n") + "\n";
}

export function loopCsvZip(habits: LoopHabit[], today: string): Uint8Array {
  const files: Record<string, Uint8Array> = { "Habits.csv": strToU8(habitsCsv(habits)) };
  habits.forEach((h, i) => {
    files[`${folderName(i, h.name)}/Checkmarks.csv`] = strToU8(checkmarksCsv(h));
  });
  return zipSync(files, { mtime: `${today}T00:00:00Z` });
}
