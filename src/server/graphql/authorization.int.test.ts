import { type GraphQLObjectType, getNamedType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgentAs, seedDryRun, seedRun, WELCOME } from "#server/modules/agents/agents-test-support.ts";
import { startImport, uploadCsv } from "#server/modules/membership/member-import-test-support.ts";
import { invitationTokenIn } from "#server/modules/membership/membership-test-support.ts";
import { startTestServer, type TestBrowser, type TestServer, uniqueEmail } from "#server/test/harness.ts";
import { schema } from "./schema.ts";

/**
 * Every root operation, called by a signed-out visitor and by a signed-in member of another
 * community. A new query or mutation fails the first test until it is added here.
 */
type Result = Awaited<ReturnType<TestBrowser["graphql"]>>;
type Ids = {
  communityId: string;
  slug: string;
  eventId: string;
  registrationId: string;
  code: string;
  ownerEmail: string;
  /** The outsider's own: an empty list would hide a query that shows nobody anything. */
  outsiderEmail: string;
  outsiderCommunityId: string;
  outsiderRegistrationId: string;
  /** Community A's owner's membership and a segment of A. */
  membershipId: string;
  segmentId: string;
  /** An invitation of community A, and its link's token. */
  invitationId: string;
  invitationToken: string;
  /** A member import of community A, and its file. */
  importId: string;
  importFilePath: string;
  /** A payment of community A, recorded by hand, paid by its owner. */
  paymentId: string;
  ownerId: string;
  /** A promo code of community A, and the members-only event's ticket type. */
  promoCodeId: string;
  ticketTypeId: string;
  /** A free membership plan of community A. */
  planId: string;
  /** An agent of community A, a recorded run of it with a pending proposal, and a dry run. */
  agentId: string;
  agentRunId: string;
  approvalId: string;
  dryRunId: string;
};
type Case = {
  query: string;
  variables: (ids: Ids) => Record<string, unknown>;
  /**
   * What a signed-in user of another community gets, exactly: the refusal code, or for lists of
   * one's own things exactly the outsider's own entries. Every case shows nothing of community A.
   */
  outsider: (result: Result, ids: Ids) => void;
  /** For the few operations open to signed-out visitors (guests); otherwise UNAUTHENTICATED. */
  signedOut?: (result: Result, ids: Ids) => void;
};

const EVENT_INPUT = {
  title: "Hijacked",
  startsAtLocal: "2031-05-01T18:00",
  endsAtLocal: "2031-05-01T20:00",
  timeZone: "UTC",
  waitlistEnabled: true,
  approvalRequired: false,
  visibility: "PUBLIC",
  ticketTypes: [{ name: "General" }],
  questions: [],
};

const refusedAs = (code: string) => (result: Result) => {
  expect(result.data === null || Object.values(result.data ?? {}).every((v) => v === null)).toBe(true);
  expect(result.errors?.[0]?.extensions?.code).toBe(code);
};

const cases: Record<string, Case> = {
  "Query.viewer": {
    query: "{ viewer { id email } }",
    variables: () => ({}),
    outsider: (result, ids) => {
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ viewer: { id: expect.any(String), email: ids.outsiderEmail } });
    },
  },
  "Query.myCommunities": {
    query: "{ myCommunities { id } }",
    variables: () => ({}),
    outsider: (result, ids) => {
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ myCommunities: [{ id: ids.outsiderCommunityId }] });
    },
  },
  "Query.myJoinRequests": {
    query: "{ myJoinRequests { id community { id } } }",
    variables: () => ({}),
    outsider: (result) => {
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ myJoinRequests: [] });
    },
  },
  "Query.community": {
    query: "query ($id: ID!) { community(id: $id) { id name } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.slugAvailability": {
    query: "query ($slug: String!) { slugAvailability(slug: $slug) { available } }",
    variables: (ids) => ({ slug: ids.slug }),
    // Slugs are public addresses (/c/{slug}); saying one is taken reveals nothing more.
    outsider: (result) => {
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ slugAvailability: { available: false } });
    },
  },
  "Mutation.updateCommunity": {
    query: 'mutation ($id: ID!) { updateCommunity(id: $id, input: { name: "Hijacked" }) { id name } }',
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.deleteCommunity": {
    query: 'mutation ($id: ID!) { deleteCommunity(id: $id, confirmName: "Community A") }',
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.createCommunity": {
    query: "mutation ($input: CreateCommunityInput!) { createCommunity(input: $input) { id } }",
    variables: (ids) => ({
      input: {
        name: "Takeover",
        slug: ids.slug,
        timeZone: "UTC",
        currency: "EUR",
        visibility: "PUBLIC",
        joinPolicy: "OPEN",
      },
    }),
    // Creating one's own community is allowed, but never under another community's address.
    outsider: refusedAs("BAD_USER_INPUT"),
  },
  "Query.events": {
    query: "query ($id: ID!) { events(communityId: $id, filter: UPCOMING) { nodes { id } } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.event": {
    // A members-only event: signed-out visitors are asked to sign in, outsiders see nothing.
    query: "query ($id: ID!) { event(id: $id) { id title } }",
    variables: (ids) => ({ id: ids.eventId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.eventRegistrations": {
    query: "query ($id: ID!) { eventRegistrations(eventId: $id) { totalCount nodes { id } } }",
    variables: (ids) => ({ id: ids.eventId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.eventInsights": {
    // Like the event's other organizer reads: an event the outsider cannot see reads as missing.
    query: "query ($id: ID!) { eventInsights(eventId: $id) { registrations pageViews { total } } }",
    variables: (ids) => ({ id: ids.eventId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.myRegistrations": {
    query: "{ myRegistrations(when: UPCOMING) { nodes { id event { id } } } }",
    variables: () => ({}),
    outsider: (result, ids) => {
      expect(result.errors).toBeUndefined();
      const nodes = (result.data as { myRegistrations: { nodes: { id: string }[] } }).myRegistrations.nodes;
      expect(nodes.map((n) => n.id)).toEqual([ids.outsiderRegistrationId]);
    },
  },
  "Mutation.createEvent": {
    query: "mutation ($id: ID!, $input: EventInput!) { createEvent(communityId: $id, input: $input) { id } }",
    variables: (ids) => ({ id: ids.communityId, input: EVENT_INPUT }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.updateEvent": {
    query: "mutation ($id: ID!, $input: EventInput!) { updateEvent(id: $id, input: $input) { id } }",
    variables: (ids) => ({ id: ids.eventId, input: EVENT_INPUT }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.publishEvent": {
    query: "mutation ($id: ID!) { publishEvent(id: $id) { id } }",
    variables: (ids) => ({ id: ids.eventId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.cancelEvent": {
    query: "mutation ($id: ID!) { cancelEvent(id: $id) { id } }",
    variables: (ids) => ({ id: ids.eventId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.duplicateEvent": {
    query: "mutation ($id: ID!) { duplicateEvent(id: $id) { id } }",
    variables: (ids) => ({ id: ids.eventId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.register": {
    query: "mutation ($id: ID!) { register(eventId: $id, input: { answers: [] }) { id } }",
    variables: (ids) => ({ id: ids.eventId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.cancelRegistration": {
    query: "mutation ($id: ID!) { cancelRegistration(id: $id) { id } }",
    variables: (ids) => ({ id: ids.registrationId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.approveRegistration": {
    query: "mutation ($id: ID!) { approveRegistration(id: $id) { id } }",
    variables: (ids) => ({ id: ids.registrationId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.declineRegistration": {
    query: "mutation ($id: ID!) { declineRegistration(id: $id) { id } }",
    variables: (ids) => ({ id: ids.registrationId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.moveFromWaitlist": {
    query: "mutation ($id: ID!) { moveFromWaitlist(id: $id) { id } }",
    variables: (ids) => ({ id: ids.registrationId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.checkIn": {
    query: "mutation ($id: ID!) { checkIn(registrationId: $id) { id } }",
    variables: (ids) => ({ id: ids.registrationId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.undoCheckIn": {
    query: "mutation ($id: ID!) { undoCheckIn(registrationId: $id) { id } }",
    variables: (ids) => ({ id: ids.registrationId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.checkInByCode": {
    query: "mutation ($id: ID!, $code: String!) { checkInByCode(eventId: $id, code: $code) { id } }",
    variables: (ids) => ({ id: ids.eventId, code: ids.code }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.registerAsGuest": {
    query: `mutation ($id: ID!) { registerAsGuest(eventId: $id, input: { name: "Gate Crasher", email: "crash@example.test", answers: [] }) { status email } }`,
    variables: (ids) => ({ id: ids.eventId }),
    // Guests never act as their session: a members-only event asks everyone for a verified email.
    signedOut: refusedAs("VERIFIED_EMAIL_REQUIRED"),
    outsider: refusedAs("VERIFIED_EMAIL_REQUIRED"),
  },
  "Mutation.resendTicket": {
    query: "mutation ($id: ID!, $email: String!) { resendTicket(eventId: $id, email: $email) }",
    variables: (ids) => ({ id: ids.eventId, email: ids.ownerEmail }),
    signedOut: refusedAs("VERIFIED_EMAIL_REQUIRED"),
    outsider: refusedAs("VERIFIED_EMAIL_REQUIRED"),
  },
  "Query.managedRegistration": {
    // The private link is the only key: a registration id with a made-up signature opens nothing.
    query: "query ($token: String!) { managedRegistration(token: $token) { id checkInCode } }",
    variables: (ids) => ({ token: `${ids.registrationId}.${"x".repeat(43)}` }),
    signedOut: refusedAs("NOT_FOUND"),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.cancelManagedRegistration": {
    query: "mutation ($token: String!) { cancelManagedRegistration(token: $token) { id status } }",
    variables: (ids) => ({ token: `${ids.registrationId}.${"x".repeat(43)}` }),
    signedOut: refusedAs("NOT_FOUND"),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.registrationDigest": {
    query: "query ($id: ID!) { registrationDigest(communityId: $id) }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.setRegistrationDigest": {
    query: "mutation ($id: ID!) { setRegistrationDigest(communityId: $id, enabled: true) }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.messageRegistrants": {
    query: 'mutation ($id: ID!) { messageRegistrants(eventId: $id, input: { subject: "Hi", body: "Spam" }) }',
    variables: (ids) => ({ id: ids.eventId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.communityBySlug": {
    // A private community shows strangers its face and way in, never its members or details.
    query:
      "query ($slug: String!) { communityBySlug(slug: $slug) { name joinPolicy description memberCount viewerMembership { id } } }",
    variables: (ids) => ({ slug: ids.slug }),
    signedOut: (result) => {
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({
        communityBySlug: {
          name: "Community A",
          joinPolicy: "INVITE",
          description: null,
          memberCount: null,
          viewerMembership: null,
        },
      });
    },
    outsider: (result) => {
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({
        communityBySlug: {
          name: "Community A",
          joinPolicy: "INVITE",
          description: null,
          memberCount: null,
          viewerMembership: null,
        },
      });
    },
  },
  "Query.joinRequests": {
    query: "query ($id: ID!) { joinRequests(communityId: $id) { totalCount nodes { id } } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.invitations": {
    query: "query ($id: ID!) { invitations(communityId: $id) { id email } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.invitation": {
    // Only the link's token opens the preview; a made-up one opens nothing.
    query: "query ($token: String!) { invitation(token: $token) { email community { name } } }",
    variables: () => ({ token: "x".repeat(43) }),
    signedOut: (result) => {
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ invitation: null });
    },
    outsider: (result) => {
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ invitation: null });
    },
  },
  "Mutation.joinCommunity": {
    query: "mutation ($id: ID!) { joinCommunity(communityId: $id) { id status } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("INVITE_ONLY"),
  },
  "Mutation.leaveCommunity": {
    query: "mutation ($id: ID!) { leaveCommunity(communityId: $id) }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.approveJoinRequest": {
    query: "mutation ($id: ID!) { approveJoinRequest(id: $id) { id } }",
    variables: (ids) => ({ id: ids.membershipId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.declineJoinRequest": {
    query: 'mutation ($id: ID!) { declineJoinRequest(id: $id, message: "No") }',
    variables: (ids) => ({ id: ids.membershipId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.memberImport": {
    query: "query ($id: ID!) { memberImport(id: $id) { id rejectedRows { email } } }",
    variables: (ids) => ({ id: ids.importId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.memberImports": {
    query: "query ($id: ID!) { memberImports(communityId: $id) { id } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.startMemberImport": {
    query:
      "mutation ($id: ID!, $path: String!) { startMemberImport(communityId: $id, input: { filePath: $path, emailColumn: 0, role: ADMIN, mode: ADD }) { id } }",
    variables: (ids) => ({ id: ids.communityId, path: ids.importFilePath }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.inviteMembers": {
    query:
      'mutation ($id: ID!) { inviteMembers(communityId: $id, emails: ["friend@example.test"], role: ADMIN) { email result } }',
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.resendInvitation": {
    query: "mutation ($id: ID!) { resendInvitation(id: $id) { id } }",
    variables: (ids) => ({ id: ids.invitationId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.revokeInvitation": {
    query: "mutation ($id: ID!) { revokeInvitation(id: $id) { id } }",
    variables: (ids) => ({ id: ids.invitationId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.acceptInvitation": {
    // A real link, opened by another account than the invited address's: refused, nothing joined.
    query: "mutation ($token: String!) { acceptInvitation(token: $token) { id } }",
    variables: (ids) => ({ token: ids.invitationToken }),
    outsider: refusedAs("INVITATION_WRONG_ACCOUNT"),
  },
  "Mutation.setMemberRole": {
    query: "mutation ($id: ID!) { setMemberRole(membershipId: $id, role: MEMBER) { id role } }",
    variables: (ids) => ({ id: ids.membershipId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.banMember": {
    query: "mutation ($id: ID!) { banMember(membershipId: $id) { id status } }",
    variables: (ids) => ({ id: ids.membershipId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.removeMember": {
    query: "mutation ($id: ID!) { removeMember(membershipId: $id) }",
    variables: (ids) => ({ id: ids.membershipId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.transferOwnership": {
    query: "mutation ($id: ID!, $m: ID!) { transferOwnership(communityId: $id, membershipId: $m) { id } }",
    variables: (ids) => ({ id: ids.communityId, m: ids.membershipId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.members": {
    query:
      'query ($id: ID!) { members(communityId: $id, search: "owner") { totalCount nodes { id person { email } } } }',
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.member": {
    query: "query ($id: ID!) { member(id: $id) { id person { email } joinAnswers { values } } }",
    variables: (ids) => ({ id: ids.membershipId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.memberDirectory": {
    query: "query ($id: ID!) { memberDirectory(communityId: $id) { totalCount nodes { id name } } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.memberSegments": {
    query: "query ($id: ID!) { memberSegments(communityId: $id) { id name } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.saveMemberSegment": {
    query:
      'mutation ($id: ID!) { saveMemberSegment(communityId: $id, name: "Taken over", filter: {}) { id } }',
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.deleteMemberSegment": {
    query: "mutation ($id: ID!) { deleteMemberSegment(id: $id) }",
    variables: (ids) => ({ id: ids.segmentId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.tagMembers": {
    query:
      'mutation ($id: ID!, $m: [ID!]) { tagMembers(communityId: $id, membershipIds: $m, add: ["x"]) { matched } }',
    variables: (ids) => ({ id: ids.communityId, m: [ids.membershipId] }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.setMemberRoles": {
    query:
      "mutation ($id: ID!, $m: [ID!]) { setMemberRoles(communityId: $id, membershipIds: $m, role: ORGANIZER) { matched } }",
    variables: (ids) => ({ id: ids.communityId, m: [ids.membershipId] }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.announcements": {
    query: "query ($id: ID!) { announcements(communityId: $id) { id subject } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.announcementAudienceCount": {
    query: "query ($id: ID!) { announcementAudienceCount(communityId: $id, audience: { all: true }) }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.announcementSubscription": {
    // Only a link this server signed opens it; a made-up token opens nothing, signed in or not.
    query: "query ($token: String!) { announcementSubscription(token: $token) { communityName } }",
    variables: () => ({ token: "eyJ4Ijp9.bm90LXNpZ25lZA" }),
    outsider: refusedAs("NOT_FOUND"),
    signedOut: refusedAs("NOT_FOUND"),
  },
  "Mutation.sendAnnouncement": {
    query:
      'mutation ($id: ID!) { sendAnnouncement(communityId: $id, input: { subject: "Hi", body: "Taken over", audience: { all: true } }) { id } }',
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.announcementDrafts": {
    query: "query ($id: ID!) { announcementDrafts(communityId: $id) { id subject } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.deleteAnnouncementDraft": {
    // Drafts are found only within the viewer's communities: any other id is not found.
    query: "mutation ($id: ID!) { deleteAnnouncementDraft(id: $id) }",
    variables: () => ({ id: "no-such-draft" }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.setAnnouncementSubscription": {
    query:
      "mutation ($token: String!) { setAnnouncementSubscription(token: $token, subscribed: false) { subscribed } }",
    variables: () => ({ token: "eyJ4Ijp9.bm90LXNpZ25lZA" }),
    outsider: refusedAs("NOT_FOUND"),
    signedOut: refusedAs("NOT_FOUND"),
  },
  "Mutation.followCommunity": {
    // A private community is not followed: following would mail its events to strangers.
    query: "mutation ($id: ID!) { followCommunity(communityId: $id) }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("FORBIDDEN"),
  },
  "Mutation.unfollowCommunity": {
    // Removes only the viewer's own following: there is nothing of A's to refuse or reveal.
    query: "mutation ($id: ID!) { unfollowCommunity(communityId: $id) }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: (result) => {
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ unfollowCommunity: false });
    },
  },
  "Query.communityFollowByToken": {
    query: "query ($token: String!) { communityFollowByToken(token: $token) { communityName } }",
    variables: () => ({ token: "eyJ4Ijp9.bm90LXNpZ25lZA" }),
    outsider: refusedAs("NOT_FOUND"),
    signedOut: refusedAs("NOT_FOUND"),
  },
  "Mutation.unfollowCommunityByToken": {
    query: "mutation ($token: String!) { unfollowCommunityByToken(token: $token) { following } }",
    variables: () => ({ token: "eyJ4Ijp9.bm90LXNpZ25lZA" }),
    outsider: refusedAs("NOT_FOUND"),
    signedOut: refusedAs("NOT_FOUND"),
  },
  "Mutation.setMyAnnouncementEmails": {
    query:
      "mutation ($id: ID!) { setMyAnnouncementEmails(communityId: $id, subscribed: false) { subscribed } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.paymentConnection": {
    query: "query ($id: ID!) { paymentConnection(communityId: $id) { status accountId } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.connectStripe": {
    query:
      'mutation ($id: ID!) { connectStripe(communityId: $id, returnPath: "/community-selection") { url } }',
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.refreshPaymentConnection": {
    query: "mutation ($id: ID!) { refreshPaymentConnection(communityId: $id) { status } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.updateBillingDetails": {
    query:
      'mutation ($id: ID!) { updateBillingDetails(communityId: $id, input: { legalName: "Forged Ltd", address: "", taxNote: "" }) { legalName } }',
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.ticketQuote": {
    // Open to signed-out buyers of public events; this one is members-only, so they are asked to sign in.
    query:
      "query ($id: ID!, $ticket: ID!) { ticketQuote(eventId: $id, ticketTypeId: $ticket, quantity: 1) { totalMinor } }",
    variables: (ids) => ({ id: ids.eventId, ticket: ids.ticketTypeId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.ticketOrder": {
    // An order's id is its buyer's key, carried only in Stripe's return address: a guessed one shows nothing.
    query: "query ($id: ID!) { ticketOrder(id: $id) { id status totalMinor } }",
    variables: () => ({ id: "00000000-0000-4000-8000-000000000000" }),
    signedOut: (result) => expect([result.errors, result.data]).toEqual([undefined, { ticketOrder: null }]),
    outsider: (result) => expect([result.errors, result.data]).toEqual([undefined, { ticketOrder: null }]),
  },
  "Mutation.startCheckout": {
    query: `mutation ($id: ID!, $ticket: ID!) { startCheckout(eventId: $id, input: { ticketTypeId: $ticket, quantity: 1, answers: [], guest: { name: "Gate Crasher", email: "crash@example.test" } }) { url order { id } } }`,
    variables: (ids) => ({ id: ids.eventId, ticket: ids.ticketTypeId }),
    // The event is members-only: a guest is asked to sign in, a signed-in outsider does not see it.
    signedOut: refusedAs("VERIFIED_EMAIL_REQUIRED"),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.payForOffer": {
    // Only the private link in the offer's mail pays for an offered seat: a forged one ends nothing.
    query: "mutation ($token: String!) { payForOffer(token: $token) { url } }",
    variables: (ids) => ({ token: `${ids.registrationId}.${"x".repeat(43)}` }),
    signedOut: refusedAs("CONFLICT"),
    outsider: refusedAs("CONFLICT"),
  },
  "Mutation.cancelCheckout": {
    query: "mutation ($id: ID!) { cancelCheckout(orderId: $id) { id status } }",
    variables: () => ({ id: "00000000-0000-4000-8000-000000000000" }),
    signedOut: refusedAs("NOT_FOUND"),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.promoCodes": {
    query: "query ($id: ID!) { promoCodes(communityId: $id) { nodes { id code } } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.createPromoCode": {
    query:
      'mutation ($id: ID!, $eventId: ID) { createPromoCode(communityId: $id, eventId: $eventId, input: { code: "HIJACK", percentOff: 100 }) { id } }',
    variables: (ids) => ({ id: ids.communityId, eventId: ids.eventId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.updatePromoCode": {
    query:
      'mutation ($id: ID!, $eventId: ID) { updatePromoCode(id: $id, eventId: $eventId, input: { code: "HIJACK", percentOff: 100 }) { id code } }',
    variables: (ids) => ({ id: ids.promoCodeId, eventId: ids.eventId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.deactivatePromoCode": {
    query: "mutation ($id: ID!) { deactivatePromoCode(id: $id) { id active } }",
    variables: (ids) => ({ id: ids.promoCodeId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.reactivatePromoCode": {
    query: "mutation ($id: ID!) { reactivatePromoCode(id: $id) { id active } }",
    variables: (ids) => ({ id: ids.promoCodeId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.stripeDashboardLink": {
    query: "mutation ($id: ID!) { stripeDashboardLink(communityId: $id) { url } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.membershipPlans": {
    query: "query ($id: ID!) { membershipPlans(communityId: $id) { id name } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.createMembershipPlan": {
    query:
      'mutation ($id: ID!) { createMembershipPlan(communityId: $id, input: { name: "Hijack", interval: FREE, membersOnlyEvents: true, memberPrices: true, approvalRequired: false }) { id } }',
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.updateMembershipPlan": {
    query:
      'mutation ($id: ID!) { updateMembershipPlan(id: $id, input: { name: "Hijack", interval: FREE, membersOnlyEvents: true, memberPrices: true, approvalRequired: false }) { id name } }',
    variables: (ids) => ({ id: ids.planId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.archiveMembershipPlan": {
    query: "mutation ($id: ID!) { archiveMembershipPlan(id: $id) { id archived } }",
    variables: (ids) => ({ id: ids.planId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.myPlanMemberships": {
    query: "{ myPlanMemberships { communityId plan { name } } }",
    variables: () => ({}),
    outsider: (result) => {
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({ myPlanMemberships: [] });
    },
  },
  "Mutation.billingPortalLink": {
    query: "mutation ($id: ID!) { billingPortalLink(communityId: $id) { url } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.subscribeToPlan": {
    // Anyone may buy a plan of a community they may join; community A takes invited people only.
    query: "mutation ($id: ID!) { subscribeToPlan(planId: $id) { url } }",
    variables: (ids) => ({ id: ids.planId }),
    outsider: refusedAs("INVITE_ONLY"),
  },
  "Query.payments": {
    query: "query ($id: ID!) { payments(communityId: $id) { totalCount nodes { id payer { name } } } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.communityInsights": {
    query:
      "query ($id: ID!) { communityInsights(communityId: $id, period: { preset: ALL_TIME }) { figures { members { value } revenue { netMinor } } topEvents { title } } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.payment": {
    query: "query ($id: ID!) { payment(id: $id) { id amountMinor payer { name email } } }",
    variables: (ids) => ({ id: ids.paymentId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.payerPaymentTotals": {
    query:
      "query ($id: ID!, $payer: ID!) { payerPaymentTotals(communityId: $id, payerUserId: $payer) { currency grossMinor } }",
    variables: (ids) => ({ id: ids.communityId, payer: ids.ownerId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.paymentTotals": {
    query:
      'query ($id: ID!) { paymentTotals(communityId: $id, from: "2000-01-01T00:00:00Z", to: "2009-01-01T00:00:00Z") { currency grossMinor } }',
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.recordPayment": {
    query:
      'mutation ($id: ID!) { recordPayment(communityId: $id, input: { purpose: OTHER, amountMinor: 100, currency: "EUR", method: CASH, payerName: "Forged" }) { id } }',
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.refundPayment": {
    query:
      'mutation ($id: ID!) { refundPayment(id: $id, amountMinor: 100, reason: "Taken", cancelRegistration: true) { id status } }',
    variables: (ids) => ({ id: ids.paymentId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.agents": {
    query: "query ($id: ID!) { agents(communityId: $id) { id name } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.agent": {
    query: "query ($id: ID!) { agent(id: $id) { id definition webhookSecret } }",
    variables: (ids) => ({ id: ids.agentId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.agentTemplates": {
    query: "{ agentTemplates { key } }",
    variables: () => ({}),
    // The templates are the same for everyone and name nothing of any community.
    outsider: (result) => {
      expect(result.errors).toBeUndefined();
      expect((result.data as { agentTemplates: unknown[] }).agentTemplates).toHaveLength(6);
    },
  },
  "Query.agentRuns": {
    query: "query ($id: ID!) { agentRuns(agentId: $id) { totalCount nodes { id } } }",
    variables: (ids) => ({ id: ids.agentId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.agentRun": {
    query: "query ($id: ID!) { agentRun(id: $id) { id steps { summary } } }",
    variables: (ids) => ({ id: ids.agentRunId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.agentApprovals": {
    query: "query ($id: ID!) { agentApprovals(communityId: $id) { id reason } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.agentDryRun": {
    query: "query ($id: ID!) { agentDryRun(id: $id) { id runs } }",
    variables: (ids) => ({ id: ids.dryRunId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.agentNotices": {
    query: "query ($id: ID!) { agentNotices(communityId: $id) { id message } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Query.agentSettings": {
    query: "query ($id: ID!) { agentSettings(communityId: $id) { modelBudgetMicros } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.createAgent": {
    query: "mutation ($input: CreateAgentInput!) { createAgent(input: $input) { id } }",
    variables: (ids) => ({ input: { communityId: ids.communityId, name: "Hijack", definition: WELCOME } }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.updateAgent": {
    query: 'mutation ($id: ID!) { updateAgent(input: { id: $id, name: "Hijacked" }) { id name } }',
    variables: (ids) => ({ id: ids.agentId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.deleteAgent": {
    query: "mutation ($id: ID!) { deleteAgent(id: $id) }",
    variables: (ids) => ({ id: ids.agentId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.setAgentEnabled": {
    query: "mutation ($id: ID!) { setAgentEnabled(id: $id, enabled: true) { id status } }",
    variables: (ids) => ({ id: ids.agentId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.dryRunAgent": {
    query:
      'mutation ($id: ID!) { dryRunAgent(input: { id: $id, from: "2020-01-01T00:00:00Z", to: "2020-02-01T00:00:00Z" }) { id } }',
    variables: (ids) => ({ id: ids.agentId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.decideAgentApprovals": {
    query:
      "mutation ($id: ID!, $ids: [ID!]!) { decideAgentApprovals(input: { communityId: $id, ids: $ids, decision: APPROVE }) { id status } }",
    variables: (ids) => ({ id: ids.communityId, ids: [ids.approvalId] }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.undoAgentRun": {
    query: "mutation ($id: ID!) { undoAgentRun(id: $id) { id undoneAt } }",
    variables: (ids) => ({ id: ids.agentRunId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.undoAgentActionsSince": {
    query:
      'mutation ($id: ID!) { undoAgentActionsSince(input: { communityId: $id, since: "2020-01-01T00:00:00Z" }) { runs } }',
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.markAgentNoticesRead": {
    query: "mutation ($id: ID!) { markAgentNoticesRead(communityId: $id) }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
  "Mutation.updateAgentSettings": {
    query:
      "mutation ($id: ID!) { updateAgentSettings(input: { communityId: $id, modelBudgetMicros: 0 }) { modelBudgetMicros } }",
    variables: (ids) => ({ id: ids.communityId }),
    outsider: refusedAs("NOT_FOUND"),
  },
};

let t: TestServer;
let outsider: TestBrowser;
const ids: Ids = {
  communityId: "",
  slug: `guarded-${Math.random().toString(36).slice(2, 8)}`,
  eventId: "",
  registrationId: "",
  code: "",
  ownerEmail: uniqueEmail("owner"),
  outsiderEmail: uniqueEmail("outsider"),
  outsiderCommunityId: "",
  outsiderRegistrationId: "",
  membershipId: "",
  segmentId: "",
  invitationId: "",
  invitationToken: "",
  importId: "",
  importFilePath: "",
  paymentId: "",
  ownerId: "",
  promoCodeId: "",
  ticketTypeId: "",
  planId: "",
  agentId: "",
  agentRunId: "",
  approvalId: "",
  dryRunId: "",
};

beforeAll(async () => {
  t = await startTestServer();
  const owner = t.browser();
  await owner.signIn(ids.ownerEmail, "Owner A");
  const created = await owner.graphql<{ createCommunity: { id: string } }>(
    "mutation ($input: CreateCommunityInput!) { createCommunity(input: $input) { id } }",
    {
      input: {
        name: "Community A",
        slug: ids.slug,
        timeZone: "UTC",
        currency: "EUR",
        visibility: "PRIVATE",
        joinPolicy: "INVITE",
      },
    },
  );
  ids.communityId = created.data?.createCommunity.id as string;
  const event = await owner.graphql<{ createEvent: { id: string; ticketTypes: { id: string }[] } }>(
    "mutation ($id: ID!, $input: EventInput!) { createEvent(communityId: $id, input: $input, publish: true) { id ticketTypes { id } } }",
    { id: ids.communityId, input: { ...EVENT_INPUT, title: "Members night", visibility: "MEMBERS" } },
  );
  ids.eventId = event.data?.createEvent.id as string;
  ids.ticketTypeId = event.data?.createEvent.ticketTypes[0]?.id as string;
  const registration = await owner.graphql<{ register: { id: string; checkInCode: string } }>(
    "mutation ($id: ID!) { register(eventId: $id, input: { answers: [] }) { id checkInCode } }",
    { id: ids.eventId },
  );
  ids.registrationId = registration.data?.register.id as string;
  ids.code = registration.data?.register.checkInCode as string;
  const members = await owner.graphql<{ members: { nodes: { id: string }[] } }>(
    "query ($id: ID!) { members(communityId: $id) { nodes { id } } }",
    { id: ids.communityId },
  );
  ids.membershipId = members.data?.members.nodes[0]?.id as string;
  const segment = await owner.graphql<{ saveMemberSegment: { id: string } }>(
    'mutation ($id: ID!) { saveMemberSegment(communityId: $id, name: "Everyone", filter: {}) { id } }',
    { id: ids.communityId },
  );
  ids.segmentId = segment.data?.saveMemberSegment.id as string;
  outsider = t.browser();
  await outsider.signIn(ids.outsiderEmail, "Outsider B");
  const own = await outsider.graphql<{ createCommunity: { id: string } }>(
    "mutation ($input: CreateCommunityInput!) { createCommunity(input: $input) { id } }",
    {
      input: {
        name: "Community B",
        slug: `${ids.slug}-b`,
        timeZone: "UTC",
        currency: "EUR",
        visibility: "PUBLIC",
        joinPolicy: "OPEN",
      },
    },
  );
  ids.outsiderCommunityId = own.data?.createCommunity.id as string;
  const ownEvent = await outsider.graphql<{ createEvent: { id: string } }>(
    "mutation ($id: ID!, $input: EventInput!) { createEvent(communityId: $id, input: $input, publish: true) { id } }",
    { id: ids.outsiderCommunityId, input: { ...EVENT_INPUT, title: "Outsiders night" } },
  );
  const ownRegistration = await outsider.graphql<{ register: { id: string } }>(
    "mutation ($id: ID!) { register(eventId: $id, input: { answers: [] }) { id } }",
    { id: ownEvent.data?.createEvent.id },
  );
  ids.outsiderRegistrationId = ownRegistration.data?.register.id as string;
  const invited = await owner.graphql<{ inviteMembers: { invitation: { id: string } }[] }>(
    'mutation ($id: ID!) { inviteMembers(communityId: $id, emails: ["invited@example.test"], role: MEMBER) { invitation { id } } }',
    { id: ids.communityId },
  );
  ids.invitationId = invited.data?.inviteMembers[0]?.invitation.id as string;
  ids.importFilePath = await uploadCsv(owner, ids.communityId, "email\nimported@example.test\n");
  const imported = await startImport(owner, ids.communityId, {
    filePath: ids.importFilePath,
    emailColumn: 0,
  });
  ids.importId = imported.data?.startMemberImport.id as string;
  const me = await owner.graphql<{ viewer: { id: string } }>("{ viewer { id } }");
  ids.ownerId = me.data?.viewer.id as string;
  const paid = await owner.graphql<{ recordPayment: { id: string } }>(
    'mutation ($id: ID!, $payer: ID!) { recordPayment(communityId: $id, input: { purpose: TICKET, amountMinor: 2500, currency: "EUR", method: CASH, payerName: "Ada Guest", payerUserId: $payer }) { id } }',
    { id: ids.communityId, payer: ids.ownerId },
  );
  ids.paymentId = paid.data?.recordPayment.id as string;
  const promo = await owner.graphql<{ createPromoCode: { id: string } }>(
    'mutation ($id: ID!) { createPromoCode(communityId: $id, input: { code: "GUARDED", percentOff: 10 }) { id } }',
    { id: ids.communityId },
  );
  ids.promoCodeId = promo.data?.createPromoCode.id as string;
  const plan = await owner.graphql<{ createMembershipPlan: { id: string } }>(
    'mutation ($id: ID!) { createMembershipPlan(communityId: $id, input: { name: "Guarded", interval: FREE, membersOnlyEvents: true, memberPrices: true, approvalRequired: false }) { id } }',
    { id: ids.communityId },
  );
  ids.planId = plan.data?.createMembershipPlan.id as string;
  ids.agentId = await createAgentAs(owner, ids.communityId);
  const { db } = t.server.database;
  const run = await seedRun(db, {
    agentId: ids.agentId,
    communityId: ids.communityId,
    createdAt: t.clock.now(),
    subjectUserId: ids.ownerId,
    steps: [{ kind: "add_tag", summary: "Tag Owner A 'new'", status: "proposed", proposed: true }],
    status: "awaiting_approval",
  });
  ids.agentRunId = run.runId;
  ids.approvalId = run.approvalIds[0] as string;
  ids.dryRunId = await seedDryRun(db, {
    agentId: ids.agentId,
    communityId: ids.communityId,
    requestedBy: ids.ownerId,
    definition: WELCOME,
    at: t.clock.now(),
  });
  await t.drain();
  ids.invitationToken = invitationTokenIn(
    t.smtp.mails.findLast((mail) => mail.to.includes("invited@example.test"))?.text ?? "",
  );
  for (const id of Object.values(ids)) expect(id).toBeTruthy();
});
afterAll(() => t.close());

describe("authorization of every operation", () => {
  it("covers every query and mutation in the schema", () => {
    const rootFields = (type: GraphQLObjectType | null | undefined) =>
      Object.keys(type?.getFields() ?? {}).map((name) => `${type?.name}.${name}`);
    const all = [...rootFields(schema.getQueryType()), ...rootFields(schema.getMutationType())].sort();
    expect(Object.keys(cases).sort()).toEqual(all);
    expect(getNamedType(schema.getQueryType() as GraphQLObjectType).name).toBe("Query");
  });

  for (const [name, c] of Object.entries(cases)) {
    it(`${name}: refused to a signed-out visitor`, async () => {
      const result = await t.browser().graphql(c.query, c.variables(ids));
      if (name === "Query.viewer") {
        expect(result.data).toEqual({ viewer: null });
        return;
      }
      if (c.signedOut) {
        c.signedOut(result, ids);
        return;
      }
      refusedAs("UNAUTHENTICATED")(result);
    });
    it(`${name}: shows nothing of another community to its outsider`, async () => {
      c.outsider(await outsider.graphql(c.query, c.variables(ids)), ids);
    });
  }
});
