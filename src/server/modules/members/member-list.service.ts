import { type SQL, sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  badCursor,
  decodeCursorFields,
  encodeCursor,
  PG_TIMESTAMPTZ_TEXT,
} from "#server/db/keyset-cursor.ts";
import type { Role } from "#shared/capabilities.ts";
import { shownEmail } from "#shared/phone.ts";
import type { PlanStatus } from "#shared/plans.ts";
import {
  checkFilter,
  countsByStatusOnly,
  DEFAULT_MEMBER_SORT,
  filterConditions,
  type MemberFilter,
  type MemberSort,
  type MemberSortField,
} from "./member-filter.ts";
import { FEW_MATCHES, searchCount, searchPage, usesSearchKeys } from "./member-search.ts";
import { can } from "./members.policy.ts";
import { type MembersCtx, requireCapability } from "./members.service.ts";
import { MEMBERSHIP_STATUSES, type MembershipSource, type MembershipStatus } from "./members.tables.ts";

/** One row of the member table. `email` is null unless the viewer's role may read addresses. */
export type MemberRow = {
  id: string;
  communityId: string;
  userId: string;
  role: Role;
  status: MembershipStatus;
  source: MembershipSource;
  tags: string[];
  joinedAt: Date;
  eventsRegistered: number;
  eventsAttended: number;
  checkIns: number;
  lastActiveAt: Date;
  person: { id: string; name: string; email: string | null };
  planId: string | null;
  planStatus: PlanStatus | null;
};

export type MemberPage = {
  nodes: MemberRow[];
  endCursor: string | null;
  hasNextPage: boolean;
  totalCount: number;
  /** More members match than were counted: `totalCount` is then COUNT_CAP, shown as "1,000+". */
  totalCountCapped: boolean;
};

export const MAX_PAGE = 200;

/**
 * Where counting rows stops (docs/decisions/012-member-table-at-scale.md): a broad search in a
 * community of a million would otherwise count hundreds of thousands of rows for every page.
 */
export const COUNT_CAP = FEW_MATCHES;

/**
 * The sort key of each order, with the tie-break that makes it total. By name the tie-break is the
 * person's id, which is as unique as the membership's within a community and lets the page walk
 * `user_sort_name_idx`; every other order ends on the membership id.
 */
const ORDERS: Record<MemberSortField, { key: SQL; tie: SQL; type: "text" | "int" | "timestamptz" }> = {
  name: { key: sql`lower(u.name)`, tie: sql`u.id`, type: "text" },
  joined: { key: sql`m.joined_at`, tie: sql`m.id`, type: "timestamptz" },
  eventsAttended: { key: sql`m.events_attended`, tie: sql`m.id`, type: "int" },
  checkIns: { key: sql`m.check_ins`, tie: sql`m.id`, type: "int" },
  lastActive: { key: sql`m.last_active_at`, tie: sql`m.id`, type: "timestamptz" },
};

// A cursor names the sort it was made for, so it cannot be replayed against another order. The
// key travels as PostgreSQL's own text (timestamps keep their microseconds).
type Cursor = { sort: string; key: string; tie: string };

const sortName = (sort: MemberSort) => `${sort.field}:${sort.direction}`;

function decode(after: string | null | undefined, sort: MemberSort): Cursor | null {
  const c = decodeCursorFields(after, { sort: 100, key: 1000, tie: 200 });
  if (!c) return null;
  const order = ORDERS[sort.field];
  if (
    c.sort !== sortName(sort) ||
    (order.type === "int" && !/^-?\d{1,10}$/.test(c.key)) ||
    (order.type === "timestamptz" && !PG_TIMESTAMPTZ_TEXT.test(c.key))
  )
    throw badCursor();
  return c;
}

type Row = {
  id: string;
  community_id: string;
  user_id: string;
  role: Role;
  status: MembershipStatus;
  source: MembershipSource;
  tags: string[];
  joined_at: string | Date;
  events_registered: number;
  events_attended: number;
  check_ins: number;
  last_active_at: string | Date;
  plan_id: string | null;
  plan_status: PlanStatus | null;
  name: string;
  email: string;
  sort_key: string;
  tie: string;
  /** A search's count of matches, up to COUNT_CAP + 1, when its page statement counted them. */
  matched?: number | string | null;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export type MemberQuery = {
  first?: number | null;
  after?: string | null;
  search?: string | null;
  filter?: MemberFilter | null;
  sort?: MemberSort | null;
};

/** The member table of a community: organizers and above; e-mail addresses per capability. */
export async function listMembers(
  ctx: MembersCtx,
  communityId: string,
  query: MemberQuery,
): Promise<MemberPage> {
  const me = await requireCapability(
    ctx,
    communityId,
    "members.view",
    "Only organizers can see the members.",
  );
  return readMembers(ctx.db, communityId, query, { withEmail: can(me, "members.view") });
}

/** The member table's read, authorization done: the bench and the service share it. */
export async function readMembers(
  db: Db,
  communityId: string,
  query: MemberQuery,
  options: { withEmail: boolean; withCount?: boolean },
): Promise<MemberPage> {
  const search = query.search?.trim() || null;
  const filter = checkFilter(query.filter, search);
  const sort = query.sort ?? DEFAULT_MEMBER_SORT;
  const first = Math.min(Math.max(query.first ?? 50, 1), MAX_PAGE);
  const cursor = decode(query.after, sort);
  const order = ORDERS[sort.field];
  const dir = sql.raw(sort.direction);
  const where = filterConditions(communityId, filter, null);
  const cmp = sql.raw(sort.direction === "asc" ? ">" : "<");
  const after = cursor
    ? (key: SQL, tie: SQL) =>
        sql`(${key}, ${tie}) ${cmp} (${cursor.key}::${sql.raw(order.type)}, ${cursor.tie})`
    : null;
  const columns = sql`m.id, m.community_id, m.user_id, m.role, m.status, m.source, m.tags, m.joined_at,
    m.events_registered, m.events_attended, m.check_ins, m.last_active_at, m.plan_id, m.plan_status,
    coalesce(nullif(u.name, ''), m.guest_name, '') as name, u.email, ${order.key} as sort_value, ${order.key}::text as sort_key, ${order.tie} as tie`;
  const pageWhere = after ? [...where, after(order.key, order.tie)] : where;
  // A search through the trigram index counts its matches in the page's own statement.
  const countedByPage = search !== null && usesSearchKeys(search);
  const wantsCount = options.withCount !== false;
  const [rows, counted] = await Promise.all([
    db.execute(
      search
        ? searchPage(communityId, search, {
            columns,
            where,
            after,
            key: order.key,
            tie: order.tie,
            direction: sort.direction,
            byPerson: sort.field === "name",
            limit: first + 1,
          })
        : sql`
      select ${columns} from membership m join "user" u on u.id = m.user_id
      where ${sql.join(pageWhere, sql` and `)}
      order by ${order.key} ${dir}, ${order.tie} ${dir} limit ${first + 1}`,
    ),
    // An export walks every page and needs no total: counting again per page would cost more than the rows.
    wantsCount && !countedByPage ? countMembers(db, communityId, filter, search) : null,
  ]);
  const all = rowsOf<Row>(rows);
  const page = all.slice(0, first);
  const matched = all[0]?.matched;
  const total = !wantsCount
    ? { count: 0, capped: false }
    : (counted ??
      (matched != null ? capped(Number(matched)) : await countMembers(db, communityId, filter, search)));
  const last = page.at(-1);
  return {
    nodes: page.map((r) => toMember(r, options.withEmail)),
    hasNextPage: all.length > first,
    endCursor: last ? encodeCursor({ sort: sortName(sort), key: last.sort_key, tie: last.tie }) : null,
    totalCount: total.count,
    totalCountCapped: total.capped,
  };
}

/**
 * How many members match. Without search or filters other than status, the triggers' count per
 * status answers exactly (docs/decisions/012-member-table-at-scale.md); otherwise the rows are
 * counted through the same indexes the page uses, up to COUNT_CAP.
 */
async function countMembers(
  db: Db,
  communityId: string,
  filter: MemberFilter,
  search: string | null,
): Promise<{ count: number; capped: boolean }> {
  if (countsByStatusOnly(filter, search)) {
    const statuses = filter.statuses?.length ? filter.statuses : [...MEMBERSHIP_STATUSES];
    const [row] = rowsOf<{ n: number | string | null }>(
      await db.execute(sql`
        select sum(members) as n from member_count
        where community_id = ${communityId} and status in ${statuses}`),
    );
    return { count: Number(row?.n ?? 0), capped: false };
  }
  const where = filterConditions(communityId, filter, null);
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(
      search
        ? searchCount(communityId, search, where, COUNT_CAP)
        : sql`
      select count(*) as n from (
        select from membership m where ${sql.join(where, sql` and `)} limit ${COUNT_CAP + 1}) as matched`,
    ),
  );
  return capped(Number(row?.n ?? 0));
}

const capped = (count: number) =>
  count > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count, capped: false };

/** One membership as the member table shows it, whatever its status; authorization is the caller's. */
export async function memberRowById(db: Db, id: string, withEmail: boolean): Promise<MemberRow | null> {
  const [row] = rowsOf<Row>(
    await db.execute(sql`
      select m.id, m.community_id, m.user_id, m.role, m.status, m.source, m.tags, m.joined_at,
        m.events_registered, m.events_attended, m.check_ins, m.last_active_at, m.plan_id, m.plan_status,
        coalesce(nullif(u.name, ''), m.guest_name, '') as name, u.email
      from membership m join "user" u on u.id = m.user_id
      where m.id = ${id}`),
  );
  return row ? toMember(row, withEmail) : null;
}

function toMember(r: Omit<Row, "sort_key" | "tie">, withEmail: boolean): MemberRow {
  return {
    id: r.id,
    communityId: r.community_id,
    userId: r.user_id,
    role: r.role,
    status: r.status,
    source: r.source,
    tags: r.tags,
    joinedAt: new Date(r.joined_at),
    eventsRegistered: Number(r.events_registered),
    eventsAttended: Number(r.events_attended),
    checkIns: Number(r.check_ins),
    lastActiveAt: new Date(r.last_active_at),
    person: { id: r.user_id, name: r.name, email: withEmail ? shownEmail(r.email) : null },
    planId: r.plan_id,
    planStatus: r.plan_status,
  };
}
