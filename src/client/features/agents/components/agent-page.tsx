import { useSuspenseQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeftIcon, Trash2Icon } from "lucide-react";
import { useRef, useState } from "react";
import { EmptyPanel } from "#client/components/layout/dashboard-page.tsx";
import { Button } from "#client/components/ui/button.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { notify } from "#client/lib/notify.ts";
import type { AgentDefinition } from "#shared/agents.ts";
import { useAgentsScope } from "../agents-scope.tsx";
import {
  agentQueryOptions,
  agentSettingsQueryOptions,
  agentTemplatesQueryOptions,
  useDeleteAgent,
} from "../api/agents-queries.ts";
import { asDefinition, emptyDefinition } from "../definition.ts";
import { agentErrorMessage } from "../error-message.ts";
import type { AgentSearch } from "../route-search.ts";
import { AgentForm } from "./agent-form.tsx";
import { AgentStatusSwitch } from "./agent-status-switch.tsx";
import { DryRunPanel } from "./dry-run-panel.tsx";
import { RunDetail } from "./run-detail.tsx";
import { RunLog } from "./run-log.tsx";
import { UndoSinceButton } from "./undo-since-dialog.tsx";

/** One agent (or a new one): its form, a dry run, and its run log with each run's steps. */
export function AgentPage({
  agentId,
  search,
  onSearchChange,
  onCreated,
}: {
  agentId: string | null;
  search: AgentSearch;
  onSearchChange: (next: AgentSearch) => void;
  onCreated: (id: string) => void;
}) {
  const { communityId } = useAgentsScope();
  const { data: settings } = useSuspenseQuery(agentSettingsQueryOptions(communityId));
  return (
    <div className="grid gap-8">
      <Link
        to="/dashboard/$communityId/agents"
        params={{ communityId }}
        className="inline-flex items-center gap-2 justify-self-start rounded-sm text-sm text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" /> All agents
      </Link>
      {agentId === null ? (
        <NewAgent
          template={search.template ?? null}
          modelConfigured={settings.modelConfigured}
          onCreated={onCreated}
        />
      ) : (
        <SavedAgent
          agentId={agentId}
          search={search}
          onSearchChange={onSearchChange}
          modelConfigured={settings.modelConfigured}
        />
      )}
    </div>
  );
}

function NewAgent({
  template: key,
  modelConfigured,
  onCreated,
}: {
  template: string | null;
  modelConfigured: boolean;
  onCreated: (id: string) => void;
}) {
  const { communityId } = useAgentsScope();
  const { data: templates } = useSuspenseQuery(agentTemplatesQueryOptions());
  const template = templates.find((t) => t.key === key) ?? null;
  return (
    <AgentForm
      communityId={communityId}
      agentId={null}
      template={template?.key ?? null}
      initialName={template?.name ?? ""}
      initialDefinition={template ? asDefinition(template.definition) : emptyDefinition()}
      webhookSecret={null}
      modelConfigured={modelConfigured}
      onSaved={(agent, allowLeave) => {
        allowLeave();
        onCreated(agent.id);
      }}
      onDraft={() => undefined}
    />
  );
}

function SavedAgent({
  agentId,
  search,
  onSearchChange,
  modelConfigured,
}: {
  agentId: string;
  search: AgentSearch;
  onSearchChange: (next: AgentSearch) => void;
  modelConfigured: boolean;
}) {
  const { communityId } = useAgentsScope();
  const { data: agent } = useSuspenseQuery(agentQueryOptions(agentId));
  const draft = useRef<AgentDefinition | null>(null);
  if (!agent) return <EmptyPanel>This agent no longer exists.</EmptyPanel>;
  const definition = asDefinition(agent.definition);
  return (
    <>
      <div className="flex flex-wrap items-start gap-4">
        <h2 className="min-w-0 flex-1 text-xl font-semibold">{agent.name}</h2>
        <AgentStatusSwitch
          agentId={agent.id}
          name={agent.name}
          status={agent.status}
          pausedReason={agent.pausedReason}
        />
        <DeleteAgentButton agentId={agent.id} name={agent.name} />
      </div>
      <AgentForm
        key={agent.id}
        communityId={communityId}
        agentId={agent.id}
        template={agent.template}
        initialName={agent.name}
        initialDefinition={definition}
        webhookSecret={agent.webhookSecret}
        modelConfigured={modelConfigured}
        onSaved={() => undefined}
        onDraft={(next) => {
          draft.current = next;
        }}
      />
      <DryRunPanel agentId={agent.id} draft={() => draft.current ?? definition} />
      <RunLog
        agentId={agent.id}
        search={search}
        onSearchChange={onSearchChange}
        actions={<UndoSinceButton agentId={agent.id} agentName={agent.name} />}
      />
      <RunDetail runId={search.run ?? null} onClose={() => onSearchChange({ ...search, run: undefined })} />
    </>
  );
}

function DeleteAgentButton({ agentId, name }: { agentId: string; name: string }) {
  const { communityId } = useAgentsScope();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAgent();
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Trash2Icon aria-hidden="true" /> Delete
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => (remove.isPending ? null : setOpen(next))}
        title={`Delete ${name}?`}
        description="It stops at once and its run log goes with it. What it already did stays done."
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => setOpen(false)} disabled={remove.isPending}>
            Keep it
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(agentId, {
                onSuccess: () => {
                  notify("success", `${name} was deleted.`);
                  void navigate({ to: "/dashboard/$communityId/agents", params: { communityId } });
                },
                onError: (error) =>
                  notify("error", agentErrorMessage(error, "The agent could not be deleted.")),
              })
            }
          >
            <Trash2Icon aria-hidden="true" /> Delete agent
          </Button>
        </div>
      </Modal>
    </>
  );
}
