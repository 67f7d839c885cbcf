import { z } from "zod";
import { questionSchema } from "#client/components/questions/question-form.ts";
import { isHexColor } from "#client/lib/color.ts";
import { COUNT_LIMITS, TEXT_LIMITS, tooLongMessage } from "#shared/limits.ts";
import { hasUnsafeNameCharacters, INVALID_CHARACTERS_MESSAGE } from "#shared/names.ts";
import { isValidSlug, SLUG_MAX, SLUG_MIN } from "#shared/slug.ts";

export const generalSettingsSchema = z.object({
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
});

export type GeneralSettingsValues = z.input<typeof generalSettingsSchema>;
export type GeneralSettingsOutput = z.output<typeof generalSettingsSchema>;

export const brandColorSchema = z.object({
  brandColor: z
    .string()
    .trim()
    .refine((value) => value === "" || isHexColor(value), "Use a colour like #4f46e5.")
    .transform((value) => value.toLowerCase()),
});

export type BrandColorValues = z.input<typeof brandColorSchema>;
export type BrandColorOutput = z.output<typeof brandColorSchema>;

export const membershipSettingsSchema = z.object({
  joinPolicy: z.enum(["OPEN", "APPROVAL", "INVITE"]),
  questions: z
    .array(questionSchema)
    .max(COUNT_LIMITS.questions, `Ask at most ${COUNT_LIMITS.questions} questions.`),
  memberDirectory: z.boolean(),
});

export type MembershipSettingsValues = z.input<typeof membershipSettingsSchema>;
export type MembershipSettingsOutput = z.output<typeof membershipSettingsSchema>;

/** Only the fields the person changed, so a save never overwrites someone else's edit of another field. */
export function changedFields<T extends Record<string, unknown>>(
  values: T,
  dirty: Partial<Record<keyof T, unknown>>,
): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(values) as (keyof T)[]) {
    if (dirty[key]) changes[key] = values[key];
  }
  return changes;
}
