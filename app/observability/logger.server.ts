import pino from "pino";
import { env } from "~/utils/env/env.server";

// JSON lines on stdout. At info and above a line names what happened and to which ids, never a phone
// number, an email or a message body: those stay in the database.

type Sink = { write: (line: string) => void };
let sink: Sink = process.stdout;

export const logger = pino(
  {
    level:
      env.LOG_LEVEL ?? { test: "silent", development: "debug", production: "info" }[env.NODE_ENV],
    base: { service: "streakcoach" },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  { write: (line: string) => sink.write(line) },
);

/** Tests: every line written while `work` runs, at `level`, instead of stdout. */
export async function captureLogs(work: () => Promise<unknown>, level: pino.Level = "info") {
  const lines: string[] = [];
  const before = { sink, level: logger.level };
  sink = { write: (line) => lines.push(line) };
  logger.level = level;
  try {
    await work();
  } finally {
    sink = before.sink;
    logger.level = before.level;
  }
  return lines;
}

// Providers put the number in their messages ("The 'To' number +15551234567 is not valid").
const PHONE_LIKE = /\+?\d[\d ().-]{6,}\d/g;
const EMAIL_LIKE = /[^\s@"'<>]+@[^\s@"'<>]+\.[a-z]{2,}/gi;
const scrub = (text: string | undefined) =>
  text?.replace(EMAIL_LIKE, "[email]").replace(PHONE_LIKE, "[number]");

/** An error's name, message and stack for a log line's `err` field, numbers and emails scrubbed. */
export const errorFields = (error: unknown) =>
  error instanceof Error
    ? { name: error.name, message: scrub(error.message), stack: scrub(error.stack) }
    : { message: scrub(String(error)) };
