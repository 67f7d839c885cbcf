import type { MemberFilter, MemberSegmentsQuery, MemberSort } from "#client/gql/graphql.ts";

type MemberFilterView = MemberSegmentsQuery["memberSegments"][number]["filter"];

import type { MemberStatusValue, MembersSearch } from "./search-params.ts";

const KIND_STATUSES: Record<NonNullable<MembersSearch["kind"]>, MemberStatusValue[]> = {
  members: ["ACTIVE", "PENDING", "BANNED"],
  people: ["PERSON"],
};

/** Local midnight of a calendar day, as the server's DateTime. */
const startOf = (day: string) => new Date(`${day}T00:00:00`).toISOString();
/** Local midnight after a calendar day: "to" days are included. */
function endOf(day: string): string {
  const next = new Date(`${day}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
}
const pad = (n: number) => String(n).padStart(2, "0");
const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const dayOf = (iso: string | null | undefined) => (iso ? localDay(new Date(iso)) : undefined);
function dayBefore(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  date.setDate(date.getDate() - 1);
  return localDay(date);
}

/** The GraphQL filter the URL's search means (search text travels separately). */
export function filterOf(search: MembersSearch): MemberFilter {
  return {
    roles: search.role ? [search.role] : null,
    statuses: search.status ? [search.status] : search.kind ? KIND_STATUSES[search.kind] : null,
    sources: search.source ? [search.source] : null,
    tags: search.tag ?? null,
    joinedAfter: search.joinedFrom ? startOf(search.joinedFrom) : null,
    joinedBefore: search.joinedTo ? endOf(search.joinedTo) : null,
    lastActiveAfter: search.activeFrom ? startOf(search.activeFrom) : null,
    lastActiveBefore: search.activeTo ? endOf(search.activeTo) : null,
    eventsAttendedAtLeast: search.attended ?? null,
    checkInsAtLeast: search.checkIns ?? null,
    plans: search.plan ? [search.plan] : null,
    planStatuses: search.planStatus ? [search.planStatus] : null,
    noShowLastTime: search.noShow ?? null,
  };
}

export function sortOf(search: MembersSearch): MemberSort | null {
  if (!search.sort) return null;
  const field = (
    {
      name: "NAME",
      joined: "JOINED",
      eventsAttended: "EVENTS_ATTENDED",
      checkIns: "CHECK_INS",
      lastActive: "LAST_ACTIVE",
    } as const
  )[search.sort];
  return { field, direction: search.dir === "desc" ? "DESC" : "ASC" };
}

/** Whether anything narrows the list (sort does not). */
export function isFiltered(search: MembersSearch): boolean {
  const { sort: _sort, dir: _dir, ...rest } = search;
  return Object.values(rest).some((value) => value !== undefined);
}

/** The URL a saved segment opens: its filter, with single-valued fields taking their first value. */
export function searchOfSegment(filter: MemberFilterView): MembersSearch {
  return {
    role: filter.roles?.[0] ?? undefined,
    status: filter.statuses?.[0] ?? undefined,
    source: filter.sources?.[0] ?? undefined,
    tag: filter.tags?.length ? filter.tags : undefined,
    joinedFrom: dayOf(filter.joinedAfter),
    joinedTo: dayBefore(filter.joinedBefore),
    activeFrom: dayOf(filter.lastActiveAfter),
    activeTo: dayBefore(filter.lastActiveBefore),
    attended: filter.eventsAttendedAtLeast ?? undefined,
    checkIns: filter.checkInsAtLeast ?? undefined,
    plan: filter.plans?.[0] ?? undefined,
    planStatus: filter.planStatuses?.[0] ?? undefined,
    noShow: filter.noShowLastTime ? true : undefined,
  };
}

/** `/api/communities/{id}/members.csv` for the filtered list, or for the selected rows. */
export function membersCsvHref(communityId: string, search: MembersSearch, selectedIds?: readonly string[]) {
  const params = new URLSearchParams();
  if (selectedIds) {
    for (const id of selectedIds) params.append("id", id);
  } else {
    const filter = filterOf(search);
    if (search.q) params.set("search", search.q);
    if (search.role) params.set("role", search.role);
    for (const status of filter.statuses ?? []) params.append("status", status);
    if (search.source) params.set("source", search.source);
    for (const tag of search.tag ?? []) params.append("tag", tag);
    const dates = ["joinedAfter", "joinedBefore", "lastActiveAfter", "lastActiveBefore"] as const;
    for (const key of dates) {
      const value = filter[key];
      if (value) params.set(key, value);
    }
    if (search.attended != null) params.set("eventsAttendedAtLeast", String(search.attended));
    if (search.checkIns != null) params.set("checkInsAtLeast", String(search.checkIns));
    if (search.plan) params.set("plan", search.plan);
    if (search.planStatus) params.set("planStatus", search.planStatus);
    if (search.noShow) params.set("noShowLastTime", "true");
    if (search.sort) {
      params.set("sort", search.sort);
      params.set("direction", search.dir ?? "asc");
    }
  }
  const query = params.toString();
  return `/api/communities/${encodeURIComponent(communityId)}/members.csv${query ? `?${query}` : ""}`;
}
