import type { Env, Hono } from "hono";
import { type FieldError, invalidInput } from "#server/errors.ts";
import { exportMembers } from "#server/modules/members/member-export.service.ts";
import {
  MEMBER_SORT_FIELDS,
  type MemberFilter,
  type MemberSort,
} from "#server/modules/members/member-filter.ts";
import { MEMBERSHIP_SOURCES, MEMBERSHIP_STATUSES } from "#server/modules/members/members.tables.ts";
import { rejectionReport } from "#server/modules/membership/member-import.service.ts";
import type { RequestContextFactory } from "#server/request-context.ts";
import { ROLES } from "#shared/capabilities.ts";
import { csvResponse } from "./csv.ts";
import { domainErrorResponse } from "./domain-errors.ts";

type RoutesEnv = Env & { Variables: { clientIp: string } };

const HEADER = [
  "Name",
  "Email",
  "Role",
  "Status",
  "Source",
  "Tags",
  "Joined at",
  "Events registered",
  "Events attended",
  "Check-ins",
  "Last active at",
];

const REPORT_HEADER = ["Line", "Email", "Reason"];

/**
 * `/api/communities/:id/members.csv`: the member table's filtered set (or selected rows) as CSV;
 * `/api/communities/:id/member-imports/:importId/report.csv`: the rows an import rejected.
 */
export function mountMemberRoutes<E extends RoutesEnv>(
  app: Hono<E>,
  options: { contextFor: RequestContextFactory },
) {
  app.get("/api/communities/:id/members.csv", async (c) => {
    try {
      const url = new URL(c.req.url);
      const query = parseMemberExportQuery(url.searchParams);
      const ctx = await options.contextFor(c.req.raw.headers, c.get("clientIp"));
      const { pages } = await exportMembers(ctx, c.req.param("id"), query);
      async function* records() {
        for await (const page of pages)
          yield page.map((m) => [
            m.name,
            m.email,
            m.role,
            m.status,
            m.source,
            m.tags.join("; "),
            m.joinedAt.toISOString(),
            String(m.eventsRegistered),
            String(m.eventsAttended),
            String(m.checkIns),
            m.lastActiveAt.toISOString(),
          ]);
      }
      return csvResponse("members", HEADER, records());
    } catch (error) {
      return domainErrorResponse(c, error);
    }
  });
  app.get("/api/communities/:id/member-imports/:importId/report.csv", async (c) => {
    try {
      const ctx = await options.contextFor(c.req.raw.headers, c.get("clientIp"));
      const pages = await rejectionReport(ctx, c.req.param("id"), c.req.param("importId"));
      async function* records() {
        for await (const page of pages) yield page.map((r) => [String(r.line), r.email, r.reason]);
      }
      return csvResponse("member-import-report", REPORT_HEADER, records());
    } catch (error) {
      return domainErrorResponse(c, error);
    }
  });
}

/** Words of a list, given as repeated parameters, comma-separated, or both; any case. */
function listParam(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter(Boolean);
}

const canonical = (value: string) => value.toLowerCase().replace(/_/g, "");

/**
 * The table's filter from query parameters named as the GraphQL `MemberFilter` fields (`role`,
 * `status`, `tag`, `source` may repeat), with `search`, `sort`, `direction` and repeated `id` for
 * selected rows. Enum values are accepted in either case, as GraphQL or as stored.
 */
export function parseMemberExportQuery(params: URLSearchParams): {
  search: string | null;
  filter: MemberFilter;
  sort: MemberSort | null;
  membershipIds: string[] | null;
} {
  const errors: FieldError[] = [];
  function oneOf<T extends string>(name: string, allowed: readonly T[]): T[] | null {
    const values = listParam(params, name);
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
  }
  function date(name: string): Date | null {
    const value = params.get(name);
    if (!value) return null;
    const parsed = /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)
      ? new Date(value)
      : null;
    if (parsed && !Number.isNaN(parsed.getTime())) return parsed;
    errors.push({ field: name, code: "INVALID_DATE", message: `${name} must be a date such as 2024-05-31.` });
    return null;
  }
  function count(name: string): number | null {
    const value = params.get(name);
    if (!value) return null;
    if (/^\d{1,9}$/.test(value)) return Number(value);
    errors.push({ field: name, code: "OUT_OF_RANGE", message: `${name} must be a whole number, 0 or more.` });
    return null;
  }
  const tags = params.getAll("tag").filter(Boolean);
  const filter: MemberFilter = {
    roles: oneOf("role", ROLES),
    statuses: oneOf("status", MEMBERSHIP_STATUSES),
    sources: oneOf("source", MEMBERSHIP_SOURCES),
    tags: tags.length > 0 ? tags : null,
    joinedAfter: date("joinedAfter"),
    joinedBefore: date("joinedBefore"),
    lastActiveAfter: date("lastActiveAfter"),
    lastActiveBefore: date("lastActiveBefore"),
    eventsAttendedAtLeast: count("eventsAttendedAtLeast"),
    checkInsAtLeast: count("checkInsAtLeast"),
  };
  const [field] = oneOf("sort", MEMBER_SORT_FIELDS) ?? [];
  const [direction] = oneOf("direction", ["asc", "desc"] as const) ?? [];
  const ids = params.getAll("id").filter(Boolean);
  if (errors.length > 0) throw invalidInput(errors);
  return {
    search: params.get("search") || null,
    filter,
    sort: field ? { field, direction: direction ?? "asc" } : null,
    membershipIds: ids.length > 0 ? ids : null,
  };
}
