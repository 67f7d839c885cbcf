import { HttpResponse } from "msw";
import {
  CommunityDocument,
  type CommunityQuery,
  EventDetailDocument,
  type EventDetailQuery,
  EventForecastDocument,
  EventRegistrationsDocument,
  type EventRegistrationsQuery,
  MembershipPlansDocument,
  MyCommunitiesDocument,
  type OverviewStatusQuery,
  PromoCodesDocument,
  RegistrationDigestDocument,
  TicketPricingDocument,
} from "./gql/graphql.ts";
import { api } from "./test-network.ts";

export type CommunityFixture = CommunityQuery["community"];
export type EventFixture = EventDetailQuery["event"];
export type RegistrationFixture = EventRegistrationsQuery["eventRegistrations"]["nodes"][number];

/** What needs attention on the overview and how far setting up is: nothing waits, nothing done yet. */
export function overviewStatusFixture(
  overrides: Partial<OverviewStatusQuery["status"]> = {},
): OverviewStatusQuery["status"] {
  return {
    id: "c1",
    pendingJoinRequests: 0,
    heldSeats: 0,
    invitedAnyone: false,
    canTakePayments: false,
    memberStats: { activeCount: 1 },
    paymentActivity: { failedLast30Days: 0, anyTaken: false },
    ...overrides,
  };
}

export function communityFixture(overrides: Partial<CommunityFixture> = {}): CommunityFixture {
  return {
    id: "c1",
    name: "Book Club",
    slug: "book-club",
    description: "We read.",
    logoUrl: null,
    coverUrl: null,
    brandColor: null,
    memberCount: 3,
    pendingJoinRequests: 0,
    agentBadgeCount: 0,
    memberDirectory: false,
    viewerRole: "ORGANIZER",
    visibility: "PUBLIC",
    joinPolicy: "OPEN",
    joinQuestions: [],
    timeZone: "Europe/Berlin",
    currency: "EUR",
    createdAt: "2026-01-01T00:00:00.000Z",
    // What an organizer may do.
    viewerCapabilities: [
      "COMMUNITY_VIEW",
      "MEMBERS_VIEW",
      "EVENTS_MANAGE",
      "REGISTRATIONS_MANAGE",
      "CHECKIN",
    ],
    ...overrides,
  };
}

export function eventFixture(overrides: Partial<EventFixture> = {}): EventFixture {
  return {
    id: "e1",
    title: "Board game night",
    description: "",
    startsAt: "2036-05-01T17:00:00.000Z",
    endsAt: "2036-05-01T20:00:00.000Z",
    timeZone: "Europe/Berlin",
    venueName: "Café Hugo",
    venueAddress: null,
    hasOnlineLink: false,
    onlineUrl: null,
    coverUrl: null,
    status: "PUBLISHED",
    visibility: "PUBLIC",
    capacity: 20,
    spotsLeft: 18,
    waitlistEnabled: true,
    waitlistOfferHours: 12,
    approvalRequired: true,
    requireVerifiedEmail: true,
    guestListVisible: true,
    goingCount: 2,
    waitlistCount: 0,
    pendingCount: 1,
    checkedInCount: 0,
    heldCount: 0,
    viewerCanManage: true,
    publicPath: "/e/e1",
    publishedAt: "2026-04-01T10:00:00.000Z",
    canceledAt: null,
    cancelMessage: null,
    host: { id: "c1", name: "Book Club", slug: "book-club" },
    ticketTypes: [
      {
        id: "t1",
        name: "General",
        quantity: null,
        remaining: null,
        priceMinor: 0,
        memberPriceMinor: null,
        maxPerOrder: 10,
        salesStartAt: null,
        salesEndAt: null,
      },
    ],
    questions: [],
    ...overrides,
  };
}

export function registrationFixture(
  id: string,
  name: string,
  overrides: Partial<RegistrationFixture> = {},
): RegistrationFixture {
  return {
    id,
    status: "GOING",
    quantity: 1,
    person: { id: `u-${id}`, name, email: `${name.split(" ")[0]?.toLowerCase()}@example.test`, image: null },
    ticketType: { id: "t1", name: "General" },
    answers: [],
    checkedInAt: null,
    waitlistPosition: null,
    holdExpiresAt: null,
    createdAt: "2026-04-02T09:30:00.000Z",
    payments: null,
    ...overrides,
  };
}

/** One page of an event's registrations holding all of `nodes`, as the server answers it. */
export function registrationsPage(nodes: RegistrationFixture[]) {
  return { nodes, pageInfo: { endCursor: null, hasNextPage: false }, totalCount: nodes.length };
}

/**
 * What the organizer's event screen asks the server for: the community (and the switcher's list),
 * the event, the digest setting, and the registrations, read from `rows` on every request so a
 * test can change them the way the server would after an action.
 */
export function eventDashboardHandlers({
  community = communityFixture(),
  event = eventFixture(),
  rows,
}: {
  community?: CommunityFixture;
  event?: EventFixture;
  rows: () => RegistrationFixture[];
}) {
  return [
    api.query(CommunityDocument, () => HttpResponse.json({ data: { community } })),
    api.query(MyCommunitiesDocument, () =>
      HttpResponse.json({
        data: {
          myCommunities: [
            {
              id: community.id,
              name: community.name,
              slug: community.slug,
              description: community.description,
              logoUrl: community.logoUrl,
              brandColor: community.brandColor,
              memberCount: community.memberCount,
              viewerRole: community.viewerRole,
              viewerCapabilities: community.viewerCapabilities,
              visibility: community.visibility,
              pendingJoinRequests: community.pendingJoinRequests,
              timeZone: community.timeZone,
              nextEvent: null,
            },
          ],
        },
      }),
    ),
    api.query(EventDetailDocument, () => HttpResponse.json({ data: { event } })),
    // No forecast unless a test gives one: the card stays out of the way.
    api.query(EventForecastDocument, () =>
      HttpResponse.json({
        data: {
          event: {
            id: event.id,
            capacity: event.capacity,
            waitlistCount: event.waitlistCount,
            attendanceForecast: null,
          },
        },
      }),
    ),
    api.query(RegistrationDigestDocument, () => HttpResponse.json({ data: { registrationDigest: false } })),
    api.query(EventRegistrationsDocument, () =>
      HttpResponse.json({ data: { eventRegistrations: registrationsPage(rows()) } }),
    ),
    api.query(TicketPricingDocument, () =>
      HttpResponse.json({
        data: {
          community: {
            id: community.id,
            currency: community.currency,
            canTakePayments: false,
            viewerCapabilities: community.viewerCapabilities,
          },
        },
      }),
    ),
    api.query(PromoCodesDocument, () =>
      HttpResponse.json({
        data: { promoCodes: { nodes: [], pageInfo: { endCursor: null, hasNextPage: false } } },
      }),
    ),
    // Settings lists the community's membership plans.
    api.query(MembershipPlansDocument, () =>
      HttpResponse.json({
        data: { membershipPlans: [], community: { id: community.id, canTakePayments: false } },
      }),
    ),
  ];
}
