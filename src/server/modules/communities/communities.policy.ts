import type { CommunityRole } from "./communities.tables.ts";

export type Viewer = { id: string; name: string; email: string; image: string | null };
export type MembershipView = { role: CommunityRole; status: "active" | "pending" | "banned" };

/** Only active members see a community in the dashboard; to anyone else it does not exist. */
export const canViewCommunity = (
  membership: MembershipView | null | undefined,
): membership is MembershipView => membership?.status === "active";

export const canCreateCommunity = (viewer: Viewer | null): viewer is Viewer => viewer !== null;

/** Settings, branding and membership rules: owners and admins. */
export const canEditCommunity = (membership: MembershipView): boolean =>
  membership.status === "active" && (membership.role === "owner" || membership.role === "admin");

/** Deleting a community (and later transferring it) is the owner's alone. */
export const canDeleteCommunity = (membership: MembershipView): boolean =>
  membership.status === "active" && membership.role === "owner";
