import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { EMAIL_PATTERN } from "#shared/email.ts";
import { TEXT_LIMITS, tooLongMessage } from "#shared/limits.ts";

export const GUEST_NAME_MAX_LENGTH = TEXT_LIMITS.personName;

export type GuestValues = { name: string; email: string };
export type GuestErrors = Partial<Record<keyof GuestValues, string>>;

export function validateGuest(values: GuestValues): GuestErrors {
  const errors: GuestErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = "Enter your name.";
  else if (name.length > GUEST_NAME_MAX_LENGTH) errors.name = tooLongMessage("personName");
  const email = values.email.trim();
  if (!email) errors.email = "Enter your email address.";
  else if (!EMAIL_PATTERN.test(email)) errors.email = "Enter an email address like name@example.com.";
  return errors;
}

/** The server's field errors on the guest's own fields (the questions' are handled apart). */
export function guestFieldErrors(error: unknown): GuestErrors {
  if (!(error instanceof GraphQLRequestError)) return {};
  const errors: GuestErrors = {};
  for (const field of error.fields) {
    if (field.field === "name" || field.field === "email") errors[field.field] = field.message;
  }
  return errors;
}
