import type { CommunityRole, CommunityVisibility, JoinPolicy } from "#client/gql/graphql.ts";
import { countOf } from "#client/lib/plural.ts";

export const ROLE_LABEL: Record<CommunityRole, string> = {
  OWNER: "Owner",
  ADMIN: "Admin",
  ORGANIZER: "Organizer",
  MEMBER: "Member",
};

export const VISIBILITY_LABEL: Record<CommunityVisibility, string> = { PUBLIC: "Public", PRIVATE: "Private" };

export const JOIN_POLICY_LABEL: Record<JoinPolicy, string> = {
  OPEN: "Open",
  APPROVAL: "Approval",
  INVITE: "Invite only",
};

export function formatMemberCount(count: number): string {
  return countOf(count, { one: "member", other: "members" });
}
