import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { pageWidth } from "#client/components/layout/page-width.ts";
import {
  communityKeys,
  communityQueryOptions,
} from "#client/features/communities/api/communities-queries.ts";
import { PeoplePage } from "#client/features/members/components/people-page.tsx";
import { keepMembersSearch } from "#client/features/members/route-search.ts";
import { parseMembersSearch } from "#client/features/members/search-params.ts";

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
    <div className={pageWidth("wide", "py-8 sm:py-10")}>
      <title>{`Members · ${community.name} · Commons`}</title>
      <div className="mb-6 grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Members</h1>
        <p className="text-muted-foreground">
          Everyone in your community: invite people, answer requests to join, tag them and export lists.
        </p>
      </div>
      {community.viewerCapabilities.includes("MEMBERS_VIEW") ? (
        <PeoplePage
          communityId={communityId}
          search={search}
          capabilities={community.viewerCapabilities}
          onSearchChange={(next) => void navigate({ search: next })}
          onCommunityChanged={() => void queryClient.invalidateQueries({ queryKey: communityKeys.all })}
        />
      ) : (
        <p className="rounded-xl border border-dashed px-6 py-10 text-center text-sm text-muted-foreground">
          Only organizers, admins and owners can see the member list.
        </p>
      )}
    </div>
  );
}
