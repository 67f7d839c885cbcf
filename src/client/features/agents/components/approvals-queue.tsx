import { useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeftIcon, CheckIcon, XIcon } from "lucide-react";
import { useState } from "react";
import { EmptyPanel } from "#client/components/layout/dashboard-page.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { notify } from "#client/lib/notify.ts";
import { countOf } from "#client/lib/plural.ts";
import { useAgentsScope } from "../agents-scope.tsx";
import { agentApprovalsQueryOptions, useDecideAgentApprovals } from "../api/agent-runs-queries.ts";
import { agentErrorMessage } from "../error-message.ts";
import { formatWhen } from "../labels.ts";

const checkbox = "size-4 cursor-pointer accent-primary focus-visible:outline-2 focus-visible:outline-ring";
const proposals = (n: number) => countOf(n, { one: "proposal", other: "proposals" });

/** What agents propose, each with its reason; pick some or all, approve or reject them at once. */
export function ApprovalsQueue() {
  const { communityId } = useAgentsScope();
  const { data } = useSuspenseQuery(agentApprovalsQueryOptions(communityId));
  const pending = data.filter((approval) => approval.status.toLowerCase() === "pending");
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const selected = pending.filter((approval) => chosen.has(approval.id));
  const decide = useDecideAgentApprovals();
  const allChosen = pending.length > 0 && selected.length === pending.length;

  function decideSelected(decision: "APPROVE" | "REJECT") {
    const ids = selected.map((approval) => approval.id);
    decide.mutate(
      { communityId, ids, decision },
      {
        onSuccess: () => {
          setChosen(new Set());
          notify("success", `${decision === "APPROVE" ? "Approved" : "Rejected"} ${proposals(ids.length)}.`);
        },
        onError: (error) => notify("error", agentErrorMessage(error, "The proposals could not be decided.")),
      },
    );
  }

  const back = (
    <Link
      to="/dashboard/$communityId/agents"
      params={{ communityId }}
      className="inline-flex items-center gap-2 justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" /> All agents
    </Link>
  );
  if (pending.length === 0) {
    return (
      <div className="grid gap-4">
        {back}
        <EmptyPanel>Nothing waits for approval. Agents set to propose put their actions here.</EmptyPanel>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {back}
      <div className="sticky top-0 z-10 flex flex-wrap items-center gap-3 rounded-xl border bg-background p-3">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className={checkbox}
            checked={allChosen}
            ref={(input) => {
              if (input) input.indeterminate = selected.length > 0 && !allChosen;
            }}
            onChange={(event) =>
              setChosen(event.target.checked ? new Set(pending.map((approval) => approval.id)) : new Set())
            }
          />
          Select all
        </label>
        <span className="text-sm text-muted-foreground" aria-live="polite">
          {selected.length > 0
            ? `${proposals(selected.length)} selected`
            : `${proposals(pending.length)} waiting`}
        </span>
        <div className="ml-auto flex gap-2">
          <Button
            variant="outline"
            disabled={selected.length === 0 || decide.isPending}
            onClick={() => decideSelected("REJECT")}
          >
            <XIcon aria-hidden="true" /> Reject
          </Button>
          <Button
            disabled={selected.length === 0 || decide.isPending}
            onClick={() => decideSelected("APPROVE")}
          >
            <CheckIcon aria-hidden="true" /> Approve
          </Button>
        </div>
      </div>
      <ul className="grid gap-3" aria-label="Proposals">
        {pending.map((approval) => (
          <li key={approval.id} className="flex gap-3 rounded-xl border bg-card p-4 shadow-xs">
            <input
              type="checkbox"
              className={`${checkbox} mt-1`}
              aria-label={`Select: ${approval.step.summary}`}
              checked={chosen.has(approval.id)}
              onChange={(event) => {
                const next = new Set(chosen);
                if (event.target.checked) next.add(approval.id);
                else next.delete(approval.id);
                setChosen(next);
              }}
            />
            <div className="grid min-w-0 gap-1 text-sm">
              <p className="font-medium">{approval.step.summary}</p>
              <p>
                <span className="text-muted-foreground">Why: </span>
                {approval.reason}
              </p>
              <p className="text-muted-foreground">
                <Link
                  to="/dashboard/$communityId/agents/$agentId"
                  params={{ communityId, agentId: approval.agent.id }}
                  search={{ run: approval.run.id }}
                  className="rounded-sm font-medium text-foreground underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  {approval.agent.name}
                </Link>{" "}
                · {approval.run.triggerSummary} · {formatWhen(approval.createdAt)}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
