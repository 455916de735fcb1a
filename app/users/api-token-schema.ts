import { z } from "zod";
import { plainName } from "~/utils/forms/plain-name";

export const ApiTokenFormSchema = z.object({
  name: plainName("Name", 60),
  access: z.enum(["read", "write"], { error: "Please choose what the token may do" }),
  expires: z.enum(["30", "90", "365", "never"], { error: "Please choose when the token expires" }),
});

export type ApiTokenInput = z.infer<typeof ApiTokenFormSchema>;
