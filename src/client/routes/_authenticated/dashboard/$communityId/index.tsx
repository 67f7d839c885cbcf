import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { communityQueryOptions } from "#client/features/communities/api/communities-queries.ts";
import { CommunityOverview } from "#client/features/communities/components/community-overview.tsx";
import { overviewEventsQueryOptions } from "#client/features/events/api/events-queries.ts";
import {
  hasAnyEvents,
  UpcomingEventsCard,
} from "#client/features/events/components/upcoming-events-card.tsx";
import { memberFiguresQueryOptions } from "#client/features/members/api/members-queries.ts";
import { MemberFigures } from "#client/features/members/components/member-figures.tsx";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/")({
  // Prefetch, not ensure: the overview still renders if the events list or the figures fail to load.
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.prefetchQuery(overviewEventsQueryOptions(params.communityId)),
      context.queryClient.prefetchQuery(memberFiguresQueryOptions(params.communityId)),
    ]),
  component: OverviewPage,
});

function OverviewPage() {
  const { communityId } = Route.useParams();
  const { data: community } = useSuspenseQuery(communityQueryOptions(communityId));
  const { data: events } = useQuery(overviewEventsQueryOptions(communityId));
  const { data: figures } = useQuery(memberFiguresQueryOptions(communityId));
  const hasEvents = events ? hasAnyEvents(events) : false;
  return (
    <CommunityOverview
      community={community}
      hasEvents={hasEvents}
      people={figures?.memberStats ? <MemberFigures figures={figures} /> : null}
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
