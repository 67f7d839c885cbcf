import { z } from "zod";
import { TEXT_LIMITS, tooLongMessage } from "../../../../shared/limits.ts";

export const profileNameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Enter the name people will see.")
    .max(TEXT_LIMITS.personName, tooLongMessage("personName")),
});

export type ProfileNameValues = z.input<typeof profileNameSchema>;
export type ProfileNameOutput = z.output<typeof profileNameSchema>;
