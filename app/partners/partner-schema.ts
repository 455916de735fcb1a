import { z } from "zod";
import { phone } from "~/users/user-schema";
import { plainName } from "~/utils/forms/plain-name";

/** Adding a coach or partner; an unticked box is absent from a form post, so it means false. */
export const PartnerFormSchema = z
  .object({
    name: plainName("Name", 60),
    phone,
    role: z.enum(["coach", "partner"], { error: "Please choose coach or partner" }),
    inviterName: plainName("Your name", 40),
    weeklySummary: z.boolean().default(false),
    monthlySummary: z.boolean().default(false),
    eveningNotes: z.boolean().default(false),
  })
  .refine((v) => v.weeklySummary || v.monthlySummary || v.eveningNotes, {
    message: "Choose at least one thing to share",
    path: ["weeklySummary"],
  });

export type PartnerInput = z.infer<typeof PartnerFormSchema>;
