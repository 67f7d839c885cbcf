import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { AgentRunFilter } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";
import { useAgentsScope } from "../agents-scope.tsx";

export const AgentSummaryFragment = graphql(`
  fragment AgentSummary on Agent {
    id
    communityId
    name
    template
    description
    status
    pausedReason
    approvalMode
    lastRunAt
    runCount
    pendingApprovalCount
    messagesToday
    enabledAt
  }
`);

const AgentsQuery = graphql(`
  query Agents($communityId: ID!) {
    agents(communityId: $communityId) {
      ...AgentSummary
    }
  }
`);

const AgentQuery = graphql(`
  query Agent($id: ID!) {
    agent(id: $id) {
      ...AgentSummary
      definition
      webhookSecret
      updatedAt
    }
  }
`);

const AgentTemplatesQuery = graphql(`
  query AgentTemplates {
    agentTemplates {
      key
      name
      summary
      definition
      usesModel
    }
  }
`);

const AgentSettingsQuery = graphql(`
  query AgentSettings($communityId: ID!) {
    agentSettings(communityId: $communityId) {
      modelConfigured
      modelBudgetMicros
      modelSpentMicros
    }
  }
`);

const AgentNoticesQuery = graphql(`
  query AgentNotices($communityId: ID!) {
    agentNotices(communityId: $communityId) {
      id
      message
      createdAt
      read
      agent {
        id
        name
      }
    }
  }
`);

const AgentSegmentsQuery = graphql(`
  query AgentSegments($communityId: ID!) {
    memberSegments(communityId: $communityId) {
      id
      name
    }
  }
`);

const CreateAgentMutation = graphql(`
  mutation CreateAgent($input: CreateAgentInput!) {
    createAgent(input: $input) {
      ...AgentSummary
      definition
      webhookSecret
    }
  }
`);

const UpdateAgentMutation = graphql(`
  mutation UpdateAgent($input: UpdateAgentInput!) {
    updateAgent(input: $input) {
      ...AgentSummary
      definition
      webhookSecret
    }
  }
`);

const DeleteAgentMutation = graphql(`
  mutation DeleteAgent($id: ID!) {
    deleteAgent(id: $id)
  }
`);

const SetAgentEnabledMutation = graphql(`
  mutation SetAgentEnabled($id: ID!, $enabled: Boolean!) {
    setAgentEnabled(id: $id, enabled: $enabled) {
      ...AgentSummary
    }
  }
`);

const UpdateAgentSettingsMutation = graphql(`
  mutation UpdateAgentSettings($input: UpdateAgentSettingsInput!) {
    updateAgentSettings(input: $input) {
      modelConfigured
      modelBudgetMicros
      modelSpentMicros
    }
  }
`);

const MarkAgentNoticesReadMutation = graphql(`
  mutation MarkAgentNoticesRead($communityId: ID!) {
    markAgentNoticesRead(communityId: $communityId)
  }
`);

export const agentKeys = {
  all: ["agents"] as const,
  list: (communityId: string) => ["agents", "list", communityId] as const,
  one: (id: string) => ["agents", "one", id] as const,
  templates: ["agents", "templates"] as const,
  settings: (communityId: string) => ["agents", "settings", communityId] as const,
  notices: (communityId: string) => ["agents", "notices", communityId] as const,
  segments: (communityId: string) => ["agents", "segments", communityId] as const,
  runs: (scope: RunScope, filter: AgentRunFilter) => ["agents", "runs", scope, filter] as const,
  run: (id: string) => ["agents", "run", id] as const,
  approvals: (communityId: string) => ["agents", "approvals", communityId] as const,
  dryRun: (id: string) => ["agents", "dry-run", id] as const,
};

export function agentsQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: agentKeys.list(communityId),
    queryFn: async () => (await request(AgentsQuery, { communityId })).agents,
  });
}

export function agentQueryOptions(id: string) {
  return queryOptions({
    queryKey: agentKeys.one(id),
    queryFn: async () => (await request(AgentQuery, { id })).agent,
  });
}

export function agentTemplatesQueryOptions() {
  return queryOptions({
    queryKey: agentKeys.templates,
    // The templates ship with the server: they change only with a new release.
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => (await request(AgentTemplatesQuery)).agentTemplates,
  });
}

export function agentSettingsQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: agentKeys.settings(communityId),
    queryFn: async () => (await request(AgentSettingsQuery, { communityId })).agentSettings,
  });
}

export function agentNoticesQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: agentKeys.notices(communityId),
    queryFn: async () => (await request(AgentNoticesQuery, { communityId })).agentNotices,
  });
}

export function agentSegmentsQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: agentKeys.segments(communityId),
    queryFn: async () => (await request(AgentSegmentsQuery, { communityId })).memberSegments,
  });
}

/** Agents, their runs and approvals feed the sidebar's badge, which the community query carries. */
export function useInvalidateAgents() {
  const queryClient = useQueryClient();
  const { onBadgeChange } = useAgentsScope();
  return async () => {
    onBadgeChange();
    await queryClient.invalidateQueries({ queryKey: agentKeys.all });
  };
}

export function useCreateAgent() {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: async (input: {
      communityId: string;
      name: string;
      template?: string | null;
      definition: unknown;
    }) => (await request(CreateAgentMutation, { input })).createAgent,
    onSuccess: invalidate,
  });
}

export function useUpdateAgent() {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: async (input: { id: string; name: string; definition: unknown }) =>
      (await request(UpdateAgentMutation, { input })).updateAgent,
    onSuccess: invalidate,
  });
}

export function useDeleteAgent() {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: async (id: string) => (await request(DeleteAgentMutation, { id })).deleteAgent,
    onSuccess: invalidate,
  });
}

export function useSetAgentEnabled() {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: async (input: { id: string; enabled: boolean }) =>
      (await request(SetAgentEnabledMutation, input)).setAgentEnabled,
    onSuccess: invalidate,
  });
}

export function useMarkAgentNoticesRead(communityId: string) {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: async () =>
      (await request(MarkAgentNoticesReadMutation, { communityId })).markAgentNoticesRead,
    onSuccess: invalidate,
  });
}

/** Runs of one agent, or of every agent of a community. */
export type RunScope = { agentId: string } | { communityId: string };

export function useUpdateAgentSettings(communityId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (modelBudgetMicros: number) =>
      (await request(UpdateAgentSettingsMutation, { input: { communityId, modelBudgetMicros } }))
        .updateAgentSettings,
    onSuccess: (settings) => queryClient.setQueryData(agentKeys.settings(communityId), settings),
  });
}
