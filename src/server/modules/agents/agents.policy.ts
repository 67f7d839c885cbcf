import { can, type MembershipView } from "#server/modules/members/members.policy.ts";

// Agents act for the whole community, so only holders of `agents.manage` (owners and admins) see,
// change or approve them; other members are refused, strangers find nothing.

/** Whether the membership may see, change, dry-run, approve for and undo the community's agents. */
export const canManageAgents = (membership: MembershipView | null | undefined): boolean =>
  can(membership, "agents.manage");

export const AGENTS_REFUSAL = "Only the community's owners and admins can manage its agents.";
