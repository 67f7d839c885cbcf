import { HttpResponse } from "msw";
import type { CommunityInsightsQueryVariables } from "#client/gql/graphql.ts";
import { api } from "#client/test-network.ts";
import type { CommunityInsights } from "./api/insights-queries.ts";

/** A month of a small community as the server answers it, for an admin (revenue included). */
export function insightsFixture(overrides: Partial<CommunityInsights> = {}): CommunityInsights {
  return {
    period: {
      from: "2026-03-02",
      to: "2026-03-31",
      previousFrom: "2026-01-31",
      previousTo: "2026-03-01",
      granularity: "DAY",
      timeZone: "Europe/Berlin",
      preset: "LAST_30_DAYS",
    },
    figures: {
      members: { value: 120, previous: 100 },
      newMembers: { value: 30, previous: 40 },
      membersLeft: { value: 10, previous: 8 },
      activeMembers: { value: 45, previous: 45 },
      eventsHeld: { value: 3, previous: 0 },
      registrations: { value: 80, previous: 64 },
      attendanceRate: { value: 0.75, previous: 0.6 },
      noShowRate: { value: 0.25, previous: 0.4 },
      revenue: [{ currency: "EUR", netMinor: 45_000, previousNetMinor: 30_000 }],
    },
    memberGrowth: [
      { bucket: "2026-03-02", total: 101, joined: 2, left: 1 },
      { bucket: "2026-03-03", total: 104, joined: 3, left: 0 },
    ],
    activeMembers: [
      { bucket: "2026-03-02", people: 12 },
      { bucket: "2026-03-03", people: 9 },
    ],
    eventsHeld: [
      { bucket: "2026-03-02", events: 1, going: 20, checkedIn: 15, attendanceRate: 0.75 },
      { bucket: "2026-03-03", events: 0, going: 0, checkedIn: 0, attendanceRate: null },
    ],
    sources: [
      { origin: "event_page", kind: "event_page", ref: null, registrations: 50, joins: 5 },
      { origin: "link:newsletter", kind: "link", ref: "newsletter", registrations: 20, joins: 3 },
    ],
    revenue: [
      {
        bucket: "2026-03-02",
        currency: "EUR",
        ticketsMinor: 30_000,
        membershipsMinor: 20_000,
        otherMinor: 0,
        refundsMinor: 5_000,
      },
    ],
    topEvents: [
      {
        eventId: "e1",
        title: "Spring meetup",
        startsAt: "2026-03-02T18:00:00.000Z",
        registrations: 25,
        going: 20,
        checkedIn: 15,
        attendanceRate: 0.75,
        revenue: [{ currency: "EUR", netMinor: 25_000 }],
      },
    ],
    cohorts: [
      { cohort: "2026-02-01", members: 40, retention: [0.5, 0.25] },
      { cohort: "2026-03-01", members: 30, retention: [0.6] },
    ],
    ...overrides,
  };
}

/** What a community without any activity in the period gets: zeros, and nothing to chart. */
export function emptyInsightsFixture(): CommunityInsights {
  const zero = { value: 0, previous: 0 };
  const base = insightsFixture();
  return {
    ...base,
    figures: {
      ...base.figures,
      members: { value: 1, previous: 1 },
      newMembers: zero,
      membersLeft: zero,
      activeMembers: zero,
      eventsHeld: zero,
      registrations: zero,
      attendanceRate: { value: null, previous: null },
      noShowRate: { value: null, previous: null },
      revenue: [],
    },
    memberGrowth: [{ bucket: "2026-03-02", total: 1, joined: 0, left: 0 }],
    activeMembers: [{ bucket: "2026-03-02", people: 0 }],
    eventsHeld: [{ bucket: "2026-03-02", events: 0, going: 0, checkedIn: 0, attendanceRate: null }],
    sources: [],
    revenue: [],
    topEvents: [],
    cohorts: [],
  };
}

/**
 * The server's `communityInsights`, answering `answer` for the asked variables and keeping every
 * request's variables in `asked`, so a test sees which period the page asked for.
 */
export function insightsHandler(
  answer: (variables: CommunityInsightsQueryVariables) => CommunityInsights = () => insightsFixture(),
) {
  const asked: CommunityInsightsQueryVariables[] = [];
  const handler = api.query<{ communityInsights: CommunityInsights }, CommunityInsightsQueryVariables>(
    "CommunityInsights",
    ({ variables }) => {
      asked.push(variables);
      return HttpResponse.json({ data: { communityInsights: answer(variables) } });
    },
  );
  return { handler, asked };
}
