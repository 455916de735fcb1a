import { z } from "zod";
import { toUsE164 } from "./phone";
import { EVENING_TIME_VALUES, MORNING_TIME_VALUES, TIME_ZONE_VALUES } from "./user-options";
import { WEEK_STARTS } from "~/utils/time/week-start";

export const messages = {
  email: "Please enter a valid email address",
  passwordShort: "Password must be at least 6 characters",
  passwordNewShort: "Password must be at least 8 characters",
  passwordLong: "Password must be at most 128 characters",
  phoneLength: "Phone number must be 10 to 15 digits",
  phoneUs: "Please enter a valid US mobile number",
  terms: "You must agree to the terms and conditions",
  timezone: "Please choose a time zone",
  morning: "Please choose a morning check-in time",
  evening: "Please choose an evening check-in time",
} as const;

const email = z
  .string({ error: "Email is required" })
  .trim()
  .toLowerCase()
  .max(254, messages.email)
  .pipe(z.email({ error: messages.email }))
  .meta({ format: "email" });

// The 10-15 rule counts the number's digits: not the spaces, dashes and brackets around it, nor a '+'.
export const phone = z
  .string({ error: "Phone number is required" })
  .trim()
  .max(40, messages.phoneLength)
  .transform((value) => value.replace(/[\s().-]/g, ""))
  .refine((value) => {
    const digits = value.replace(/^\+/, "").length;
    return digits >= 10 && digits <= 15;
  }, messages.phoneLength)
  .transform((value, ctx) => {
    const e164 = toUsE164(value);
    if (!e164) {
      ctx.addIssue({ code: "custom", message: messages.phoneUs });
      return z.NEVER;
    }
    return e164;
  })
  .meta({
    description: "A US mobile number, in any format: spaces, dashes, dots and brackets are ignored",
    examples: ["+12015550123", "(201) 555-0123"],
  });

const newPassword = z
  .string({ error: "Password is required" })
  .min(8, messages.passwordNewShort)
  .max(128, messages.passwordLong);

const timezone = z.enum(TIME_ZONE_VALUES, { error: messages.timezone });
const morning = z.enum(MORNING_TIME_VALUES, { error: messages.morning });
const evening = z.enum(EVENING_TIME_VALUES, { error: messages.evening });

export const LoginSchema = z.object({
  email,
  password: z
    .string({ error: "Password is required" })
    .min(6, messages.passwordShort)
    .max(128, messages.passwordLong),
  redirectTo: z.string().optional(),
});

export const RegisterSchema = z.object({
  email,
  password: newPassword,
  phone,
  timezone: timezone.default("America/New_York"),
  preferredCheckInTimeMorning: morning.default("08:00"),
  preferredCheckInTimeEvening: evening.default("19:00"),
  sendCheckInReminders: z.boolean().default(true),
  receiveWeeklySummary: z.boolean().default(true),
  terms: z.literal(true, { error: messages.terms }),
});

export const SettingsSchema = z
  .object({
    email,
    phone,
    timezone,
    preferredCheckInTimeMorning: morning,
    preferredCheckInTimeEvening: evening,
    sendCheckInReminders: z.boolean(),
    receiveWeeklySummary: z.boolean(),
    weekStartsOn: z
      .enum(WEEK_STARTS, { error: "Choose Sunday or Monday" })
      .describe("The first day of the week on the calendar, heatmap, weekly counts and reports"),
  })
  .partial();

/** PATCH /api/users/{id}: settings, with the caller's password when email or phone change. */
export const SettingsApiSchema = SettingsSchema.extend({
  currentPassword: z.string().max(200).optional(),
});

export type RegisterInput = z.infer<typeof RegisterSchema>;
export type SettingsInput = z.infer<typeof SettingsSchema>;

/** The settings form: unticked checkboxes are absent from a form post, so they mean false here. */
export const SettingsFormSchema = SettingsSchema.required({
  email: true,
  phone: true,
  timezone: true,
  preferredCheckInTimeMorning: true,
  preferredCheckInTimeEvening: true,
}).extend({
  sendCheckInReminders: z.boolean().default(false),
  receiveWeeklySummary: z.boolean().default(false),
});

/** The Settings form: the current password comes along for a change of email or phone. */
export const SettingsPageSchema = SettingsFormSchema.extend({
  currentPassword: z.string().max(200).optional(),
});

/**
 * Settings → Profile & check-ins. The phone has a page of its own; a post from the old single
 * Settings page still carries one, and it is applied as it was then.
 */
export const ProfileFormSchema = SettingsPageSchema.partial({ phone: true });

/** Settings → Phone: the number we text, with the current password to change it. */
export const PhoneFormSchema = z.object({
  phone,
  currentPassword: z.string().max(200).optional(),
});

/** A new password typed twice, for every form that sets one; combine with `matchingNewPasswords`. */
export const newPasswordFields = {
  newPassword,
  confirmPassword: z.string({ error: "Repeat the new password" }),
};

export function matchingNewPasswords(value: { newPassword: string; confirmPassword: string }) {
  return value.newPassword === value.confirmPassword;
}

export const NEW_PASSWORDS_DIFFER = {
  path: ["confirmPassword"],
  message: "The new passwords do not match",
};

export const ChangePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Enter your current password" })
      .min(1, "Enter your current password"),
    ...newPasswordFields,
  })
  .refine(matchingNewPasswords, NEW_PASSWORDS_DIFFER);

export const DeleteAccountSchema = z.object({
  password: z
    .string({ error: "Enter your password to confirm" })
    .min(1, "Enter your password to confirm"),
  confirm: z.literal(true, {
    error: "Tick the box to confirm that you want to delete your account",
  }),
});

// --- Answers (docs/openapi.json is generated from these) ---

/** An account as /api shows it to its owner or an admin: never the password hash or Stripe ids. */
export const UserAnswerSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  phone: z.string(),
  phoneVerifiedAt: z.date().nullable(),
  pendingPhone: z.string().nullable(),
  timezone: z.string(),
  preferredCheckInTimeMorning: z.string(),
  preferredCheckInTimeEvening: z.string(),
  sendCheckInReminders: z.boolean(),
  receiveWeeklySummary: z.boolean(),
  weekStartsOn: z.enum(WEEK_STARTS),
  roles: z.array(z.string()),
  pausedUntil: z.date().nullable(),
  pendingPrompt: z.enum(["morning", "evening"]).nullable(),
  pendingPromptDay: z.string().nullable(),
  phoneUndeliverableCode: z.string().nullable(),
  trialEndsAt: z.date().nullable(),
  plan: z.enum(["basic", "premium"]).nullable(),
  subscriptionStatus: z.string().nullable(),
  currentPeriodEnd: z.date().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  subscriptionUpdatedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

/** One row of GET /api/admin/users. */
export const UserRowAnswerSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  phone: z.string(),
  roles: z.array(z.string()),
});
