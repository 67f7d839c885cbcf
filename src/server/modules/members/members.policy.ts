import { type Capability, capabilitiesOf, type Role, roleCan } from "#shared/capabilities.ts";
import type { PlanBenefit } from "#shared/plans.ts";
import type { MembershipStatus } from "./members.tables.ts";

export type MembershipView = { role: Role; status: MembershipStatus };

/** A membership with what its plan gives (`membership.plan_benefits`; null: no plan). */
export type BenefitView = MembershipView & { planBenefits: readonly PlanBenefit[] | null };

/**
 * Whether an active member has a plan benefit (members-only events, member ticket prices). A
 * member holding no plan has both, as every member had before plans existed; a member holding one
 * has what it gives while it is paid up, and nothing once it ended.
 */
export const hasBenefit = (membership: BenefitView | null | undefined, benefit: PlanBenefit): boolean =>
  membership?.status === "active" &&
  (membership.planBenefits === null || membership.planBenefits.includes(benefit));

/** Capabilities come with an active membership only: pending and banned people hold none. */
export const can = (membership: MembershipView | null | undefined, capability: Capability): boolean =>
  membership?.status === "active" && roleCan(membership.role, capability);

export const capabilitiesOfMembership = (membership: MembershipView | null | undefined): Capability[] =>
  membership?.status === "active" ? capabilitiesOf(membership.role) : [];

/** Only active members see a community in the dashboard; to anyone else it does not exist. */
export const canViewCommunity = (
  membership: MembershipView | null | undefined,
): membership is MembershipView => can(membership, "community.view");
