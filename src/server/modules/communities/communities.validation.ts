import { slugProblem } from "../../../shared/slug.ts";
import type { FieldError } from "../../errors.ts";
import { JOIN_POLICIES, type JoinPolicy, VISIBILITIES, type Visibility } from "./communities.tables.ts";

export const NAME_MAX = 80;
export const DESCRIPTION_MAX = 5000;

const timeZones = new Set(Intl.supportedValuesOf("timeZone"));
timeZones.add("UTC");
const currencies = new Set(Intl.supportedValuesOf("currency"));

export type CreateCommunityInput = {
  name: string;
  slug: string;
  description?: string | null;
  timeZone: string;
  currency: string;
  visibility: Visibility;
  joinPolicy: JoinPolicy;
};

export type ValidCommunityInput = Required<{
  [K in keyof CreateCommunityInput]: NonNullable<CreateCommunityInput[K]>;
}>;

export function validateCommunityInput(input: CreateCommunityInput): {
  value: ValidCommunityInput;
  errors: FieldError[];
} {
  const errors: FieldError[] = [];
  const name = input.name.trim();
  const slug = input.slug.trim();
  const description = (input.description ?? "").trim();
  const currency = input.currency.trim().toUpperCase();
  if (!name) errors.push({ field: "name", code: "REQUIRED", message: "Give your community a name." });
  else if (name.length > NAME_MAX)
    errors.push({ field: "name", code: "TOO_LONG", message: `Keep the name under ${NAME_MAX} characters.` });
  const problem = slugProblem(slug);
  if (problem === "INVALID")
    errors.push({
      field: "slug",
      code: "INVALID_SLUG",
      message: "Use 3–48 lowercase letters, digits and single hyphens.",
    });
  else if (problem === "RESERVED")
    errors.push({ field: "slug", code: "SLUG_TAKEN", message: "That address is reserved. Try another." });
  if (description.length > DESCRIPTION_MAX)
    errors.push({
      field: "description",
      code: "TOO_LONG",
      message: `Keep the description under ${DESCRIPTION_MAX} characters.`,
    });
  if (!timeZones.has(input.timeZone))
    errors.push({ field: "timeZone", code: "INVALID_TIME_ZONE", message: "Pick a time zone from the list." });
  if (!currencies.has(currency))
    errors.push({ field: "currency", code: "INVALID_CURRENCY", message: "Pick a currency from the list." });
  if (!VISIBILITIES.includes(input.visibility))
    errors.push({ field: "visibility", code: "REQUIRED", message: "Choose who can see the community." });
  if (!JOIN_POLICIES.includes(input.joinPolicy))
    errors.push({ field: "joinPolicy", code: "REQUIRED", message: "Choose how people join." });
  return {
    value: {
      name,
      slug,
      description,
      timeZone: input.timeZone,
      currency,
      visibility: input.visibility,
      joinPolicy: input.joinPolicy,
    },
    errors,
  };
}
