import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { communityQueryOptions } from "../../../../features/communities/api/communities-queries.ts";
import { CommunityOverview } from "../../../../features/communities/components/community-overview.tsx";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/")({
  component: OverviewPage,
});

function OverviewPage() {
  const { communityId } = Route.useParams();
  const { data: community } = useSuspenseQuery(communityQueryOptions(communityId));
  return <CommunityOverview community={community} />;
}
