import type { Context } from "hono";
import { isDatabaseUnavailable } from "#server/db/unavailable.ts";
import { DOMAIN_ERROR_STATUS, DomainError, unavailable } from "#server/errors.ts";

/**
 * A domain error as a JSON answer `{ code, message }` with its status (the database being
 * unreachable as 503 `UNAVAILABLE`); anything else is rethrown.
 */
export function domainErrorResponse(c: Context, thrown: unknown): Response {
  const error = isDatabaseUnavailable(thrown) ? unavailable() : thrown;
  if (error instanceof DomainError) {
    return c.json({ code: error.code, message: error.message }, DOMAIN_ERROR_STATUS[error.code]);
  }
  throw error;
}
