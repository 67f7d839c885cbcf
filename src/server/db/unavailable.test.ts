import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
/** As Drizzle wraps the driver's error. */
const wrapped = (cause: Error) => Object.assign(new Error("Failed query: select 1\nparams: "), { cause });

describe("telling the database out of reach from a failing statement", () => {
  it("takes a refused or broken connection, a pool time-out and PostgreSQL shutting down as unavailable", () => {
    expect(
      isDatabaseUnavailable(wrapped(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error("Connection terminated unexpectedly")))).toBe(true);
    expect(
      isDatabaseUnavailable(withCode("terminating connection due to administrator command", "57P01")),
    ).toBe(true);
    expect(isDatabaseUnavailable(withCode("the database system is starting up", "57P03"))).toBe(true);
  });

  it("leaves a statement's own failure (a constraint, a bug) to the ordinary error path", () => {
    expect(isDatabaseUnavailable(wrapped(withCode("duplicate key value", "23505")))).toBe(false);
    expect(isDatabaseUnavailable(new Error('relation "nope" does not exist'))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});
