import type { Env, Hono } from "hono";
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
import { PLAN_STATUSES } from "#shared/plans.ts";
import { csvExportRoute, csvRecords, exportParams } from "./csv-export.ts";

type RoutesEnv = Env & { Variables: { clientIp: string } };

const HEADER = [
  "Name",
  "Email",
  "Kind",
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
  csvExportRoute(app, "/api/communities/:id/members.csv", options.contextFor, async (c, context) => {
    const query = parseMemberExportQuery(new URL(c.req.url).searchParams);
    const { pages } = await exportMembers(await context(), c.req.param("id"), query);
    return {
      name: "members",
      header: HEADER,
      records: csvRecords(pages, (m) => [
        m.name,
        m.email,
        m.status === "person" ? "person" : "member",
        m.role,
        m.status,
        m.source,
        m.tags.join("; "),
        m.joinedAt.toISOString(),
        String(m.eventsRegistered),
        String(m.eventsAttended),
        String(m.checkIns),
        m.lastActiveAt.toISOString(),
      ]),
    };
  });
  csvExportRoute(
    app,
    "/api/communities/:id/member-imports/:importId/report.csv",
    options.contextFor,
    async (c, context) => {
      const pages = await rejectionReport(await context(), c.req.param("id"), c.req.param("importId"));
      return {
        name: "member-import-report",
        header: REPORT_HEADER,
        records: csvRecords(pages, (r) => [String(r.line), r.email, r.reason]),
      };
    },
  );
}

/**
 * The table's filter from query parameters named as the GraphQL `MemberFilter` fields (`role`,
 * `status`, `tag`, `source`, `plan`, `planStatus` may repeat), with `search`, `sort`, `direction`
 * and repeated `id` for selected rows. Enum values are accepted in either case, as GraphQL or as stored.
 */
export function parseMemberExportQuery(params: URLSearchParams): {
  search: string | null;
  filter: MemberFilter;
  sort: MemberSort | null;
  membershipIds: string[] | null;
} {
  const read = exportParams(params);
  const tags = read.all("tag");
  const filter: MemberFilter = {
    roles: read.oneOf("role", ROLES),
    statuses: read.oneOf("status", MEMBERSHIP_STATUSES),
    sources: read.oneOf("source", MEMBERSHIP_SOURCES),
    tags: tags.length > 0 ? tags : null,
    joinedAfter: read.instant("joinedAfter"),
    joinedBefore: read.instant("joinedBefore"),
    lastActiveAfter: read.instant("lastActiveAfter"),
    lastActiveBefore: read.instant("lastActiveBefore"),
    eventsAttendedAtLeast: read.count("eventsAttendedAtLeast"),
    checkInsAtLeast: read.count("checkInsAtLeast"),
    plans: read.all("plan").length > 0 ? read.all("plan") : null,
    planStatuses: read.oneOf("planStatus", PLAN_STATUSES),
    noShowLastTime: params.get("noShowLastTime") === "true" ? true : null,
  };
  const [field] = read.oneOf("sort", MEMBER_SORT_FIELDS) ?? [];
  const [direction] = read.oneOf("direction", ["asc", "desc"] as const) ?? [];
  const ids = read.all("id");
  return read.checked({
    search: read.text("search"),
    filter,
    sort: field ? { field, direction: direction ?? "asc" } : null,
    membershipIds: ids.length > 0 ? ids : null,
  });
}
