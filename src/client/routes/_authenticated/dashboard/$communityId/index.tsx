import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { communityQueryOptions } from "#client/features/communities/api/communities-queries.ts";
import { CommunityOverview } from "#client/features/communities/components/community-overview.tsx";
import { overviewEventsQueryOptions } from "#client/features/events/api/events-queries.ts";
import {
  hasAnyEvents,
  UpcomingEventsCard,
} from "#client/features/events/components/upcoming-events-card.tsx";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/")({
  // Prefetch, not ensure: the overview still renders if the events list fails to load.
  loader: ({ context, params }) =>
    context.queryClient.prefetchQuery(overviewEventsQueryOptions(params.communityId)),
  component: OverviewPage,
});

function OverviewPage() {
  const { communityId } = Route.useParams();
  const { data: community } = useSuspenseQuery(communityQueryOptions(communityId));
  const { data: events } = useQuery(overviewEventsQueryOptions(communityId));
  const hasEvents = events ? hasAnyEvents(events) : false;
  return (
    <CommunityOverview
      community={community}
      hasEvents={hasEvents}
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
