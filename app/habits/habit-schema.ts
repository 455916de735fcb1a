import { z } from "zod";
import { MAX_AMOUNT, NOTE_MAX, type Measure } from "./habit-measure";

export const HABIT_TITLE_MAX = 120;
export const UNIT_MAX = 30;
export const MAX_ACTIVE_HABITS = 20;
/** Stopped habits count here too: stopping and adding in a loop must not grow an account for ever. */
export const MAX_HABITS = 100;

const title = z
  .string({ error: "title is required" })
  .trim()
  .min(1, "title is required")
  .max(HABIT_TITLE_MAX, `title must be at most ${HABIT_TITLE_MAX} characters`);

const days = z
  .array(
    z
      .number({ error: "days must be whole numbers from 0 (Sunday) to 6 (Saturday)" })
      .int()
      .min(0)
      .max(6),
    { error: "days must be a list of weekdays, 0 (Sunday) to 6 (Saturday)" },
  )
  .min(1, "days must name at least one weekday")
  .transform((list) => [...new Set(list)].sort((a, b) => a - b));

const timesPerWeek = z
  .number({ error: "timesPerWeek must be a whole number from 1 to 7" })
  .int("timesPerWeek must be a whole number from 1 to 7")
  .min(1, "timesPerWeek must be a whole number from 1 to 7")
  .max(7, "timesPerWeek must be a whole number from 1 to 7");

const time = z
  .string({ error: "time must be HH:MM" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "time must be HH:MM (24-hour)");

const unit = z
  .string({ error: "unit must be text" })
  .trim()
  .max(UNIT_MAX, `unit must be at most ${UNIT_MAX} characters`);
const target = z
  .number({ error: `target must be a number from 0 to ${MAX_AMOUNT}` })
  .min(0, `target must be a number from 0 to ${MAX_AMOUNT}`)
  .max(MAX_AMOUNT, `target must be a number from 0 to ${MAX_AMOUNT}`);
const per = z.enum(["day", "week"], { error: "per must be day or week" });
const atMost = z.boolean({ error: "atMost must be true or false" });
const avoid = z
  .boolean({ error: "avoid must be true or false" })
  .describe("A habit to avoid ('no sugar'): each day is kept unless a slip is reported");

export type HabitScheduleInput = { days: number[] } | { timesPerWeek: number };
export type HabitInput = {
  title: string;
  schedule: HabitScheduleInput;
  time: string | null;
  /** A measured habit's target; null (or absent) for a yes/no habit. */
  measure?: Measure | null;
  /** A habit to avoid ("no sugar"): each day is kept unless a slip is reported. */
  avoid?: boolean;
};

const measureFrom = (v: {
  target?: number | null;
  unit?: string | null;
  per?: "day" | "week";
  atMost?: boolean;
}): Measure | null =>
  v.target === undefined || v.target === null
    ? null
    : { target: v.target, unit: v.unit ?? "", per: v.per ?? "day", atMost: v.atMost ?? false };

const oneSchedule = (v: { days?: number[]; timesPerWeek?: number }, ctx: z.RefinementCtx) => {
  if ((v.days === undefined) === (v.timesPerWeek === undefined))
    ctx.addIssue({
      code: "custom",
      path: ["days"],
      message: "Send either days or timesPerWeek, not both or neither",
    });
};

/** POST /api/habits and the /habits form (after the form's fields are read into this shape). */
export const NewHabitSchema = z
  .object({
    title,
    days: days.optional(),
    timesPerWeek: timesPerWeek.optional(),
    time: time.nullable().optional(),
    target: target
      .nullable()
      .optional()
      .describe("A measured habit's amount a day or a week; leave out for a yes/no habit"),
    unit: unit.nullable().optional().describe("What the target counts: 'pages', 'km'"),
    per: per.optional().describe("Whether the target is a day's or a week's total (default day)"),
    atMost: atMost.optional().describe("The target is a limit to stay within (default false)"),
    avoid: avoid.optional(),
  })
  .superRefine(oneSchedule)
  .meta({ oneOf: [{ required: ["days"] }, { required: ["timesPerWeek"] }] })
  .transform((v): HabitInput => ({
    title: v.title,
    schedule: v.days ? { days: v.days } : { timesPerWeek: v.timesPerWeek! },
    time: v.time ?? null,
    measure: measureFrom(v),
    avoid: v.avoid ?? false,
  }));

/** PATCH /api/habits/{id}: any of the fields; a new schedule replaces the old one from today. */
export const EditHabitSchema = z
  .object({
    title: title.optional(),
    days: days.optional(),
    timesPerWeek: timesPerWeek.optional(),
    time: time.nullable().optional(),
    active: z.boolean({ error: "active must be true or false" }).optional(),
    target: target.nullable().optional().describe("null makes the habit yes/no"),
    unit: unit.nullable().optional(),
    per: per.optional(),
    atMost: atMost.optional(),
    avoid: avoid.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.days !== undefined && v.timesPerWeek !== undefined) oneSchedule(v, ctx);
    if (Object.values(v).every((x) => x === undefined))
      ctx.addIssue({ code: "custom", message: "Send at least one field to change" });
  })
  .meta({ minProperties: 1, not: { required: ["days", "timesPerWeek"] } });

export type HabitChanges = z.infer<typeof EditHabitSchema>;

/** A habit as the /api gives it: its schedule and its numbers (docs/openapi.json). */
export const HabitAnswerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  days: z.array(z.number().int().min(0).max(6)).nullable(),
  timesPerWeek: z.number().int().min(1).max(7).nullable(),
  schedule: z.string().describe("The schedule in words: 'every day', '3 times a week'"),
  time: z.string().nullable(),
  active: z.boolean(),
  avoid: z.boolean(),
  startDate: z.string(),
  stoppedOn: z.string().nullable(),
  streak: z.number().int(),
  bestStreak: z.number().int(),
  strength: z.number(),
  streakUnit: z.enum(["days", "weeks"]),
  target: z.number().nullable().describe("A measured habit's target; null for a yes/no habit"),
  unit: z.string().nullable(),
  per: z.enum(["day", "week"]).nullable(),
  atMost: z.boolean(),
});

/** PUT /api/habits/{id}/days/{day} and a day's value form: what the day holds; left out, kept. */
export const HabitDayEntrySchema = z
  .object({
    done: z.boolean({ error: "done must be true or false" }).optional(),
    skipped: z.boolean({ error: "skipped must be true or false" }).optional(),
    value: z
      .number({ error: `value must be a number from 0 to ${MAX_AMOUNT}` })
      .min(0, `value must be a number from 0 to ${MAX_AMOUNT}`)
      .max(MAX_AMOUNT, `value must be a number from 0 to ${MAX_AMOUNT}`)
      .nullable()
      .optional()
      .describe("A measured habit's amount that day; null clears it"),
    note: z
      .string({ error: "note must be text" })
      .max(NOTE_MAX, `note must be at most ${NOTE_MAX} characters`)
      .nullable()
      .optional()
      .describe("A note on the day; null or empty clears it"),
  })
  .superRefine((v, ctx) => {
    if (v.done === true && v.skipped === true)
      ctx.addIssue({
        code: "custom",
        path: ["done"],
        message: "A day is done or skipped, not both",
      });
    if (Object.values(v).every((x) => x === undefined))
      ctx.addIssue({ code: "custom", message: "Send at least one field to change" });
  })
  .meta({ minProperties: 1 });

/** A habit's day as the /api gives it. */
export const HabitDayAnswerSchema = z.object({
  habitId: z.number().int(),
  day: z.string().describe("The local day, YYYY-MM-DD"),
  status: z.enum(["done", "skipped", "open"]),
  value: z.number().nullable(),
  note: z.string().nullable(),
  summary: z
    .string()
    .nullable()
    .describe("What a measured habit's value came to: '35 of 30 pages ✓'; null for yes/no"),
});
