import { z } from "zod";
import { DATE_WINDOW_TEXT, isInstantInWindow } from "~/utils/time/date-window";

export const GOAL_DESCRIPTION_MAX = 500;
export const DESCRIPTION_REQUIRED = "Please enter a goal description";

const description = z
  .string({ error: DESCRIPTION_REQUIRED })
  .trim()
  .min(1, DESCRIPTION_REQUIRED)
  .max(GOAL_DESCRIPTION_MAX, `Goal description must be at most ${GOAL_DESCRIPTION_MAX} characters`);

export const DUE_DATE_OUTSIDE_WINDOW = `dueDate must be ${DATE_WINDOW_TEXT}`;

const dueDate = z.iso
  .datetime({ offset: true, error: "dueDate must be an ISO date-time" })
  .transform((s) => new Date(s))
  .refine((date) => isInstantInWindow(date, new Date()), DUE_DATE_OUTSIDE_WINDOW)
  .meta({ description: `An ISO 8601 instant ${DATE_WINDOW_TEXT}` });

const dueTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Please choose a due time");

/** The dashboard form: a time of day, applied to the user's local today. */
export const NewGoalFormSchema = z.object({
  description,
  dueTime: dueTime.default("19:00"),
});

/** The dashboard's edit panel: new wording and a time of day on the goal's own day. */
export const EditGoalFormSchema = z.object({ description, dueTime });

/** The /api shape (docs/api.md): the due date is an ISO instant, not a time of day. */
export const NewGoalApiSchema = z.object({
  userId: z.number().int().positive().optional(),
  description,
  dueDate,
  sourceMessageId: z.number().int().positive().optional(),
});

export const CompleteGoalSchema = z.object({
  proofImageUrls: z.array(z.string().max(2048)).max(10).optional(),
  llmFeedback: z.string().max(2000).optional(),
});

/** PATCH /api/goals/{id}: a new wording, a new due instant, or both. */
export const EditGoalApiSchema = z
  .object({
    description: description.optional(),
    dueDate: dueDate.optional(),
  })
  .refine((v) => v.description !== undefined || v.dueDate !== undefined, {
    error: "Send a description, a dueDate or both",
  })
  .meta({ anyOf: [{ required: ["description"] }, { required: ["dueDate"] }] });

// --- Answers (docs/openapi.json is generated from these; dates are ISO instants on the wire) ---

export const GOAL_STATES = ["pending", "overdue", "completed", "skipped", "missed"] as const;

/** A goal as every /api answer gives it: the stored fields, and where it stands now. */
export const GoalAnswerSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  description: z.string(),
  createdAt: z.date(),
  dueDate: z.date(),
  completedAt: z.date().nullable(),
  skippedAt: z.date().nullable(),
  proofImageUrls: z.array(z.string()),
  llmFeedback: z
    .string()
    .nullable()
    .describe(
      "A note an /api client left with complete. The coach's note after a check-in belongs to the day and is not repeated on each goal",
    ),
  proofDescription: z.string().nullable(),
  sourceMessageId: z.number().int().nullable(),
  habitId: z.number().int().nullable(),
  habitDay: z.string().nullable().describe("The local day (YYYY-MM-DD) a habit's goal is for"),
  dayNumber: z
    .number()
    .int()
    .nullable()
    .describe(
      "The goal's number on its local day, as every text of that day shows it: given when the goal is set, in order; a removed goal leaves a gap",
    ),
  value: z
    .number()
    .nullable()
    .describe(
      "A measured habit's amount for the day, in the habit's unit; null when none was given",
    ),
  note: z.string().nullable().describe("The person's note on a habit's day"),
  status: z.enum(GOAL_STATES),
});

/** GET /api/stats: the dashboard's numbers, each with what it counts. */
export const GoalStatsAnswerSchema = z.object({
  streak: z.number().int(),
  totalGoals: z.number().int(),
  completedGoals: z.number().int(),
  skippedGoals: z.number().int(),
  missedGoals: z.number().int(),
  openGoals: z.number().int(),
  decidedGoals: z.number().int(),
  completionRate: z.number().int().describe("Completed over decided goals, a rounded percent"),
  completionRateBasis: z.string().describe("What the rate counts: '2 of 4 decided goals'"),
});
