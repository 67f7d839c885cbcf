/**
 * Socket-level failures: the server is down, restarting, unreachable, or the connection broke
 * while a query ran.
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
 * What node-postgres and its pool say, without a code, when a connection cannot be had or broke:
 * the pool's `connectionTimeoutMillis` passing, the server closing the socket, a query on a
 * client whose connection already failed, or a pool already ended by the shutdown's bound.
 */
const UNAVAILABLE_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated",
  "Query read timeout",
  "is not queryable",
  "Cannot use a pool after calling end",
  "Client was closed and is not queryable",
];

/**
 * Whether `error` (or an error it wraps, as Drizzle's `DrizzleQueryError` wraps the driver's)
 * says that the database cannot be reached right now, rather than that a statement was wrong.
 * Such a request is answered 503 `UNAVAILABLE`: trying again shortly may work.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (NETWORK_CODES.has(code) || unavailableState(code))) return true;
    if (UNAVAILABLE_MESSAGES.some((text) => current instanceof Error && current.message.includes(text)))
      return true;
    current = current.cause;
  }
  return false;
}
