import { createFileRoute, Outlet } from "@tanstack/react-router";
import { rememberLastCommunityId } from "#client/features/communities/last-community.ts";
import { CommunityDashboard, loadDashboardCommunity } from "../../-community-dashboard.tsx";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId")({
  loader: async ({ context, params }) => {
    const community = await loadDashboardCommunity(context.queryClient, params.communityId);
    rememberLastCommunityId(community.id);
    return { name: community.name };
  },
  component: DashboardLayout,
});

function DashboardLayout() {
  const { communityId } = Route.useParams();
  return (
    <CommunityDashboard communityId={communityId}>
      <Outlet />
    </CommunityDashboard>
  );
}
