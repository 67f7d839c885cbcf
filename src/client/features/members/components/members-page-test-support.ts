import { HttpResponse } from "msw";
import {
  type Capability,
  InvitationsDocument,
  type InvitationsQuery,
  JoinRequestsDocument,
  type JoinRequestsQuery,
  MemberImportsDocument,
  type MemberImportsQuery,
  MemberSegmentsDocument,
  type MemberSegmentsQuery,
  MembersDocument,
  type MembersQuery,
  type MembersQueryVariables,
  MemberTablePlansDocument,
  type MemberTablePlansQuery,
} from "#client/gql/graphql.ts";
import { adaUser, renderApp } from "#client/test-app.tsx";
import { type CommunityFixture, communityFixture, eventDashboardHandlers } from "#client/test-fixtures.ts";
import { api } from "#client/test-network.ts";

export type MemberRow = MembersQuery["members"]["nodes"][number];
export type SegmentFixture = MemberSegmentsQuery["memberSegments"][number];
export type JoinRequestFixture = JoinRequestsQuery["joinRequests"]["nodes"][number];
export type InvitationFixture = InvitationsQuery["invitations"][number];

/** What an admin may do: manage members and organizers, but not other admins. */
export const ADMIN_CAPABILITIES: Capability[] = [
  "COMMUNITY_VIEW",
  "MEMBERS_VIEW",
  "MEMBERS_MANAGE",
  "EVENTS_MANAGE",
];

export const adminCommunity = communityFixture({
  viewerRole: "ADMIN",
  viewerCapabilities: ADMIN_CAPABILITIES,
});

/** An active member who joined on their own, with no tags; tests override what they need. */
export function memberRow(id: string, name: string, overrides: Partial<MemberRow> = {}): MemberRow {
  return {
    id,
    role: "MEMBER",
    status: "ACTIVE",
    source: "JOINED",
    tags: [],
    joinedAt: "2026-02-01T10:00:00.000Z",
    eventsAttended: 2,
    checkIns: 1,
    lastActiveAt: "2026-03-01T10:00:00.000Z",
    person: { id: `u-${id}`, name, email: `${id}@example.test` },
    planStatus: null,
    plan: null,
    ...overrides,
  };
}

/** A saved segment whose filter sets only `filter`'s fields. */
export function segmentFixture(
  id: string,
  name: string,
  filter: Partial<SegmentFixture["filter"]>,
): SegmentFixture {
  return {
    id,
    name,
    filter: {
      noShowLastTime: null,
      roles: null,
      statuses: null,
      sources: null,
      tags: null,
      joinedAfter: null,
      joinedBefore: null,
      lastActiveAfter: null,
      lastActiveBefore: null,
      eventsAttendedAtLeast: null,
      checkInsAtLeast: null,
      plans: null,
      planStatuses: null,
      ...filter,
    },
  };
}

/** One page of the member list holding all of `nodes`, as the server answers it. */
export function membersConnection(nodes: MemberRow[]): MembersQuery["members"] {
  return {
    totalCount: nodes.length,
    totalCountCapped: false,
    pageInfo: { endCursor: null, hasNextPage: false },
    nodes,
  };
}

/**
 * What the members page's tabs ask the server for: the member list, segments, join requests,
 * imports and invitations. Each is read on every request, so a test can change them the way the
 * server would after an action; `members` also sees the list request's variables.
 */
export function membersPageHandlers({
  members = () => [],
  segments = () => [],
  joinRequests = () => [],
  invitations = () => [],
  imports = () => [],
  plans = () => [],
}: {
  members?: (variables: MembersQueryVariables) => MemberRow[];
  plans?: () => MemberTablePlansQuery["membershipPlans"];
  segments?: () => SegmentFixture[];
  joinRequests?: () => JoinRequestFixture[];
  invitations?: () => InvitationFixture[];
  imports?: () => MemberImportsQuery["memberImports"];
} = {}) {
  return [
    api.query(MembersDocument, ({ variables }) =>
      HttpResponse.json({ data: { members: membersConnection(members(variables)) } }),
    ),
    api.query(MemberSegmentsDocument, () => HttpResponse.json({ data: { memberSegments: segments() } })),
    api.query(JoinRequestsDocument, () => {
      const nodes = joinRequests();
      return HttpResponse.json({
        data: { joinRequests: { totalCount: nodes.length, endCursor: null, hasNextPage: false, nodes } },
      });
    }),
    api.query(MemberImportsDocument, () => HttpResponse.json({ data: { memberImports: imports() } })),
    api.query(InvitationsDocument, () => HttpResponse.json({ data: { invitations: invitations() } })),
    api.query(MemberTablePlansDocument, () => HttpResponse.json({ data: { membershipPlans: plans() } })),
  ];
}

/** The members page (or `url`) as the signed-in Ada Guest, staff of `community`. */
export function openMembersPage(community: CommunityFixture = adminCommunity, url = "/dashboard/c1/members") {
  return renderApp(url, {
    signedInAs: adaUser,
    handlers: eventDashboardHandlers({ community, rows: () => [] }),
  });
}
