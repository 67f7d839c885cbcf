import { sql } from "drizzle-orm";
import { invalidInput } from "#server/errors.ts";
import type { Role } from "#shared/capabilities.ts";
import { shownEmail } from "#shared/phone.ts";
import { checkFilter, type MemberFilter, type MemberSort } from "./member-filter.ts";
import { MAX_PAGE, type MemberRow, readMembers } from "./member-list.service.ts";
import { type MembersCtx, requireCapability } from "./members.service.ts";
import type { MembershipSource, MembershipStatus } from "./members.tables.ts";

/** One exported member: the table's row without the cursor bookkeeping. */
export type ExportedMember = Pick<
  MemberRow,
  | "role"
  | "status"
  | "source"
  | "tags"
  | "joinedAt"
  | "eventsRegistered"
  | "eventsAttended"
  | "checkIns"
  | "lastActiveAt"
> & { name: string; email: string };

export type MemberExportQuery = {
  search?: string | null;
  filter?: MemberFilter | null;
  sort?: MemberSort | null;
  /** The selected rows; when set, the filter and search are not used. */
  membershipIds?: string[] | null;
};

/** At most this many selected rows in one export; a larger selection exports by its filter. */
export const MAX_EXPORT_IDS = 1000;

/**
 * The members a CSV export holds, page by page in the table's order. Authorization and the
 * filter are checked before the first page, so a refusal or bad input answers before any byte.
 */
export async function exportMembers(
  ctx: MembersCtx,
  communityId: string,
  query: MemberExportQuery,
): Promise<{ pages: AsyncGenerator<ExportedMember[]> }> {
  await requireCapability(ctx, communityId, "members.view", "Only organizers can export the members.");
  const db = ctx.db;
  if (query.membershipIds) {
    const ids = [...new Set(query.membershipIds)];
    if (ids.length === 0 || ids.length > MAX_EXPORT_IDS)
      throw invalidInput([
        {
          field: "id",
          code: "OUT_OF_RANGE",
          message: `Select between 1 and ${MAX_EXPORT_IDS} members, or export the filtered list.`,
        },
      ]);
    const rows = await selectedMembers(ctx, communityId, ids);
    return {
      pages: (async function* () {
        yield rows;
      })(),
    };
  }
  const search = query.search?.trim() || null;
  const filter = checkFilter(query.filter, search);
  const read = (after: string | null) =>
    readMembers(
      db,
      communityId,
      { first: MAX_PAGE, after, search, filter, sort: query.sort ?? null },
      { withEmail: true, withCount: false },
    );
  const first = await read(null);
  async function* pages() {
    let page = first;
    for (;;) {
      if (page.nodes.length > 0) yield page.nodes.map(exported);
      if (!page.hasNextPage || !page.endCursor) return;
      page = await read(page.endCursor);
    }
  }
  return { pages: pages() };
}

const exported = (m: MemberRow): ExportedMember => ({
  name: m.person.name,
  email: m.person.email ?? "",
  role: m.role,
  status: m.status,
  source: m.source,
  tags: m.tags,
  joinedAt: m.joinedAt,
  eventsRegistered: m.eventsRegistered,
  eventsAttended: m.eventsAttended,
  checkIns: m.checkIns,
  lastActiveAt: m.lastActiveAt,
});

type SelectedRow = {
  name: string;
  email: string;
  role: Role;
  status: MembershipStatus;
  source: MembershipSource;
  tags: string[];
  joined_at: string | Date;
  events_registered: number;
  events_attended: number;
  check_ins: number;
  last_active_at: string | Date;
};

/** The selected memberships of this community, by name; ids of other communities match nothing. */
async function selectedMembers(
  ctx: MembersCtx,
  communityId: string,
  ids: string[],
): Promise<ExportedMember[]> {
  const result = await ctx.db.execute(sql`
    select coalesce(nullif(u.name, ''), m.guest_name, '') as name, u.email, m.role, m.status, m.source,
           m.tags, m.joined_at, m.events_registered,
           m.events_attended, m.check_ins, m.last_active_at
    from membership m join "user" u on u.id = m.user_id
    where m.community_id = ${communityId} and m.id in ${ids}
    order by lower(u.name), u.id`);
  return (result as unknown as { rows: SelectedRow[] }).rows.map((r) => ({
    name: r.name,
    email: shownEmail(r.email),
    role: r.role,
    status: r.status,
    source: r.source,
    tags: r.tags,
    joinedAt: new Date(r.joined_at),
    eventsRegistered: Number(r.events_registered),
    eventsAttended: Number(r.events_attended),
    checkIns: Number(r.check_ins),
    lastActiveAt: new Date(r.last_active_at),
  }));
}
