import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { DashboardPage, EmptyPanel } from "#client/components/layout/dashboard-page.tsx";
import { AgentsScopeProvider } from "#client/features/agents/agents-scope.tsx";
import { ApprovalsQueue } from "#client/features/agents/components/approvals-queue.tsx";
import {
  communityKeys,
  communityQueryOptions,
} from "#client/features/communities/api/communities-queries.ts";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/agents/approvals")({
  component: ApprovalsRoute,
});

function ApprovalsRoute() {
  const { communityId } = Route.useParams();
  const queryClient = useQueryClient();
  const { data: community } = useSuspenseQuery(communityQueryOptions(communityId));
  return (
    <DashboardPage
      title="Approvals"
      communityName={community.name}
      description="What your agents propose to do, with their reasons. Nothing happens until you approve it."
    >
      {community.viewerCapabilities.includes("AGENTS_MANAGE") ? (
        <AgentsScopeProvider
          value={{
            communityId,
            onBadgeChange: () => void queryClient.invalidateQueries({ queryKey: communityKeys.all }),
          }}
        >
          <ApprovalsQueue />
        </AgentsScopeProvider>
      ) : (
        <EmptyPanel>Only admins and owners can approve what agents propose.</EmptyPanel>
      )}
    </DashboardPage>
  );
}
