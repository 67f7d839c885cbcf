import type { Context } from "hono";
import { DOMAIN_ERROR_STATUS, DomainError } from "#server/errors.ts";

/** A domain error as a JSON answer `{ code, message }` with its status; anything else is rethrown. */
export function domainErrorResponse(c: Context, error: unknown): Response {
  if (error instanceof DomainError) {
    return c.json({ code: error.code, message: error.message }, DOMAIN_ERROR_STATUS[error.code]);
  }
  throw error;
}
