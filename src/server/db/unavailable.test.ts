import { DrizzleQueryError } from "drizzle-orm/errors";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable, markPoolBusy } from "./unavailable.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** As Drizzle wraps the driver's error. */
const wrapped = (cause: Error) => new DrizzleQueryError("select 1", [], cause);
/** PostgreSQL's own answer, as node-postgres gives it. */
const postgres = (message: string, code: string) =>
  Object.assign(new pg.DatabaseError(message, message.length, "error"), { code });
/** As undici's fetch fails when the server refuses: a TypeError whose cause is the socket's error. */
const fetchFailed = () =>
  new TypeError("fetch failed", { cause: withCode("connect ECONNREFUSED 10.0.0.9:443", "ECONNREFUSED") });
/** As the file storage wraps the S3 client's failure. */
class StorageError extends Error {}
const storageFailed = () =>
  new StorageError("The file store did not answer.", {
    cause: withCode("connect ECONNREFUSED 10.0.0.7:9000", "ECONNREFUSED"),
  });

describe("telling the database out of reach from a failing statement", () => {
  it("takes a refused or broken connection and PostgreSQL shutting down as unavailable", () => {
    expect(
      isDatabaseUnavailable(wrapped(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error("Connection terminated unexpectedly")))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error("Query read timeout")))).toBe(true);
    expect(
      isDatabaseUnavailable(postgres("terminating connection due to administrator command", "57P01")),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped(postgres("the database system is starting up", "57P03")))).toBe(
      true,
    );
    // A transaction asks the pool for its connection outside Drizzle's query errors.
    expect(
      isDatabaseUnavailable(markPoolBusy(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))),
    ).toBe(true);
  });

  it("takes a request that waited for a busy pool as overload, not an outage", () => {
    expect(isDatabaseUnavailable(markPoolBusy(new Error("timeout exceeded when trying to connect")))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(wrapped(new Error("timeout exceeded when trying to connect")))).toBe(false);
  });

  it("leaves a statement's own failure (a constraint, a bug) to the ordinary error path", () => {
    expect(isDatabaseUnavailable(wrapped(postgres("duplicate key value", "23505")))).toBe(false);
    expect(isDatabaseUnavailable(new Error('relation "nope" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    // A statement after the shutdown ended the pool is the app's own bug: a 500 with a log line.
    expect(isDatabaseUnavailable(new Error("Cannot use a pool after calling end on the pool"))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(new Error("Cannot use a pool after calling end on the pool")))).toBe(
      false,
    );
  });

  it("does not blame the database for another service's refused connection", () => {
    // The language model or a webhook refusing a fetch, the S3 store not answering.
    expect(isDatabaseUnavailable(fetchFailed())).toBe(false);
    expect(isDatabaseUnavailable(storageFailed())).toBe(false);
    // The same socket error thrown bare by some other client is not the database's either.
    expect(isDatabaseUnavailable(withCode("connect ECONNREFUSED 10.0.0.9:443", "ECONNREFUSED"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(false);
  });
});
