import type { FieldError } from "#server/errors.ts";
import { isTooLong, tooLongMessage } from "#shared/limits.ts";
import { nameCharactersProblem } from "#shared/names.ts";
import { slugProblem } from "#shared/slug.ts";
import { JOIN_POLICIES, type JoinPolicy, VISIBILITIES, type Visibility } from "./communities.tables.ts";

const timeZones = new Set(Intl.supportedValuesOf("timeZone"));
timeZones.add("UTC");
const currencies = new Set(Intl.supportedValuesOf("currency"));

export type CommunityFields = {
  name: string;
  slug: string;
  description: string;
  timeZone: string;
  currency: string;
  visibility: Visibility;
  joinPolicy: JoinPolicy;
  brandColor: string | null;
};

export type CreateCommunityInput = Omit<CommunityFields, "description" | "brandColor"> & {
  description?: string | null;
};

/** Fields of an update; `null` on a required field means "not given" (GraphQL's optional input). */
export type CommunityPatch = { [K in keyof CommunityFields]?: CommunityFields[K] | null };

type Check<K extends keyof CommunityFields> = (value: CommunityFields[K]) => {
  value: CommunityFields[K];
  error?: Omit<FieldError, "field">;
};

const checks: { [K in keyof CommunityFields]: Check<K> } = {
  name: (raw) => {
    const value = raw.trim();
    if (!value) return { value, error: { code: "REQUIRED", message: "Give your community a name." } };
    if (isTooLong("communityName", value))
      return { value, error: { code: "TOO_LONG", message: tooLongMessage("communityName") } };
    const problem = nameCharactersProblem(value);
    return problem ? { value, error: problem } : { value };
  },
  slug: (raw) => {
    const value = raw.trim();
    const problem = slugProblem(value);
    if (problem === "INVALID")
      return {
        value,
        error: { code: "INVALID_SLUG", message: "Use 3–48 lowercase letters, digits and single hyphens." },
      };
    if (problem === "RESERVED")
      return { value, error: { code: "SLUG_TAKEN", message: "That address is reserved. Try another." } };
    return { value };
  },
  description: (raw) => {
    const value = raw.trim();
    if (isTooLong("communityDescription", value))
      return { value, error: { code: "TOO_LONG", message: tooLongMessage("communityDescription") } };
    return { value };
  },
  timeZone: (value) =>
    timeZones.has(value)
      ? { value }
      : { value, error: { code: "INVALID_TIME_ZONE", message: "Pick a time zone from the list." } },
  currency: (raw) => {
    const value = raw.trim().toUpperCase();
    return currencies.has(value)
      ? { value }
      : { value, error: { code: "INVALID_CURRENCY", message: "Pick a currency from the list." } };
  },
  visibility: (value) =>
    VISIBILITIES.includes(value)
      ? { value }
      : { value, error: { code: "REQUIRED", message: "Choose who can see the community." } },
  joinPolicy: (value) =>
    JOIN_POLICIES.includes(value)
      ? { value }
      : { value, error: { code: "REQUIRED", message: "Choose how people join." } },
  brandColor: (raw) => {
    if (raw === null || raw.trim() === "") return { value: null };
    const value = raw.trim().toLowerCase();
    return /^#[0-9a-f]{6}$/.test(value)
      ? { value }
      : { value, error: { code: "INVALID_COLOR", message: "Use a colour like #4f46e5." } };
  },
};

const FIELD_ORDER = [
  "name",
  "slug",
  "description",
  "timeZone",
  "currency",
  "visibility",
  "joinPolicy",
  "brandColor",
] as const;

/** Validates the fields present in `patch` (in a stable order) and returns their cleaned values. */
export function validateCommunityPatch(patch: CommunityPatch): {
  value: Partial<CommunityFields>;
  errors: FieldError[];
} {
  const value: Partial<CommunityFields> = {};
  const errors: FieldError[] = [];
  for (const field of FIELD_ORDER) {
    const given = patch[field];
    if (given === undefined || (given === null && field !== "brandColor")) continue;
    const check = checks[field] as Check<typeof field>;
    const result = check(given as never);
    if (result.error) errors.push({ field, ...result.error });
    else (value as Record<string, unknown>)[field] = result.value;
  }
  return { value, errors };
}

export function validateCommunityInput(input: CreateCommunityInput): {
  value: CommunityFields;
  errors: FieldError[];
} {
  const { value, errors } = validateCommunityPatch({
    ...input,
    description: input.description ?? "",
    brandColor: null,
  });
  return { value: value as CommunityFields, errors };
}
