// The page parses its URL here, in its own lazily loaded chunk (route-search.ts says why not in the
// route): only values the member table knows are kept, so every screen reads a typed search.

export const MEMBER_ROLES = ["OWNER", "ADMIN", "ORGANIZER", "MEMBER"] as const;
export const MEMBER_STATUSES = ["ACTIVE", "PENDING", "BANNED"] as const;
export const MEMBER_SOURCES = ["CREATED", "JOINED", "INVITED", "IMPORTED", "EVENT"] as const;
export const MEMBER_SORTS = ["name", "joined", "eventsAttended", "checkIns", "lastActive"] as const;

export type MemberRoleValue = (typeof MEMBER_ROLES)[number];
export type MemberStatusValue = (typeof MEMBER_STATUSES)[number];
export type MemberSourceValue = (typeof MEMBER_SOURCES)[number];
export type MemberSortValue = (typeof MEMBER_SORTS)[number];

/** The members page's URL: search, filters and sort, so a view can be bookmarked and shared. */
export type MembersSearch = {
  q?: string | undefined;
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
  sort?: MemberSortValue | undefined;
  dir?: "asc" | "desc" | undefined;
};

const oneOf = <T extends string>(allowed: readonly T[], value: unknown): T | undefined =>
  allowed.find((candidate) => candidate === value);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: unknown) => (typeof value === "string" && DAY.test(value) ? value : undefined);

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
  const q = typeof search.q === "string" && search.q.trim() ? search.q.slice(0, 200) : undefined;
  return {
    q,
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
    sort: oneOf(MEMBER_SORTS, search.sort),
    dir: oneOf(["asc", "desc"] as const, search.dir),
  };
}
