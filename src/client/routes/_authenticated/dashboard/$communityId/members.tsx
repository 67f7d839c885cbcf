import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { DashboardPage, EmptyPanel } from "#client/components/layout/dashboard-page.tsx";
import {
  communityKeys,
  communityQueryOptions,
} from "#client/features/communities/api/communities-queries.ts";
import { PeoplePage } from "#client/features/members/components/people-page.tsx";
import { keepMembersSearch } from "#client/features/members/route-search.ts";
import { parseMembersSearch } from "#client/features/members/search-params.ts";
import { MemberPayments } from "#client/features/payments/components/member-payments.tsx";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/members")({
  validateSearch: keepMembersSearch,
  component: MembersRoute,
});

function MembersRoute() {
  const { communityId } = Route.useParams();
  const search = parseMembersSearch(Route.useSearch());
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const { data: community } = useSuspenseQuery(communityQueryOptions(communityId));
  return (
    <DashboardPage
      title="Members"
      communityName={community.name}
      description="Everyone in your community: invite people, answer requests to join, tag them and export lists."
    >
      {community.viewerCapabilities.includes("MEMBERS_VIEW") ? (
        <PeoplePage
          communityId={communityId}
          search={search}
          capabilities={community.viewerCapabilities}
          onSearchChange={(next) => void navigate({ search: next })}
          onCommunityChanged={() => void queryClient.invalidateQueries({ queryKey: communityKeys.all })}
          memberPayments={
            community.viewerCapabilities.includes("PAYMENTS_MANAGE")
              ? (userId) => <MemberPayments communityId={communityId} userId={userId} />
              : undefined
          }
        />
      ) : (
        <EmptyPanel>Only organizers, admins and owners can see the member list.</EmptyPanel>
      )}
    </DashboardPage>
  );
}
