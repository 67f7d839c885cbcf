import { z } from "zod";
import { PROFILE_NAME_MAX } from "../api/update-profile.ts";

export const profileNameSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Enter the name people will see.")
    .max(PROFILE_NAME_MAX, `Keep your name under ${PROFILE_NAME_MAX} characters.`),
});

export type ProfileNameValues = z.input<typeof profileNameSchema>;
export type ProfileNameOutput = z.output<typeof profileNameSchema>;
