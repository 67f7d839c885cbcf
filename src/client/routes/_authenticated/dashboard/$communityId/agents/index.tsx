import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { DashboardPage, EmptyPanel } from "#client/components/layout/dashboard-page.tsx";
import { AgentsScopeProvider } from "#client/features/agents/agents-scope.tsx";
import { AgentsList } from "#client/features/agents/components/agents-list.tsx";
import {
  communityKeys,
  communityQueryOptions,
} from "#client/features/communities/api/communities-queries.ts";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/agents/")({
  component: AgentsRoute,
});

function AgentsRoute() {
  const { communityId } = Route.useParams();
  const queryClient = useQueryClient();
  const { data: community } = useSuspenseQuery(communityQueryOptions(communityId));
  return (
    <DashboardPage
      title="Agents"
      communityName={community.name}
      description="Helpers that take routine work off your plate: each one does what its sentence says, and you can undo it."
    >
      {community.viewerCapabilities.includes("AGENTS_MANAGE") ? (
        <AgentsScopeProvider
          value={{
            communityId,
            onBadgeChange: () => void queryClient.invalidateQueries({ queryKey: communityKeys.all }),
          }}
        >
          <AgentsList />
        </AgentsScopeProvider>
      ) : (
        <EmptyPanel>Only admins and owners can see and manage agents.</EmptyPanel>
      )}
    </DashboardPage>
  );
}
