import { type Capability, capabilitiesOf, type Role, roleCan } from "#shared/capabilities.ts";
import type { MembershipStatus } from "./members.tables.ts";

export type MembershipView = { role: Role; status: MembershipStatus };

/** Capabilities come with an active membership only: pending and banned people hold none. */
export const can = (membership: MembershipView | null | undefined, capability: Capability): boolean =>
  membership?.status === "active" && roleCan(membership.role, capability);

export const capabilitiesOfMembership = (membership: MembershipView | null | undefined): Capability[] =>
  membership?.status === "active" ? capabilitiesOf(membership.role) : [];

/** Only active members see a community in the dashboard; to anyone else it does not exist. */
export const canViewCommunity = (
  membership: MembershipView | null | undefined,
): membership is MembershipView => can(membership, "community.view");
