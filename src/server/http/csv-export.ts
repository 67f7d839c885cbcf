import type { Context, Env, Hono } from "hono";
import { type FieldError, invalidInput } from "#server/errors.ts";
import type { RequestContextFactory } from "#server/request-context.ts";
import { csvResponse } from "./csv.ts";
import { domainErrorResponse } from "./domain-errors.ts";

type RoutesEnv = Env & { Variables: { clientIp: string } };
type RequestContextOf = Awaited<ReturnType<RequestContextFactory>>;

/** A CSV download: its file's name (without `.csv`), the header, and the records a page at a time. */
export type CsvExport = { name: string; header: string[]; records: AsyncGenerator<string[][]> };

/**
 * `GET path` answered with a streamed CSV. `build` reads the query and asks for the viewer's
 * context when it needs it; a domain error it throws (a refusal, bad input) answers as JSON with
 * its status before any byte of the file.
 */
export function csvExportRoute<E extends RoutesEnv, P extends string>(
  app: Hono<E>,
  path: P,
  contextFor: RequestContextFactory,
  build: (c: Context<E, P>, context: () => Promise<RequestContextOf>) => Promise<CsvExport>,
) {
  app.get(path, async (c) => {
    try {
      const exported = await build(c, () => contextFor(c.req.raw.headers, c.get("clientIp")));
      return csvResponse(exported.name, exported.header, exported.records);
    } catch (error) {
      return domainErrorResponse(c, error);
    }
  });
}

/** The records of `pages`, each item written as one by `record`. */
export async function* csvRecords<T>(
  pages: AsyncIterable<T[]>,
  record: (item: T) => string[],
): AsyncGenerator<string[][]> {
  for await (const page of pages) yield page.map(record);
}

const canonical = (value: string) => value.toLowerCase().replace(/_/g, "");
const INSTANT = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * An export's query parameters, named as its GraphQL filter's fields. Each value that is wrong
 * becomes a field error naming the parameter; `checked` throws them all at once as BAD_USER_INPUT.
 */
export function exportParams(params: URLSearchParams) {
  const errors: FieldError[] = [];
  /** Every non-empty value of a parameter given more than once. */
  const all = (name: string) => params.getAll(name).filter(Boolean);
  /** Words of a list, given as repeated parameters, comma-separated, or both. */
  const list = (name: string) =>
    all(name)
      .flatMap((value) => value.split(","))
      .map((value) => value.trim())
      .filter(Boolean);
  return {
    all,
    list,
    text: (name: string) => params.get(name) || null,
    /** Values of an enum, as GraphQL or as stored, in any case; null when none is given. */
    oneOf<T extends string>(name: string, allowed: readonly T[]): T[] | null {
      const values = list(name);
      if (values.length === 0) return null;
      const out: T[] = [];
      for (const value of values) {
        const match = allowed.find((a) => canonical(a) === canonical(value));
        if (match) out.push(match);
        else
          errors.push({
            field: name,
            code: "UNKNOWN_VALUE",
            message: `Unknown ${name} "${value.slice(0, 40)}": use ${allowed.join(", ")}.`,
          });
      }
      return out;
    },
    /** A day or an instant in ISO 8601. */
    instant(name: string): Date | null {
      const value = params.get(name);
      if (!value) return null;
      const parsed = INSTANT.test(value) ? new Date(value) : null;
      if (parsed && !Number.isNaN(parsed.getTime())) return parsed;
      errors.push({
        field: name,
        code: "INVALID_DATE",
        message: `${name} must be a date such as 2024-05-31.`,
      });
      return null;
    },
    /** A whole number, 0 or more. */
    count(name: string): number | null {
      const value = params.get(name);
      if (!value) return null;
      if (/^\d{1,9}$/.test(value)) return Number(value);
      errors.push({
        field: name,
        code: "OUT_OF_RANGE",
        message: `${name} must be a whole number, 0 or more.`,
      });
      return null;
    },
    /** The value read, or every error found while reading it. */
    checked<T>(value: T): T {
      if (errors.length > 0) throw invalidInput(errors);
      return value;
    },
  };
}
