import {
  type BenefitView,
  can,
  hasBenefit,
  type MembershipView,
} from "#server/modules/members/members.policy.ts";
import type { EventStatus, EventVisibility } from "./events.tables.ts";

export const canManageEvents = (membership: MembershipView | null | undefined): boolean =>
  can(membership, "events.manage");

export type EventAccess = "visible" | "unauthenticated" | "hidden";

/**
 * Drafts exist only for managers. Members-only events need an active membership whose plan (if
 * any) gives members-only events: a member whose plan ended no longer sees them (a signed-out
 * visitor is asked to sign in). Public and unlisted events, published or canceled, are open to
 * anyone with the link; canceled ones stay visible with their status.
 */
export function eventAccess(
  event: { status: EventStatus; visibility: EventVisibility },
  viewer: { id: string } | null,
  membership: BenefitView | null | undefined,
): EventAccess {
  if (canManageEvents(membership)) return "visible";
  if (event.status === "draft") return "hidden";
  if (event.visibility === "members") {
    if (!viewer) return "unauthenticated";
    return hasBenefit(membership, "members_only_events") ? "visible" : "hidden";
  }
  return "visible";
}

/**
 * Lists show members public and members-only events (the latter only with the plan benefit);
 * unlisted ones only to managers.
 */
export const listedFor = (canManage: boolean, membersOnly: boolean): EventVisibility[] =>
  canManage ? ["public", "members", "unlisted"] : membersOnly ? ["public", "members"] : ["public"];

/** The online link is for managers and for people holding a seat. */
export const canSeeOnlineUrl = (canManage: boolean, registrationStatus: string | null) =>
  canManage || registrationStatus === "going";

/** A registration's private details (email, check-in code) go to its person and to managers. */
export const canSeeRegistrationPrivate = (canManage: boolean, viewerId: string | null, userId: string) =>
  canManage || viewerId === userId;
