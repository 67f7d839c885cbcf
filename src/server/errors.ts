export type FieldError = { field: string; code: string; message: string };

export type DomainErrorCode =
  | "UNAUTHENTICATED"
  | "NOT_FOUND"
  | "FORBIDDEN"
  | "BAD_USER_INPUT"
  | "EVENT_FULL"
  | "EVENT_CLOSED"
  | "ALREADY_REGISTERED"
  | "NO_SEATS"
  | "INVALID_CODE"
  | "VERIFIED_EMAIL_REQUIRED"
  | "CHECKED_IN"
  | "RATE_LIMITED"
  | "RATE_LIMITED_EMAIL"
  | "BAD_CURSOR";

/** Thrown by services; mapped to a GraphQL error with a stable `extensions.code` in one place. */
export class DomainError extends Error {
  readonly code: DomainErrorCode;
  readonly fields: FieldError[];
  constructor(code: DomainErrorCode, message: string, fields: FieldError[] = []) {
    super(message);
    this.code = code;
    this.fields = fields;
  }
}

export const notFound = () => new DomainError("NOT_FOUND", "Not found.");
export const unauthenticated = () => new DomainError("UNAUTHENTICATED", "Sign in to continue.");
export const forbidden = (message: string) => new DomainError("FORBIDDEN", message);
export const invalidInput = (fields: FieldError[]) =>
  new DomainError("BAD_USER_INPUT", fields[0]?.message ?? "Invalid input.", fields);
