import { HttpResponse } from "msw";
import {
  AgentApprovalsDocument,
  type AgentApprovalsQuery,
  AgentDocument,
  AgentNoticesDocument,
  type AgentNoticesQuery,
  type AgentQuery,
  AgentRunDocument,
  type AgentRunQuery,
  AgentRunsDocument,
  type AgentRunsQuery,
  AgentSegmentsDocument,
  AgentSettingsDocument,
  AgentsDocument,
  AgentTemplatesDocument,
  type Capability,
} from "#client/gql/graphql.ts";
import { adaUser, renderApp } from "#client/test-app.tsx";
import { communityFixture, eventDashboardHandlers } from "#client/test-fixtures.ts";
import { api } from "#client/test-network.ts";
import type { AgentDefinition } from "#shared/agents.ts";

export type AgentFixture = NonNullable<AgentQuery["agent"]>;
export type RunFixture = NonNullable<AgentRunQuery["agentRun"]>;
export type RunRow = AgentRunsQuery["agentRuns"]["nodes"][number];
export type ApprovalFixture = AgentApprovalsQuery["agentApprovals"][number];

const ADMIN: Capability[] = [
  "COMMUNITY_VIEW",
  "COMMUNITY_EDIT",
  "MEMBERS_VIEW",
  "MEMBERS_MANAGE",
  "AGENTS_MANAGE",
];

export const welcomeDefinition: AgentDefinition = {
  trigger: { kind: "member_joined" },
  conditions: {},
  actions: [
    {
      kind: "email",
      to: "subject",
      subject: "Welcome to {{community.name}}",
      body: "Hi {{member.firstName}}",
    },
    { kind: "add_tag", tag: "new" },
  ],
  approvalMode: "act",
  limits: { messagesPerRun: 100, messagesPerDay: 500 },
};

export function agentFixture(overrides: Partial<AgentFixture> = {}): AgentFixture {
  return {
    id: "a1",
    communityId: "c1",
    name: "Welcome new members",
    template: "welcome_new_members",
    description: "When someone joins, email them 'Welcome to {{community.name}}' and tag them 'new'",
    status: "ON",
    pausedReason: null,
    approvalMode: "ACT",
    lastRunAt: "2026-03-01T10:00:00.000Z",
    runCount: 4,
    pendingApprovalCount: 0,
    messagesToday: 2,
    enabledAt: "2026-02-01T10:00:00.000Z",
    definition: welcomeDefinition,
    webhookSecret: null,
    updatedAt: "2026-02-01T10:00:00.000Z",
    ...overrides,
  };
}

export function runFixture(overrides: Partial<RunFixture> = {}): RunFixture {
  return {
    id: "r1",
    status: "SUCCEEDED",
    trigger: { kind: "member_joined" },
    triggerSummary: "Bo Member joined",
    error: null,
    attempts: 1,
    messagesSent: 1,
    modelTokens: 0,
    modelCostMicros: 0,
    createdAt: "2026-03-01T10:00:00.000Z",
    startedAt: "2026-03-01T10:00:00.000Z",
    finishedAt: "2026-03-01T10:00:01.200Z",
    durationMs: 1200,
    undoneAt: null,
    undoable: true,
    subject: { id: "u-bo", name: "Bo Member" },
    event: null,
    agent: { id: "a1", name: "Welcome new members" },
    steps: [
      {
        id: "s1",
        index: 0,
        kind: "email",
        summary: "Email 'Welcome to Makers' to Bo Member",
        reason: "Bo Member joined",
        input: { subject: "Welcome to Makers" },
        output: { sent: 1 },
        status: "DONE",
        reversible: false,
        error: null,
        attempts: 1,
        startedAt: "2026-03-01T10:00:00.000Z",
        finishedAt: "2026-03-01T10:00:00.800Z",
        undoneAt: null,
      },
      {
        id: "s2",
        index: 1,
        kind: "add_tag",
        summary: "Tag Bo Member 'new'",
        reason: "Bo Member joined",
        input: { tag: "new" },
        output: { added: true },
        status: "DONE",
        reversible: true,
        error: null,
        attempts: 1,
        startedAt: "2026-03-01T10:00:00.800Z",
        finishedAt: "2026-03-01T10:00:01.100Z",
        undoneAt: null,
      },
    ],
    ...overrides,
  };
}

export const runRow = (run: RunFixture): RunRow => {
  const {
    steps: _steps,
    trigger: _trigger,
    attempts: _a,
    modelTokens: _t,
    modelCostMicros: _c,
    startedAt: _s,
    ...row
  } = run;
  return row;
};

/** The agents screens as the signed-in Ada Guest, an admin of community c1, with what the server holds. */
export function openAgents(
  url: string,
  {
    agents = () => [agentFixture()],
    runs = () => [],
    run = () => null,
    approvals = () => [],
    notices = () => [],
    modelConfigured = false,
    agentBadgeCount = 0,
  }: {
    agents?: () => AgentFixture[];
    runs?: () => RunRow[];
    run?: () => RunFixture | null;
    approvals?: () => ApprovalFixture[];
    notices?: () => AgentNoticesQuery["agentNotices"];
    modelConfigured?: boolean;
    agentBadgeCount?: number;
  } = {},
) {
  const community = communityFixture({ viewerRole: "ADMIN", viewerCapabilities: ADMIN, agentBadgeCount });
  return renderApp(url, {
    signedInAs: adaUser,
    handlers: [
      ...eventDashboardHandlers({ community, rows: () => [] }),
      api.query(AgentsDocument, () => HttpResponse.json({ data: { agents: agents() } })),
      api.query(AgentDocument, ({ variables }) =>
        HttpResponse.json({ data: { agent: agents().find((a) => a.id === variables.id) ?? null } }),
      ),
      api.query(AgentTemplatesDocument, () => HttpResponse.json({ data: { agentTemplates: [] } })),
      api.query(AgentSettingsDocument, () =>
        HttpResponse.json({
          data: {
            agentSettings: { modelConfigured, modelBudgetMicros: 20_000_000, modelSpentMicros: 3_250_000 },
          },
        }),
      ),
      api.query(AgentNoticesDocument, () => HttpResponse.json({ data: { agentNotices: notices() } })),
      api.query(AgentSegmentsDocument, () => HttpResponse.json({ data: { memberSegments: [] } })),
      api.query(AgentRunsDocument, () => {
        const nodes = runs();
        return HttpResponse.json({
          data: { agentRuns: { nodes, totalCount: nodes.length, endCursor: null, hasNextPage: false } },
        });
      }),
      api.query(AgentRunDocument, () => HttpResponse.json({ data: { agentRun: run() } })),
      api.query(AgentApprovalsDocument, () => HttpResponse.json({ data: { agentApprovals: approvals() } })),
    ],
  });
}
