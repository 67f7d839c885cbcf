import { createFileRoute, redirect } from "@tanstack/react-router";
import { myCommunitiesQueryOptions } from "#client/features/communities/api/communities-queries.ts";
import { forgetLastCommunityId, readLastCommunityId } from "#client/features/communities/last-community.ts";

export const Route = createFileRoute("/_authenticated/dashboard/")({
  loader: async ({ context }) => {
    const lastId = readLastCommunityId();
    if (lastId) {
      const communities = await context.queryClient.ensureQueryData(myCommunitiesQueryOptions());
      if (communities.some((community) => community.id === lastId)) {
        throw redirect({ to: "/dashboard/$communityId", params: { communityId: lastId }, replace: true });
      }
      forgetLastCommunityId();
    }
    throw redirect({ to: "/community-selection", replace: true });
  },
});
