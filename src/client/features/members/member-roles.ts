import type { Capability, CommunityRole } from "#client/gql/graphql.ts";
import { capabilityEnumName, capabilityToManage, type Role } from "#shared/capabilities.ts";

const ROLE_OF: Record<CommunityRole, Role> = {
  OWNER: "owner",
  ADMIN: "admin",
  ORGANIZER: "organizer",
  MEMBER: "member",
};

/**
 * May a viewer holding these capabilities act on someone with `role`, or give someone that role?
 * The shared capability table decides, as on the server; nobody may for the owner.
 */
export function mayManageRole(capabilities: readonly Capability[], role: CommunityRole): boolean {
  const needed = capabilityToManage(ROLE_OF[role]);
  return needed !== null && capabilities.some((held) => held === capabilityEnumName(needed));
}

/** The roles the viewer may invite people with or change members to, least powerful first. */
export const assignableRoles = (capabilities: readonly Capability[]): CommunityRole[] =>
  (["MEMBER", "ORGANIZER", "ADMIN"] as const).filter((role) => mayManageRole(capabilities, role));

/** Addresses pasted one per line, or separated by commas, semicolons or spaces. */
export const splitEmails = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((part) => part.trim())
      .filter(Boolean),
  ),
];
