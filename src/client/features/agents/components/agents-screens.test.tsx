import { screen, waitFor, within } from "@testing-library/react";
import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import {
  DecideAgentApprovalsDocument,
  type DecideAgentApprovalsMutationVariables,
  DryRunAgentDocument,
  type DryRunAgentMutationVariables,
  MarkAgentNoticesReadDocument,
  UndoAgentRunDocument,
  UpdateAgentSettingsDocument,
} from "#client/gql/graphql.ts";
import { api, server } from "#client/test-network.ts";
import {
  type ApprovalFixture,
  agentFixture,
  openAgents,
  runFixture,
  runRow,
} from "../agents-test-support.ts";

function approval(id: string, summary: string, reason: string): ApprovalFixture {
  return {
    id,
    reason,
    status: "pending",
    createdAt: "2026-03-01T10:00:00.000Z",
    agent: { id: "a1", name: "Welcome new members" },
    run: { id: `r-${id}`, triggerSummary: "Someone asked to join", subject: null, event: null },
    step: { id: `s-${id}`, kind: "decide_join_request", summary },
  };
}

describe("the agents screens", () => {
  it("rehearses the form's unsaved edits over the last 30 days and shows each would-be run, its message and the limit that stopped it", async () => {
    const asked: DryRunAgentMutationVariables[] = [];
    server.use(
      api.mutation(DryRunAgentDocument, ({ variables }) => {
        asked.push(variables);
        return HttpResponse.json({
          data: {
            dryRunAgent: {
              id: "d1",
              from: variables.input.from,
              to: variables.input.to,
              createdAt: variables.input.to,
              totals: { triggers: 2, acting: 2, messages: 2, tagChanges: 1, decisions: 0, stoppedByLimit: 1 },
              runs: [
                {
                  trigger: { kind: "member_joined", occurredAt: "2026-02-20T09:00:00.000Z" },
                  skipped: null,
                  stoppedAt: null,
                  steps: [
                    {
                      kind: "email",
                      summary: "Email 'Hello Makers' to Bo Member",
                      reason: "Bo Member joined",
                      messages: 1,
                      input: { subject: "Hello Makers", body: "Hi Bo, welcome!" },
                    },
                    {
                      kind: "add_tag",
                      summary: "Tag Bo Member 'new'",
                      reason: "",
                      messages: 0,
                      input: { tag: "new" },
                    },
                  ],
                },
                {
                  trigger: { kind: "member_joined", occurredAt: "2026-02-21T09:00:00.000Z" },
                  skipped: null,
                  stoppedAt: { index: 0, limit: "messages_per_day" },
                  steps: [
                    {
                      kind: "email",
                      summary: "Email 'Hello Makers' to Cy Member",
                      reason: "",
                      messages: 1,
                      input: { subject: "Hello Makers", body: "Hi Cy" },
                    },
                  ],
                },
              ],
            },
          },
        });
      }),
    );
    const { user } = await openAgents("/dashboard/c1/agents/a1");
    const subject = await screen.findByLabelText("Subject");
    await user.clear(subject);
    await user.type(subject, "Hello Makers");
    expect(screen.getByTestId("agent-sentence")?.textContent).toContain("'Hello Makers'");

    await user.selectOptions(screen.getByLabelText("Period"), "30");
    await user.click(screen.getByRole("button", { name: /Run dry run/ }));

    const runs = await screen.findByRole("list", { name: "Would-be runs" });
    const [first, second] = within(runs)
      .getAllByRole("listitem")
      .filter((item) => item.parentElement === runs);
    expect(first?.textContent).toContain("Email 'Hello Makers' to Bo Member (1 message)");
    expect(first?.textContent).toContain("Hi Bo, welcome!");
    expect(second?.textContent).toContain("Stopped at step 1 by the messages-per-day limit.");
    expect(screen.getByText("Stopped by a limit", { selector: "dt" }).nextSibling?.textContent).toContain(
      "1",
    );
    expect(asked).toHaveLength(1);
    const [{ input }] = asked as [DryRunAgentMutationVariables];
    const rehearsed = input.definition as { actions: { subject?: string }[] };
    expect(rehearsed.actions[0]?.subject).toBe("Hello Makers");
    const days = (Date.parse(input.to) - Date.parse(input.from)) / 86_400_000;
    expect(Math.round(days)).toBe(30);
  });

  it("approves two of three proposals at once, each shown with the agent's reason, and the sidebar counts what waits", async () => {
    let pending = [
      approval("p1", "Approve Ann's request to join", "Her answers mention woodworking"),
      approval("p2", "Approve Ben's request to join", "His answers mention carpentry"),
      approval("p3", "Approve Cat's request to join", "Her answers mention joinery"),
    ];
    const decided: DecideAgentApprovalsMutationVariables[] = [];
    server.use(
      api.mutation(DecideAgentApprovalsDocument, ({ variables }) => {
        decided.push(variables);
        const ids = [variables.input.ids].flat().map(String);
        pending = pending.filter((p) => !ids.includes(p.id));
        return HttpResponse.json({
          data: { decideAgentApprovals: ids.map((id) => ({ id, status: "approved" })) },
        });
      }),
    );
    const { user } = await openAgents("/dashboard/c1/agents/approvals", {
      approvals: () => pending,
      agentBadgeCount: 3,
    });
    const nav = await screen.findByRole("navigation", { name: "Community" });
    expect(within(nav).getByRole("link", { name: /Agents/ })?.textContent).toContain(
      "3 agent items to review",
    );
    expect(await screen.findByText("Her answers mention woodworking")).toBeTruthy();

    await user.click(screen.getByRole("checkbox", { name: "Select: Approve Ann's request to join" }));
    await user.click(screen.getByRole("checkbox", { name: "Select: Approve Cat's request to join" }));
    expect(screen.getByText("2 proposals selected")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Approve" }));

    await waitFor(() => expect(screen.queryByText("Her answers mention woodworking")).toBeNull());
    expect(decided).toEqual([{ input: { communityId: "c1", ids: ["p1", "p3"], decision: "APPROVE" } }]);
    expect(screen.getByText("His answers mention carpentry")).toBeTruthy();
    expect(screen.getByText("1 proposal waiting")).toBeTruthy();
  });

  it("opens a run step by step from the log and undoes it after saying the email cannot be unsent", async () => {
    let run = runFixture();
    const undone: string[] = [];
    server.use(
      api.mutation(UndoAgentRunDocument, ({ variables }) => {
        undone.push(String(variables.id));
        run = { ...run, undoneAt: "2026-03-02T10:00:00.000Z", undoable: false };
        return HttpResponse.json({
          data: { undoAgentRun: { id: run.id, undoneAt: run.undoneAt, undoable: false } },
        });
      }),
    );
    const { user } = await openAgents("/dashboard/c1/agents/a1", {
      runs: () => [runRow(run)],
      run: () => run,
    });
    const log = await screen.findByRole("region", { name: "Run log" });
    expect(await within(log).findByText("Bo Member joined")).toBeTruthy();
    await user.click(within(within(log).getByRole("table")).getAllByRole("button")[0] as HTMLElement);

    const drawer = await screen.findByRole("dialog", { name: "Run" });
    const steps = await within(drawer).findByRole("region", { name: "Steps" });
    expect(steps?.textContent).toContain("Email 'Welcome to Makers' to Bo Member");
    expect(steps?.textContent).toContain("Tag Bo Member 'new'");
    expect(within(drawer).getByText("1.2 s")).toBeTruthy();

    await user.click(within(drawer).getByRole("button", { name: "Undo this run" }));
    expect(within(drawer).getByText(/emails cannot be unsent/)).toBeTruthy();
    await user.click(within(drawer).getByRole("button", { name: "Undo the run" }));
    await waitFor(() => expect(undone).toEqual(["r1"]));
    expect(await within(drawer).findByText(/Undone/)).toBeTruthy();
    expect(within(drawer).queryByRole("button", { name: "Undo this run" })).toBeNull();
  });

  it("offers judging by model instructions only with a model configured, and says why", async () => {
    const { user } = await openAgents("/dashboard/c1/agents/new");
    await user.selectOptions(await screen.findByLabelText("Trigger"), "join_requested");
    const how = screen.getByLabelText("How");
    expect(
      (within(how).getByRole("option", { name: /model follows my instructions/ }) as HTMLOptionElement)
        .disabled,
    ).toBe(true);
    expect(screen.getByText(/needs a language model, which this server has not configured/)).toBeTruthy();
  });

  it("lists a paused agent with its reason, off until switched on again, under its notice until that is marked read", async () => {
    let read = false;
    server.use(
      api.mutation(MarkAgentNoticesReadDocument, () => {
        read = true;
        return HttpResponse.json({ data: { markAgentNoticesRead: 1 } });
      }),
    );
    const { user } = await openAgents("/dashboard/c1/agents", {
      agents: () => [agentFixture({ status: "PAUSED", pausedReason: "It reached 500 messages today." })],
      notices: () => [
        {
          id: "n1",
          message: "Welcome new members paused: it reached its daily limit of 500 messages.",
          createdAt: "2026-03-01T10:00:00.000Z",
          read,
          agent: { id: "a1", name: "Welcome new members" },
        },
      ],
    });
    const notices = await screen.findByRole("region", { name: "1 unread notice" });
    expect(notices.textContent).toContain("it reached its daily limit of 500 messages");
    await user.click(within(notices).getByRole("button", { name: "Mark as read" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: "1 unread notice" })).toBeNull());
    const toggle = await screen.findByRole("switch", { name: /Welcome new members/ });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    expect(screen.getByText("Paused: It reached 500 messages today.")).toBeTruthy();
    expect(screen.getByText("Messages today:").nextSibling?.textContent).toContain("2");
  });

  it("sets the model's monthly budget in dollars beside what it spent this month", async () => {
    const budgets: number[] = [];
    server.use(
      api.mutation(UpdateAgentSettingsDocument, ({ variables }) => {
        budgets.push(variables.input.modelBudgetMicros);
        return HttpResponse.json({
          data: {
            updateAgentSettings: {
              modelConfigured: true,
              modelBudgetMicros: variables.input.modelBudgetMicros,
              modelSpentMicros: 3_250_000,
            },
          },
        });
      }),
    );
    const { user } = await openAgents("/dashboard/c1/agents", { modelConfigured: true });
    const section = await screen.findByRole("region", { name: "Language model" });
    expect(section.textContent).toContain("Spent this month: $3.25 of $20.00");
    const budget = within(section).getByLabelText("Monthly budget (USD)");
    await user.clear(budget);
    await user.type(budget, "12.5");
    await user.click(within(section).getByRole("button", { name: "Save budget" }));
    await waitFor(() => expect(section.textContent).toContain("of $12.50"));
    expect(budgets).toEqual([12_500_000]);
  });
});
