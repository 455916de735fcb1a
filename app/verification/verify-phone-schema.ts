import { z } from "zod";
import { phone } from "~/users/user-schema";

// POST /api/verify-phone, in and out (docs/openapi.json is generated from these).

export const CODE_MESSAGE = "Enter the 6-digit code from the text";

/** A 6-digit code as typed: spaces and dashes ("123 456", "123-456") are ignored. */
export function normalizeCode(input: string) {
  return input.replace(/[\s-]/g, "");
}

/** `{phone}`: text a code to the number on the account. */
export const SendCodeSchema = z.object({ phone });

/** `{code}`: check the code that was texted. */
export const CheckCodeSchema = z.object({
  code: z
    .union([
      z.string().max(20, CODE_MESSAGE),
      z
        .number()
        .int()
        .min(0)
        .max(999999)
        .transform((n) => String(n).padStart(6, "0")),
    ])
    .transform(normalizeCode)
    .pipe(z.string().regex(/^\d{6}$/, CODE_MESSAGE)),
});

/** 200: a code was sent, the number is verified, or is now the account's. */
export const VerifyPhoneAnswerSchema = z.object({
  message: z.string(),
  expiresAt: z.date().optional(),
  phoneVerifiedAt: z.date().nullable().optional(),
  phone: z.string().nullable().optional(),
});

/** 400 for a code that was wrong, expired or used up. */
export const CodeRefusedSchema = z.object({
  message: z.string(),
  description: z.string(),
  reason: z.string(),
  attemptsLeft: z.number().int().optional(),
});
