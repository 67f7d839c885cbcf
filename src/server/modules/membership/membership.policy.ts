import { can, type MembershipView } from "#server/modules/members/members.policy.ts";
import { capabilityToManage, type Role } from "#shared/capabilities.ts";

/**
 * May this member act on (change the role of, ban, remove, decide the request of) a member who
 * holds `targetRole`? Admins are the owner's alone; the owner is nobody's (only a transfer moves
 * ownership); nobody acts on themselves this way (they leave instead).
 */
export function mayManage(actor: MembershipView, targetRole: Role, self: boolean): boolean {
  const needed = capabilityToManage(targetRole);
  return !self && needed !== null && can(actor, needed);
}

/** May this member give someone `role` (by a role change or an invitation)? Never the owner's. */
export function mayAssign(actor: MembershipView, role: Role): boolean {
  const needed = capabilityToManage(role);
  return needed !== null && can(actor, needed);
}

export const mayTransferOwnership = (actor: MembershipView): boolean => can(actor, "community.transfer");

/** Who sees the join-request queue and the pending invitations. */
export const mayReviewMembers = (actor: MembershipView): boolean => can(actor, "members.view");
