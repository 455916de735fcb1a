import { z } from "zod";
import { plainName } from "~/utils/forms/plain-name";

export const ShareLinkFormSchema = z.object({
  label: plainName("Who it is for", 60),
  ownerName: plainName("Your name on the page", 40),
  includePhotos: z.boolean().default(false),
  includeHabits: z.boolean().default(false),
  expires: z.enum(["never", "7", "30", "90"], { error: "Please choose when the link expires" }),
});

export type ShareLinkInput = z.infer<typeof ShareLinkFormSchema>;
