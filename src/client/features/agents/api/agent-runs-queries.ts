import { infiniteQueryOptions, queryOptions, useMutation } from "@tanstack/react-query";
import { graphql } from "#client/gql/gql.ts";
import type { AgentRunFilter } from "#client/gql/graphql.ts";
import { request } from "#client/lib/graphql.ts";
import { agentKeys, type RunScope, useInvalidateAgents } from "./agents-queries.ts";

const PAGE_SIZE = 25;

const AgentRunsQuery = graphql(`
  query AgentRuns($agentId: ID, $communityId: ID, $filter: AgentRunFilter, $first: Int, $after: String) {
    agentRuns(agentId: $agentId, communityId: $communityId, filter: $filter, first: $first, after: $after) {
      totalCount
      endCursor
      hasNextPage
      nodes {
        id
        status
        triggerSummary
        messagesSent
        createdAt
        finishedAt
        durationMs
        undoneAt
        undoable
        error
        subject {
          id
          name
        }
        event {
          id
          title
        }
        agent {
          id
          name
        }
      }
    }
  }
`);

const AgentRunQuery = graphql(`
  query AgentRun($id: ID!) {
    agentRun(id: $id) {
      id
      status
      trigger
      triggerSummary
      error
      attempts
      messagesSent
      modelTokens
      modelCostMicros
      createdAt
      startedAt
      finishedAt
      durationMs
      undoneAt
      undoable
      subject {
        id
        name
      }
      event {
        id
        title
      }
      agent {
        id
        name
      }
      steps {
        id
        index
        kind
        summary
        reason
        input
        output
        status
        reversible
        error
        attempts
        startedAt
        finishedAt
        undoneAt
      }
    }
  }
`);

const UndoAgentRunMutation = graphql(`
  mutation UndoAgentRun($id: ID!) {
    undoAgentRun(id: $id) {
      id
      undoneAt
      undoable
    }
  }
`);

const UndoAgentActionsSinceMutation = graphql(`
  mutation UndoAgentActionsSince($input: UndoAgentActionsSinceInput!) {
    undoAgentActionsSince(input: $input) {
      runs
      undoneSteps
      irreversibleSteps
      runsInProgress
    }
  }
`);

const AgentApprovalsQuery = graphql(`
  query AgentApprovals($communityId: ID!) {
    agentApprovals(communityId: $communityId) {
      id
      reason
      status
      createdAt
      agent {
        id
        name
      }
      run {
        id
        triggerSummary
        subject {
          id
          name
        }
        event {
          id
          title
        }
      }
      step {
        id
        kind
        summary
      }
    }
  }
`);

const DecideAgentApprovalsMutation = graphql(`
  mutation DecideAgentApprovals($input: DecideAgentApprovalsInput!) {
    decideAgentApprovals(input: $input) {
      id
      status
    }
  }
`);

const DryRunAgentMutation = graphql(`
  mutation DryRunAgent($input: DryRunAgentInput!) {
    dryRunAgent(input: $input) {
      id
      from
      to
      createdAt
      runs
      totals {
        triggers
        acting
        messages
        tagChanges
        decisions
        stoppedByLimit
      }
    }
  }
`);

export function agentRunsQueryOptions(scope: RunScope, filter: AgentRunFilter) {
  return infiniteQueryOptions({
    queryKey: agentKeys.runs(scope, filter),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) =>
      (
        await request(AgentRunsQuery, {
          agentId: "agentId" in scope ? scope.agentId : null,
          communityId: "communityId" in scope ? scope.communityId : null,
          filter,
          first: PAGE_SIZE,
          after: pageParam,
        })
      ).agentRuns,
    getNextPageParam: (last) => (last.hasNextPage ? last.endCursor : null),
  });
}

export function agentRunQueryOptions(id: string) {
  return queryOptions({
    queryKey: agentKeys.run(id),
    queryFn: async () => (await request(AgentRunQuery, { id })).agentRun,
  });
}

const AgentRunReplayQuery = graphql(`
  query AgentRunReplay($id: ID!) {
    agentRun(id: $id) {
      id
      replay
    }
  }
`);

/** The run's trigger planned again with today's data: asked for on demand, never cached for long. */
export function agentRunReplayQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...agentKeys.run(id), "replay"],
    queryFn: async () => (await request(AgentRunReplayQuery, { id })).agentRun?.replay ?? null,
    staleTime: 0,
    gcTime: 0,
  });
}

export function agentApprovalsQueryOptions(communityId: string) {
  return queryOptions({
    queryKey: agentKeys.approvals(communityId),
    queryFn: async () => (await request(AgentApprovalsQuery, { communityId })).agentApprovals,
  });
}

export function useUndoAgentRun() {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: async (id: string) => (await request(UndoAgentRunMutation, { id })).undoAgentRun,
    onSuccess: invalidate,
  });
}

export function useUndoAgentActionsSince() {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: async (input: { communityId: string; agentId?: string | null; since: string }) =>
      (await request(UndoAgentActionsSinceMutation, { input })).undoAgentActionsSince,
    onSuccess: invalidate,
  });
}

export function useDecideAgentApprovals() {
  const invalidate = useInvalidateAgents();
  return useMutation({
    mutationFn: async (input: { communityId: string; ids: string[]; decision: "APPROVE" | "REJECT" }) =>
      (await request(DecideAgentApprovalsMutation, { input })).decideAgentApprovals,
    onSuccess: invalidate,
  });
}

export function useDryRunAgent() {
  return useMutation({
    mutationFn: async (input: { id: string; definition?: unknown; from: string; to: string }) =>
      (await request(DryRunAgentMutation, { input })).dryRunAgent,
  });
}
