import { queryOptions } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { CommunityInsightsQuery } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";
import { formatPeriodParam, type Period, periodInput } from "../period.ts";

const CommunityInsightsDocument = graphql(`
  query CommunityInsights($communityId: ID!, $period: InsightsPeriodInput!) {
    communityInsights(communityId: $communityId, period: $period) {
      period {
        from
        to
        previousFrom
        previousTo
        granularity
        timeZone
        preset
      }
      figures {
        members {
          value
          previous
        }
        newMembers {
          value
          previous
        }
        membersLeft {
          value
          previous
        }
        activeMembers {
          value
          previous
        }
        eventsHeld {
          value
          previous
        }
        registrations {
          value
          previous
        }
        attendanceRate {
          value
          previous
        }
        noShowRate {
          value
          previous
        }
        revenue {
          currency
          netMinor
          previousNetMinor
        }
      }
      memberGrowth {
        bucket
        total
        joined
        left
      }
      activeMembers {
        bucket
        people
      }
      eventsHeld {
        bucket
        events
        going
        checkedIn
        attendanceRate
      }
      sources {
        origin
        kind
        ref
        registrations
        joins
      }
      revenue {
        bucket
        currency
        ticketsMinor
        membershipsMinor
        otherMinor
        refundsMinor
      }
      topEvents {
        eventId
        title
        startsAt
        registrations
        going
        checkedIn
        attendanceRate
        revenue {
          currency
          netMinor
        }
      }
      cohorts {
        cohort
        members
        retention
      }
    }
  }
`);

export type CommunityInsights = CommunityInsightsQuery["communityInsights"];
export type InsightsFigures = CommunityInsights["figures"];
export type MemberGrowthPoint = CommunityInsights["memberGrowth"][number];
export type ActivePoint = CommunityInsights["activeMembers"][number];
export type EventsHeldPoint = CommunityInsights["eventsHeld"][number];
export type SourceCount = CommunityInsights["sources"][number];
export type RevenuePoint = NonNullable<CommunityInsights["revenue"]>[number];
export type TopEvent = CommunityInsights["topEvents"][number];
export type CohortRow = CommunityInsights["cohorts"][number];

export const insightsKeys = {
  all: ["insights"] as const,
  community: (communityId: string, period: Period) =>
    ["insights", "community", communityId, formatPeriodParam(period)] as const,
};

export const communityInsightsQueryOptions = (communityId: string, period: Period) =>
  queryOptions({
    queryKey: insightsKeys.community(communityId, period),
    queryFn: async () =>
      (await request(CommunityInsightsDocument, { communityId, period: periodInput(period) }))
        .communityInsights,
    // Rollups change as people join and register; a minute old is fresh enough to read trends.
    staleTime: 60_000,
  });
