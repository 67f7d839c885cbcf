import { useQuery, useSuspenseQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { BellIcon, BotIcon, InboxIcon, PlusIcon } from "lucide-react";
import { useState } from "react";
import { EmptyPanel } from "#client/components/layout/dashboard-page.tsx";
import { Button, buttonVariants } from "#client/components/ui/button.tsx";
import { notify } from "#client/lib/notify.ts";
import { countOf } from "#client/lib/plural.ts";
import { useAgentsScope } from "../agents-scope.tsx";
import {
  agentNoticesQueryOptions,
  agentsQueryOptions,
  useMarkAgentNoticesRead,
} from "../api/agents-queries.ts";
import { agentErrorMessage } from "../error-message.ts";
import { formatWhen } from "../labels.ts";
import { AgentStatusSwitch } from "./agent-status-switch.tsx";
import { ModelBudget } from "./model-budget.tsx";
import { NewAgentDialog } from "./new-agent-dialog.tsx";

/** Every agent of the community with its switch and figures, the unread notices, and "New agent". */
export function AgentsList() {
  const { communityId } = useAgentsScope();
  const { data: agents } = useSuspenseQuery(agentsQueryOptions(communityId));
  const [choosing, setChoosing] = useState(false);
  const pending = agents.reduce((sum, agent) => sum + agent.pendingApprovalCount, 0);
  return (
    <div className="grid gap-6">
      <NoticesBanner communityId={communityId} />
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => setChoosing(true)}>
          <PlusIcon aria-hidden="true" /> New agent
        </Button>
        <Link
          to="/dashboard/$communityId/agents/approvals"
          params={{ communityId }}
          className={buttonVariants({ variant: "outline" })}
        >
          <InboxIcon aria-hidden="true" /> Approvals
          {pending > 0 ? <span className="tabular-nums">({pending})</span> : null}
        </Link>
      </div>
      {agents.length === 0 ? (
        <EmptyPanel>
          <BotIcon className="mx-auto mb-3 size-8" aria-hidden="true" />
          No agents yet. Start from a template, such as welcoming new members, or from scratch.
        </EmptyPanel>
      ) : (
        <ul className="grid gap-3" aria-label="Agents">
          {agents.map((agent) => (
            <li
              key={agent.id}
              className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs sm:grid-cols-[1fr_auto] sm:p-5"
            >
              <div className="grid min-w-0 gap-1">
                <h2 className="text-base font-semibold">
                  <Link
                    to="/dashboard/$communityId/agents/$agentId"
                    params={{ communityId, agentId: agent.id }}
                    className="rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    {agent.name}
                  </Link>
                </h2>
                <p className="text-sm text-muted-foreground">{agent.description}</p>
                <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
                  <Figure label="Last run" value={formatWhen(agent.lastRunAt)} />
                  <Figure label="Runs" value={agent.runCount.toLocaleString()} />
                  <Figure label="Messages today" value={agent.messagesToday.toLocaleString()} />
                  {agent.pendingApprovalCount > 0 ? (
                    <Figure
                      label="Waiting for approval"
                      value={agent.pendingApprovalCount.toLocaleString()}
                    />
                  ) : null}
                </dl>
              </div>
              <AgentStatusSwitch
                agentId={agent.id}
                name={agent.name}
                status={agent.status}
                pausedReason={agent.pausedReason}
              />
            </li>
          ))}
        </ul>
      )}
      <ModelBudget communityId={communityId} />
      <NewAgentDialog open={choosing} onOpenChange={setChoosing} />
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex gap-1">
      <dt className="text-muted-foreground">{label}:</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
}

/** Unread notices (a paused agent, a limit reached), each with its agent, and "Mark as read". */
function NoticesBanner({ communityId }: { communityId: string }) {
  const notices = useQuery(agentNoticesQueryOptions(communityId));
  const markRead = useMarkAgentNoticesRead(communityId);
  const unread = (notices.data ?? []).filter((notice) => !notice.read);
  if (unread.length === 0) return null;
  return (
    <section
      aria-labelledby="agent-notices-heading"
      className="grid gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4"
    >
      <div className="flex flex-wrap items-center gap-3">
        <BellIcon className="size-4 text-destructive" aria-hidden="true" />
        <h2 id="agent-notices-heading" className="text-sm font-semibold">
          {countOf(unread.length, { one: "unread notice", other: "unread notices" })}
        </h2>
        <Button
          variant="outline"
          size="sm"
          className="ml-auto"
          disabled={markRead.isPending}
          onClick={() =>
            markRead.mutate(undefined, {
              onError: (error) =>
                notify("error", agentErrorMessage(error, "The notices could not be marked read.")),
            })
          }
        >
          Mark as read
        </Button>
      </div>
      <ul className="grid gap-1 text-sm">
        {unread.map((notice) => (
          <li key={notice.id}>
            <span className="text-muted-foreground">{formatWhen(notice.createdAt)}</span>
            {notice.agent ? <span className="font-medium"> · {notice.agent.name}</span> : null}:{" "}
            {notice.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
