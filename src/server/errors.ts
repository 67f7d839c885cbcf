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
  /** Texts cost money: the limits per number and per different numbers from one address (decision 022). */
  RATE_LIMITED_PHONE: 429,
  RATE_LIMITED_PHONE_NUMBERS: 429,
  /** Twilio would not text the number (decision 022's `textFailure`). */
  TEXT_INVALID_NUMBER: 400,
  TEXT_NUMBER_NOT_ALLOWED: 400,
  TEXT_NUMBER_OPTED_OUT: 400,
  /** Texts cannot be sent now (Twilio's credentials, balance or reach): the operator's problem. */
  TEXT_UNAVAILABLE: 503,
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
  /** The operator set no Stripe keys, or payments go to the operator's own account: nothing to connect. */
  PAYMENTS_NOT_CONFIGURED: 409,
  /** Stripe refused or did not answer a request made for the person; nothing was changed here. */
  PAYMENT_PROVIDER_ERROR: 502,
  /** A ticket that costs something, for a community that cannot take payments (no Stripe account taking charges). */
  PAYMENTS_NOT_CONNECTED: 409,
  /** The ticket type's sales window has not opened yet. */
  SALES_NOT_OPEN: 409,
  /** The ticket type's sales window has closed. */
  SALES_ENDED: 409,
  /** The ticket costs the person something: it is bought through checkout, not registered for. */
  PAYMENT_REQUIRED: 409,
  /** More tickets than the ticket type allows in one order (or an order above one charge's ceiling). */
  OVER_ORDER_LIMIT: 400,
  /** Fewer seats or tickets left than asked for. */
  SOLD_OUT: 409,
  /** No active promo code of that name applies to this event. */
  PROMO_CODE_INVALID: 400,
  PROMO_CODE_EXPIRED: 409,
  /** The promo code's usage limit is reached. */
  PROMO_CODE_USED_UP: 409,
  /** The promo code is for another ticket type (or another currency). */
  PROMO_CODE_NOT_FOR_TICKET: 400,
  /** The operator requires owners of communities taking payments to use a second factor, and this one has none yet. */
  SECOND_FACTOR_REQUIRED: 403,
  /** An agent that uses the language model, switched on while the operator configured none. */
  MODEL_NOT_CONFIGURED: 409,
  /** A webhook whose Stripe-Signature does not verify with the webhook secret (or is too old). */
  BAD_SIGNATURE: 400,
  /** The database cannot be reached right now (restarting, failing over): trying again shortly may work. */
  UNAVAILABLE: 503,
} as const satisfies Record<string, 400 | 401 | 403 | 404 | 409 | 429 | 502 | 503>;

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
/** What every surface answers while the database cannot be reached (`db/unavailable.ts` tells). */
export const unavailable = () =>
  new DomainError("UNAVAILABLE", "The service is briefly unavailable. Please try again in a moment.");
export const invalidInput = (fields: FieldError[]) =>
  new DomainError("BAD_USER_INPUT", fields[0]?.message ?? "Invalid input.", fields);
