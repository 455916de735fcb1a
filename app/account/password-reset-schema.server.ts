import { z } from "zod";
import { normalizeCode } from "~/verification/verify-phone-schema";
import {
  LoginSchema,
  matchingNewPasswords,
  NEW_PASSWORDS_DIFFER,
  newPasswordFields,
} from "~/users/user-schema";

/** Forgot password, step 1 (the email) and step 2 (the texted code and the new password). */
export const resetEmail = LoginSchema.shape.email;

export const RequestResetSchema = z.object({ email: resetEmail });

export const ResetSchema = z
  .object({
    email: resetEmail,
    code: z
      .string({ error: "Enter the 6-digit code from the text" })
      .transform(normalizeCode)
      .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from the text")),
    ...newPasswordFields,
  })
  .refine(matchingNewPasswords, NEW_PASSWORDS_DIFFER);
