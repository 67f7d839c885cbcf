import type {
  MemberPlanStatusValue,
  MemberRoleValue,
  MemberSourceValue,
  MemberStatusValue,
} from "./search-params.ts";

export const ROLE_LABEL: Record<MemberRoleValue, string> = {
  OWNER: "Owner",
  ADMIN: "Admin",
  ORGANIZER: "Organizer",
  MEMBER: "Member",
};
export const STATUS_LABEL: Record<MemberStatusValue, string> = {
  ACTIVE: "Active",
  PENDING: "Pending",
  BANNED: "Banned",
  PERSON: "Person, not a member",
};
export const SOURCE_LABEL: Record<MemberSourceValue, string> = {
  CREATED: "Founder",
  JOINED: "Joined",
  INVITED: "Invited",
  IMPORTED: "Imported",
  EVENT: "Event",
};

export const PLAN_STATUS_LABEL: Record<MemberPlanStatusValue, string> = {
  REQUESTED: "Requested",
  AWAITING_PAYMENT: "Awaiting payment",
  ACTIVE: "Active",
  PAST_DUE: "Past due",
  CANCELING: "Canceling",
  ENDED: "Ended",
};

const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 86_400_000],
  ["month", 30 * 86_400_000],
  ["week", 7 * 86_400_000],
  ["day", 86_400_000],
  ["hour", 3_600_000],
  ["minute", 60_000],
];

/** "3 days ago", "last month": how long ago, in the largest unit that fits. */
export function timeAgo(iso: string, now = Date.now()): string {
  const diff = Date.parse(iso) - now;
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return relative.format(Math.round(diff / ms), unit);
  }
  return "just now";
}

export const exactDate = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
export const shortDate = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
