import { z } from "zod";
import { TEXT_LIMITS, tooLongMessage } from "#shared/limits.ts";
import { hasUnsafeNameCharacters, INVALID_CHARACTERS_MESSAGE } from "#shared/names.ts";
import { isValidSlug, SLUG_MAX, SLUG_MIN } from "#shared/slug.ts";

export const createCommunitySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Give your community a name.")
    .max(TEXT_LIMITS.communityName, tooLongMessage("communityName"))
    .refine((value) => !hasUnsafeNameCharacters(value), INVALID_CHARACTERS_MESSAGE),
  slug: z
    .string()
    .min(SLUG_MIN, `Use at least ${SLUG_MIN} characters.`)
    .max(SLUG_MAX, `Use at most ${SLUG_MAX} characters.`)
    .refine(isValidSlug, "Use lowercase letters, numbers and single hyphens, not at the start or end."),
  description: z
    .string()
    .trim()
    .max(TEXT_LIMITS.communityDescription, tooLongMessage("communityDescription")),
  timeZone: z.string().min(1, "Pick a time zone."),
  currency: z.string().length(3, "Pick a currency."),
  visibility: z.enum(["PUBLIC", "PRIVATE"]),
  joinPolicy: z.enum(["OPEN", "APPROVAL", "INVITE"]),
});

export type CreateCommunityValues = z.input<typeof createCommunitySchema>;
export type CreateCommunityOutput = z.output<typeof createCommunitySchema>;
