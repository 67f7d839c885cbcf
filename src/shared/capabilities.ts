/**
 * Who may do what in a community: the one role → capability table. Server policies ask it, and
 * the server sends each viewer's capabilities to the client, which keeps no list of its own.
 * Roles as PRODUCT.md has them: the owner may do everything; admins everything but deleting or
 * handing over the community; organizers run events, registrations and check-in and read
 * members; members see the community.
 */
export const ROLES = ["owner", "admin", "organizer", "member"] as const;
export type Role = (typeof ROLES)[number];

export const CAPABILITIES = [
  /** See the community, its events for members and its images. */
  "community.view",
  /** Settings, branding, membership rules, and the images they use. */
  "community.edit",
  "community.delete",
  "community.transfer",
  "members.view",
  /** Change roles, ban, remove, approve join requests, invite, import members and organizers. */
  "members.manage",
  /** The same for admins: make, invite, demote, ban or remove them. */
  "members.manage_admins",
  /** Create, edit, publish, cancel and duplicate events; see drafts and unlisted events. */
  "events.manage",
  /** See who registered; approve, decline, move from the waitlist, cancel, message, export. */
  "registrations.manage",
  "checkin",
  /** See the payment provider's connection and, in later steps, payments, refunds and plans. */
  "payments.manage",
  /** Connect the community's own Stripe account and open its Stripe dashboard: where the money goes. */
  "payments.connect",
  "agents.manage",
  /** The insights page: growth, attendance, sources, forecasts; never money. */
  "insights.view",
  /** Revenue in insights: what the community earned, per currency and purpose. */
  "insights.revenue",
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const RUNS_EVENTS: readonly Capability[] = [
  "community.view",
  "members.view",
  "events.manage",
  "registrations.manage",
  "checkin",
  "insights.view",
];
const ADMINISTERS: readonly Capability[] = [
  ...RUNS_EVENTS,
  "community.edit",
  "members.manage",
  "payments.manage",
  "agents.manage",
  "insights.revenue",
];

export const ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  owner: [
    ...ADMINISTERS,
    "members.manage_admins",
    "payments.connect",
    "community.delete",
    "community.transfer",
  ],
  admin: ADMINISTERS,
  organizer: RUNS_EVENTS,
  member: ["community.view"],
};

export const roleCan = (role: Role, capability: Capability): boolean =>
  ROLE_CAPABILITIES[role].includes(capability);

/** The capabilities in the table's order, whatever order a role lists them in. */
export const capabilitiesOf = (role: Role): Capability[] =>
  CAPABILITIES.filter((capability) => roleCan(role, capability));

/** `events.manage` → `EVENTS_MANAGE`: the name GraphQL gives a capability. */
export const capabilityEnumName = (capability: Capability): string =>
  capability.toUpperCase().replace(/\./g, "_");

/** The roles holding a capability, e.g. to find who is told about a community's events. */
export const rolesWith = (capability: Capability): Role[] =>
  ROLES.filter((role) => roleCan(role, capability));

/**
 * The capability an actor needs to act on a member holding `role`, or to give someone that role:
 * admins are the owner's to manage. Nobody holds one for the owner, whose role only changes by a
 * transfer of ownership.
 */
export const capabilityToManage = (role: Role): Capability | null =>
  role === "owner" ? null : role === "admin" ? "members.manage_admins" : "members.manage";
