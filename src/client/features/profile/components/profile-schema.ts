import { z } from "zod";
import { TEXT_LIMITS, tooLongMessage } from "#shared/limits.ts";
import { personNameProblem } from "#shared/person.ts";

export const profileNameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Enter the name people will see.")
    .max(TEXT_LIMITS.personName, tooLongMessage("personName"))
    .refine((name) => personNameProblem(name)?.code !== "INVALID_CHARACTERS", {
      message: "Use one line of text, without special control characters.",
    }),
});

export type ProfileNameValues = z.input<typeof profileNameSchema>;
export type ProfileNameOutput = z.output<typeof profileNameSchema>;
