import { queryOptions } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import { request } from "#client/lib/graphql.ts";

/**
 * What the overview needs to say what wants attention and how far setting up has come; each field
 * is null for roles that may not see it, and the overview then leaves that part out.
 */
export const OverviewStatusFields = graphql(`
  fragment OverviewStatusFields on Query {
    status: community(id: $communityId) {
      id
      pendingJoinRequests
      heldSeats
      invitedAnyone
      canTakePayments
      memberStats {
        activeCount
      }
      paymentActivity {
        failedLast30Days
        anyTaken
      }
    }
  }
`);

const OverviewStatusQuery = graphql(`
  query OverviewStatus($communityId: ID!) {
    ...OverviewStatusFields
  }
`);

export function overviewStatusQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: ["communities", communityId, "overview-status"] as const,
    queryFn: async () => (await request(OverviewStatusQuery, { communityId })).status,
  });
}
