import { z } from "zod";

/**
 * Every /api refusal (apiError in api.server.ts, the request guard's 403/413, rate limits): a message,
 * and for a 400 the message of each bad field.
 */
export const ApiErrorSchema = z.object({
  message: z.string(),
  errors: z
    .record(z.string(), z.array(z.string()))
    .optional()
    .describe("The bad fields, each with its messages (400 only)"),
});

/** A plain confirmation: logged out, post deleted. */
export const ApiMessageSchema = z.object({ message: z.string() });
