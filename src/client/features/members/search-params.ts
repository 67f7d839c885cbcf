// The page parses its URL here, in its own lazily loaded chunk (route-search.ts says why not in the
// route): only values the member table knows are kept, so every screen reads a typed search.

import { day, oneOf, text } from "#client/lib/search-values.ts";

export const MEMBER_ROLES = ["OWNER", "ADMIN", "ORGANIZER", "MEMBER"] as const;
export const MEMBER_STATUSES = ["ACTIVE", "PENDING", "BANNED", "PERSON"] as const;
/** Members (of any status), the community's people known only through its events, or both. */
export const MEMBER_KINDS = ["members", "people"] as const;
export const MEMBER_SOURCES = ["CREATED", "JOINED", "INVITED", "IMPORTED", "EVENT"] as const;
export const MEMBER_PLAN_STATUSES = [
  "REQUESTED",
  "AWAITING_PAYMENT",
  "ACTIVE",
  "PAST_DUE",
  "CANCELING",
  "ENDED",
] as const;
export const MEMBER_SORTS = ["name", "joined", "eventsAttended", "checkIns", "lastActive"] as const;

export type MemberRoleValue = (typeof MEMBER_ROLES)[number];
export type MemberStatusValue = (typeof MEMBER_STATUSES)[number];
export type MemberSourceValue = (typeof MEMBER_SOURCES)[number];
export type MemberSortValue = (typeof MEMBER_SORTS)[number];
export type MemberPlanStatusValue = (typeof MEMBER_PLAN_STATUSES)[number];
export type MemberKindValue = (typeof MEMBER_KINDS)[number];

/** The members page's URL: search, filters and sort, so a view can be bookmarked and shared. */
export type MembersSearch = {
  q?: string | undefined;
  /** Unset: everyone. */
  kind?: MemberKindValue | undefined;
  role?: MemberRoleValue | undefined;
  status?: MemberStatusValue | undefined;
  source?: MemberSourceValue | undefined;
  /** Members carrying every one of these tags. */
  tag?: string[] | undefined;
  /** Calendar days (YYYY-MM-DD), both ends included. */
  joinedFrom?: string | undefined;
  joinedTo?: string | undefined;
  activeFrom?: string | undefined;
  activeTo?: string | undefined;
  attended?: number | undefined;
  checkIns?: number | undefined;
  /** A membership plan's id. */
  plan?: string | undefined;
  planStatus?: MemberPlanStatusValue | undefined;
  /** Not checked in at their latest ended event where they held a place. */
  noShow?: true | undefined;
  sort?: MemberSortValue | undefined;
  dir?: "asc" | "desc" | undefined;
};

const ID = /^[\w-]{1,64}$/;

function count(value: unknown): number | undefined {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) && n >= 0 && n < 1_000_000 ? n : undefined;
}

function tags(value: unknown): string[] | undefined {
  const list = (Array.isArray(value) ? value : [value]).filter(
    (tag): tag is string => typeof tag === "string" && tag.trim() !== "",
  );
  return list.length > 0 ? [...new Set(list.map((tag) => tag.trim()))].slice(0, 10) : undefined;
}

export function parseMembersSearch(search: Record<string, unknown>): MembersSearch {
  return {
    q: text(search.q, 200),
    kind: oneOf(MEMBER_KINDS, search.kind),
    role: oneOf(MEMBER_ROLES, search.role),
    status: oneOf(MEMBER_STATUSES, search.status),
    source: oneOf(MEMBER_SOURCES, search.source),
    tag: tags(search.tag),
    joinedFrom: day(search.joinedFrom),
    joinedTo: day(search.joinedTo),
    activeFrom: day(search.activeFrom),
    activeTo: day(search.activeTo),
    attended: count(search.attended),
    checkIns: count(search.checkIns),
    plan: typeof search.plan === "string" && ID.test(search.plan) ? search.plan : undefined,
    planStatus: oneOf(MEMBER_PLAN_STATUSES, search.planStatus),
    noShow: search.noShow === true || search.noShow === "true" ? true : undefined,
    sort: oneOf(MEMBER_SORTS, search.sort),
    dir: oneOf(["asc", "desc"] as const, search.dir),
  };
}
