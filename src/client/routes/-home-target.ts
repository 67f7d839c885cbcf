import type { QueryClient } from "@tanstack/react-query";
import { myCommunitiesQueryOptions } from "#client/features/communities/api/communities-queries.ts";
import { myRegistrationsQueryOptions } from "#client/features/registrations/api/my-registrations.ts";

/**
 * Someone who only goes to events (registering may make them a member, but they run nothing)
 * lands on their registrations; organizers and people with neither land on their communities.
 */
export async function homeTarget(queryClient: QueryClient): Promise<"/me" | "/community-selection"> {
  const [communities, upcoming, past] = await Promise.all([
    queryClient.ensureQueryData(myCommunitiesQueryOptions()),
    queryClient.ensureInfiniteQueryData(myRegistrationsQueryOptions("UPCOMING")),
    queryClient.ensureInfiniteQueryData(myRegistrationsQueryOptions("PAST")),
  ]);
  const registrations = (upcoming.pages[0]?.totalCount ?? 0) + (past.pages[0]?.totalCount ?? 0);
  const runsOne = communities.some((community) =>
    community.viewerCapabilities.some((capability) => capability !== "COMMUNITY_VIEW"),
  );
  return !runsOne && registrations > 0 ? "/me" : "/community-selection";
}
