// Loop Habit Tracker's CSV export written as its HabitsCSVExporter lays it out: Habits.csv, and a
// folder "001 Name/" per habit with Checkmarks.csv ("Date,Value,Notes", newest first). Loop's
// Scores.csv files are not written: the scores are Loop's to compute. Pure: written as the habits
// come, one habit's days at a time, and read a chunk at a time.
import { deflateRawSync } from "node:zlib";
import { strToU8, Zip, ZipPassThrough } from "fflate";
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

/**
 * A file of the zip, deflated whole by Node's zlib, whose buffers are freed as it returns: fflate's own
 * deflate leaves some 300 KB of buffers behind per file, 20 MB for 100 habits before a collection.
 */
class ZlibDeflatedFile extends ZipPassThrough {
  constructor(filename: string, mtime: Date) {
    super(filename);
    this.compression = 8;
    this.mtime = mtime;
  }

  override process(chunk: Uint8Array, final: boolean) {
    this.ondata(null, deflateRawSync(chunk), final);
  }
}

/**
 * Loop's CSV export zip of the habits as `habits` yields them, in chunks: each habit's Checkmarks.csv
 * as it comes (so only one habit's days need be held), then Habits.csv and the zip's directory.
 */
export function* loopCsvZip(habits: Iterable<LoopHabit>, today: string): Generator<Uint8Array> {
  const mtime = new Date(`${today}T00:00:00Z`);
  const chunks: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    chunks.push(chunk);
  });
  const addFile = (name: string, text: string) => {
    const file = new ZlibDeflatedFile(name, mtime);
    zip.add(file);
    file.push(strToU8(text), true);
  };
  // Habits.csv needs every habit but none of their days.
  const heads: LoopHabit[] = [];
  for (const habit of habits) {
    addFile(`${folderName(heads.length, habit.name)}/Checkmarks.csv`, checkmarksCsv(habit));
    heads.push({ ...habit, days: [] });
    yield* chunks.splice(0);
  }
  addFile("Habits.csv", habitsCsv(heads));
  zip.end();
  yield* chunks.splice(0);
}
