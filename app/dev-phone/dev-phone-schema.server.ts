import { z } from "zod";
import { toUsE164 } from "~/users/phone";

/** A US number in E.164 from what was typed, or any other E.164 number as is. */
export function normalizePhone(raw: string) {
  const trimmed = raw.trim();
  return toUsE164(trimmed) ?? (/^\+[1-9]\d{7,14}$/.test(trimmed) ? trimmed : null);
}

/** A text typed on the development phone, as a given number. */
export const ReplySchema = z.object({
  phone: z.string({ error: "Choose a phone number first" }).transform((v, ctx) => {
    const phone = normalizePhone(v);
    if (!phone) {
      ctx.addIssue({ code: "custom", message: "Choose a valid phone number first" });
      return z.NEVER;
    }
    return phone;
  }),
  message: z.string().trim().max(1600, "A text can have at most 1600 characters").default(""),
  photo: z.unknown().optional(),
});
