import { type QueryClient, type QueryKey, useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { communityQueryOptions } from "#client/features/communities/api/communities-queries.ts";
import { overviewStatusQueryOptions } from "#client/features/communities/api/overview-queries.ts";
import { CommunityOverview } from "#client/features/communities/components/community-overview.tsx";
import { NeedsAttention } from "#client/features/communities/components/needs-attention.tsx";
import { overviewEventsQueryOptions } from "#client/features/events/api/events-queries.ts";
import {
  hasAnyEvents,
  UpcomingEventsCard,
} from "#client/features/events/components/upcoming-events-card.tsx";
import { memberFiguresQueryOptions } from "#client/features/members/api/members-queries.ts";
import { MemberFigures } from "#client/features/members/components/member-figures.tsx";
import { revenueQueryOptions } from "#client/features/payments/api/payments-queries.ts";
import { RevenueFigure } from "#client/features/payments/components/revenue-figure.tsx";
import { graphql } from "#client/gql/gql.ts";
import { request } from "#client/lib/graphql.ts";

/** Everything the overview shows beyond the layout's community, in one request. */
const OverviewPageQuery = graphql(`
  query OverviewPage($communityId: ID!) {
    ...OverviewEventsFields
    ...MemberFiguresFields
    ...RevenueFields
    ...OverviewStatusFields
  }
`);

/**
 * Fills the events' and the figures' own queries from one request, unless both are fresh. Each
 * part keeps its own query, so a change to events or members refreshes just that part. A failure
 * is left to those queries: each shows its own error, and the overview still renders.
 */
async function loadOverview(queryClient: QueryClient, communityId: string) {
  const events = overviewEventsQueryOptions(communityId);
  const figures = memberFiguresQueryOptions(communityId);
  const revenue = revenueQueryOptions(communityId);
  const status = overviewStatusQueryOptions(communityId);
  const fresh = (queryKey: QueryKey) => {
    const state = queryClient.getQueryState(queryKey);
    return state?.data !== undefined && !state.isInvalidated && Date.now() - state.dataUpdatedAt < 30_000;
  };
  const parts = [events, figures, revenue, status];
  if (parts.every((part) => fresh(part.queryKey))) return;
  try {
    const answer = await request(OverviewPageQuery, { communityId });
    const { upcoming, drafts, past, community, revenueCommunity } = answer;
    queryClient.setQueryData(events.queryKey, { upcoming, drafts, past });
    queryClient.setQueryData(figures.queryKey, community);
    queryClient.setQueryData(revenue.queryKey, revenueCommunity.insightsSummary?.revenue ?? null);
    queryClient.setQueryData(status.queryKey, answer.status);
  } catch {
    await Promise.all([
      queryClient.prefetchQuery(events),
      queryClient.prefetchQuery(figures),
      queryClient.prefetchQuery(revenue),
      queryClient.prefetchQuery(status),
    ]);
  }
}

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/")({
  loader: ({ context, params }) => loadOverview(context.queryClient, params.communityId),
  component: OverviewPage,
});

function OverviewPage() {
  const { communityId } = Route.useParams();
  const { data: community } = useSuspenseQuery(communityQueryOptions(communityId));
  const { data: events } = useQuery(overviewEventsQueryOptions(communityId));
  const { data: figures } = useQuery(memberFiguresQueryOptions(communityId));
  const { data: revenue } = useQuery(revenueQueryOptions(communityId));
  const { data: status } = useQuery(overviewStatusQueryOptions(communityId));
  const hasEvents = events ? hasAnyEvents(events) : false;
  const activeMembers = status?.memberStats?.activeCount;
  return (
    <CommunityOverview
      community={community}
      progress={{
        hasEvent: hasEvents,
        hasPublished: events ? events.upcoming.nodes.length + events.past.nodes.length > 0 : false,
        membersIn:
          status?.invitedAnyone == null || activeMembers === undefined
            ? null
            : status.invitedAnyone || activeMembers > 1,
        paymentsConnected: status?.paymentActivity ? status.canTakePayments : null,
        paymentTaken: status?.paymentActivity ? status.paymentActivity.anyTaken : null,
      }}
      people={figures?.memberStats ? <MemberFigures figures={figures} /> : null}
      revenue={revenue ? <RevenueFigure communityId={community.id} revenue={revenue} /> : null}
      attention={status && status.heldSeats !== null ? <NeedsAttention status={status} /> : null}
      events={
        events && hasEvents ? (
          <UpcomingEventsCard
            communityId={community.id}
            events={events.upcoming.nodes}
            canManage={community.viewerCapabilities.includes("EVENTS_MANAGE")}
          />
        ) : null
      }
    />
  );
}
