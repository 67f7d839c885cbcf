import type { CommunityRole } from "#client/gql/graphql.ts";

/** A role as people read it on the community's public screens. */
export const ROLE_NAME: Record<CommunityRole, string> = {
  OWNER: "Owner",
  ADMIN: "Admin",
  ORGANIZER: "Organizer",
  MEMBER: "Member",
};
