export type FieldError = { field: string; code: string; message: string };

/**
 * Every code a service may throw, with the HTTP status it answers with outside GraphQL. Input
 * errors (400) name what to change; conflicts (409) say the thing is not in a state that allows it.
 */
export const DOMAIN_ERROR_STATUS = {
  UNAUTHENTICATED: 401,
  NOT_FOUND: 404,
  FORBIDDEN: 403,
  BAD_USER_INPUT: 400,
  CONFLICT: 409,
  EVENT_FULL: 409,
  EVENT_CLOSED: 409,
  ALREADY_REGISTERED: 409,
  NO_SEATS: 409,
  INVALID_CODE: 400,
  VERIFIED_EMAIL_REQUIRED: 403,
  CHECKED_IN: 409,
  RATE_LIMITED: 429,
  RATE_LIMITED_EMAIL: 429,
  BAD_CURSOR: 400,
  /** The person is banned from the community: no joining, requesting or registering. */
  BANNED: 403,
  /** Joining an invite-only community without an invitation. */
  INVITE_ONLY: 403,
  ALREADY_MEMBER: 409,
  /** The owner leaves only after handing the community to someone else. */
  OWNER_MUST_TRANSFER: 409,
  INVITATION_EXPIRED: 409,
  INVITATION_USED: 409,
  INVITATION_REVOKED: 409,
  /** The invitation was sent to another address than the signed-in account's. */
  INVITATION_WRONG_ACCOUNT: 403,
} as const satisfies Record<string, 400 | 401 | 403 | 404 | 409 | 429>;

export type DomainErrorCode = keyof typeof DOMAIN_ERROR_STATUS;

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
/** The request is fine, but the thing it acts on is not in a state that allows it. */
export const conflict = (message: string) => new DomainError("CONFLICT", message);
export const forbidden = (message: string) => new DomainError("FORBIDDEN", message);
export const invalidInput = (fields: FieldError[]) =>
  new DomainError("BAD_USER_INPUT", fields[0]?.message ?? "Invalid input.", fields);
