import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute } from "@tanstack/react-router";
import { DashboardPage, EmptyPanel } from "#client/components/layout/dashboard-page.tsx";
import { AgentsScopeProvider } from "#client/features/agents/agents-scope.tsx";
import { AgentPage } from "#client/features/agents/components/agent-page.tsx";
import { keepAgentSearch } from "#client/features/agents/route-search.ts";
import {
  communityKeys,
  communityQueryOptions,
} from "#client/features/communities/api/communities-queries.ts";

export const Route = createFileRoute("/_authenticated/dashboard/$communityId/agents/$agentId")({
  validateSearch: keepAgentSearch,
  component: AgentRoute,
});

function AgentRoute() {
  const { communityId, agentId } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();
  const { data: community } = useSuspenseQuery(communityQueryOptions(communityId));
  const manages = community.viewerCapabilities.includes("AGENTS_MANAGE");
  return (
    <DashboardPage
      title={agentId === "new" ? "New agent" : "Agent"}
      communityName={community.name}
      description={
        agentId === "new"
          ? "Choose what it reacts to and what it does. It stays off until you switch it on."
          : "What the agent does, a rehearsal over past days, and everything it did."
      }
    >
      {manages ? (
        <AgentsScopeProvider
          value={{
            communityId,
            onBadgeChange: () => void queryClient.invalidateQueries({ queryKey: communityKeys.all }),
          }}
        >
          <AgentPage
            agentId={agentId === "new" ? null : agentId}
            search={search}
            onSearchChange={(next) => void navigate({ search: next, resetScroll: false })}
            onCreated={(id) =>
              void navigate({ params: { communityId, agentId: id }, search: {}, replace: true })
            }
          />
        </AgentsScopeProvider>
      ) : (
        <EmptyPanel>Only admins and owners can see and manage agents.</EmptyPanel>
      )}
    </DashboardPage>
  );
}
