import { DrizzleQueryError } from "drizzle-orm/errors";
import pg from "pg";

/**
 * Socket-level failures of the driver's connection: the server is down, restarting, unreachable,
 * or the connection broke while a statement ran. Only counted on an error the database driver
 * gave (below): the same codes from a fetch or a storage call say nothing about the database.
 */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);

/**
 * PostgreSQL's own codes for "not now": class 08 (connection exception), 57P01-57P03 (the server
 * is shutting down, crashed or is starting up) and 53300 (too many connections).
 */
const unavailableState = (code: string) =>
  code.startsWith("08") || code === "57P01" || code === "57P02" || code === "57P03" || code === "53300";

/**
 * What node-postgres says, without a code, when a connection cannot be had or broke: a new
 * connection not opening within its bound, the server closing the socket, a statement left
 * unanswered past `query_timeout`, or a statement on a client whose connection already failed.
 * A pool already ended ("Cannot use a pool after calling end") is not among them: a statement
 * after the shutdown closed the database is the app's own bug.
 */
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "Query read timeout",
  "is not queryable",
  "timeout expired",
];

/** pg-pool's words when a request waited too long for a connection of a busy pool. */
const POOL_WAIT_MESSAGE = "timeout exceeded when trying to connect";

/** Errors that the app's own pool gave when a connection was asked of it (db/client.ts). */
const fromPool = new WeakSet<object>();

/**
 * Records that `error` came from the pool while a connection was asked of it, so that its socket
 * codes count (a transaction asks the pool directly, outside Drizzle's query errors).
 */
export function markPoolBusy(error: unknown): Error {
  const marked = error instanceof Error ? error : new Error("The database pool gave no connection.");
  fromPool.add(marked);
  return marked;
}

/** Whether `error`, known to come from the database driver, says the server is out of reach. */
function driverSaysUnavailable(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (NETWORK_CODES.has(code) || unavailableState(code))) return true;
  // A request that waited its turn in a busy pool is overload, not an outage (decision 039).
  if (error.message.includes(POOL_WAIT_MESSAGE)) return false;
  return UNAVAILABLE_MESSAGES.some((text) => error.message.includes(text));
}

/**
 * Whether `error` says that the database cannot be reached right now, rather than that a statement
 * was wrong. Such a request is answered 503 `UNAVAILABLE`: trying again shortly may work. Only the
 * driver's own errors count: PostgreSQL's answer (`pg.DatabaseError`), what the pool gave when a
 * connection was asked of it, and what Drizzle's `DrizzleQueryError` wraps. Any other error's
 * cause chain (a fetch to a language model, a storage call) is not followed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof pg.DatabaseError) return unavailableState(error.code ?? "");
  if (fromPool.has(error)) return driverSaysUnavailable(error);
  if (error instanceof DrizzleQueryError && error.cause instanceof Error) {
    const cause = error.cause;
    if (cause instanceof pg.DatabaseError) return unavailableState(cause.code ?? "");
    return driverSaysUnavailable(cause);
  }
  return false;
}
