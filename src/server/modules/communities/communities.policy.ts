import { can, type MembershipView } from "#server/modules/members/members.policy.ts";
import type { Viewer } from "#server/modules/users/users.policy.ts";

export const canCreateCommunity = (viewer: Viewer | null): viewer is Viewer => viewer !== null;

export const canEditCommunity = (membership: MembershipView): boolean => can(membership, "community.edit");

export const canDeleteCommunity = (membership: MembershipView): boolean =>
  can(membership, "community.delete");
