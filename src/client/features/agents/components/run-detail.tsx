import { useQuery } from "@tanstack/react-query";
import { PlayIcon, Undo2Icon } from "lucide-react";
import { useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Modal } from "#client/components/ui/modal.tsx";
import { Skeleton } from "#client/components/ui/skeleton.tsx";
import type { AgentRunQuery } from "#client/gql/graphql.ts";
import { notify } from "#client/lib/notify.ts";
import { countOf } from "#client/lib/plural.ts";
import { type AgentActionKind, IRREVERSIBLE_ACTIONS } from "#shared/agents.ts";
import {
  agentRunQueryOptions,
  agentRunReplayQueryOptions,
  useUndoAgentRun,
} from "../api/agent-runs-queries.ts";
import { agentErrorMessage } from "../error-message.ts";
import { ACTION_LABELS, formatDuration, formatMicros, formatWhen } from "../labels.ts";
import { RunStatusBadge, StepStatusBadge } from "./run-status-badge.tsx";

type Run = NonNullable<AgentRunQuery["agentRun"]>;
type Step = Run["steps"][number];

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Why an undone run's step still stands, by its kind: what went out cannot be called back. */
const STAYS_DONE: Partial<Record<AgentActionKind, string>> = {
  email: "Not undone: an email cannot be unsent.",
  notify_admins: "Not undone: the admins' notice stays sent.",
  webhook: "Not undone: the webhook call stays made.",
};

function stepDuration(step: Step): string {
  if (!step.startedAt || !step.finishedAt) return "—";
  return formatDuration(new Date(step.finishedAt).getTime() - new Date(step.startedAt).getTime());
}

/** One run step by step (inputs, outputs, errors, time, model use), with "Undo this run". */
export function RunDetail({ runId, onClose }: { runId: string | null; onClose: () => void }) {
  const run = useQuery({ ...agentRunQueryOptions(runId ?? ""), enabled: runId !== null });
  return (
    <Modal open={runId !== null} onOpenChange={(open) => (open ? null : onClose())} title="Run" side="right">
      {run.isPending ? (
        <div className="grid gap-3" role="status" aria-label="Loading the run">
          <Skeleton className="h-6 w-48" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : run.isError || !run.data ? (
        <p role="alert" className="text-sm text-destructive">
          {agentErrorMessage(run.error, "The run could not be loaded.")}
        </p>
      ) : (
        <RunBody run={run.data} />
      )}
    </Modal>
  );
}

function RunBody({ run }: { run: Run }) {
  const [confirming, setConfirming] = useState(false);
  const undo = useUndoAgentRun();
  const irreversible = run.steps.filter(
    (step) =>
      step.status === "DONE" &&
      (!step.reversible || IRREVERSIBLE_ACTIONS.includes(step.kind as AgentActionKind)),
  );
  return (
    <div className="grid gap-5 text-sm">
      <div className="grid gap-1">
        <p className="font-medium">{run.triggerSummary}</p>
        <p className="text-muted-foreground">
          {run.agent.name} · {formatWhen(run.createdAt)}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <RunStatusBadge status={run.status} />
          {run.undoneAt ? (
            <span className="text-muted-foreground">Undone {formatWhen(run.undoneAt)}</span>
          ) : null}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
        <Fact label="Duration" value={formatDuration(run.durationMs)} />
        <Fact label="Messages sent" value={run.messagesSent.toLocaleString()} />
        <Fact label="Model tokens" value={run.modelTokens.toLocaleString()} />
        <Fact label="Model cost" value={formatMicros(run.modelCostMicros)} />
        <Fact label="Attempts" value={run.attempts.toLocaleString()} />
        {run.subject ? <Fact label="Person" value={run.subject.name} /> : null}
        {run.event ? <Fact label="Event" value={run.event.title} /> : null}
      </dl>
      {run.error ? (
        <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-destructive">
          {run.error}
        </p>
      ) : null}
      <section aria-label="Steps" className="grid gap-3">
        <h3 className="font-semibold">Steps</h3>
        {run.steps.length === 0 ? (
          <p className="text-muted-foreground">No steps: the run did nothing.</p>
        ) : (
          <ol className="grid gap-3">
            {run.steps.map((step) => (
              <li key={step.id} className="grid gap-2 rounded-lg border p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">
                    {step.index + 1}. {ACTION_LABELS[step.kind as AgentActionKind] ?? step.kind}
                  </span>
                  <StepStatusBadge status={step.status} />
                  <span className="ml-auto text-muted-foreground tabular-nums">{stepDuration(step)}</span>
                </div>
                <p>{step.summary}</p>
                {step.reason ? <p className="text-muted-foreground">Why: {step.reason}</p> : null}
                {step.error ? <p className="text-destructive">Error: {step.error}</p> : null}
                {run.undoneAt && step.status === "DONE" ? (
                  <p className="text-muted-foreground">
                    {STAYS_DONE[step.kind as AgentActionKind] ??
                      "Not undone: this step cannot be taken back."}
                  </p>
                ) : null}
                {step.attempts > 1 ? (
                  <p className="text-muted-foreground">Tried {step.attempts} times.</p>
                ) : null}
                <details>
                  <summary className="cursor-pointer text-muted-foreground">Input and output</summary>
                  <p className="mt-2 text-xs font-medium">Input</p>
                  <pre className="mt-1 max-h-60 overflow-auto rounded-md bg-muted p-2 text-xs">
                    {json(step.input)}
                  </pre>
                  <p className="mt-2 text-xs font-medium">Output</p>
                  <pre className="mt-1 max-h-60 overflow-auto rounded-md bg-muted p-2 text-xs">
                    {step.output == null ? "None" : json(step.output)}
                  </pre>
                </details>
              </li>
            ))}
          </ol>
        )}
      </section>
      <Replay runId={run.id} />
      {run.undoable ? (
        <div className="grid gap-3 border-t pt-4">
          {confirming ? (
            <div className="grid gap-3">
              <p>
                Undo takes back tags and decisions and deletes unsent drafts.
                {irreversible.length > 0
                  ? ` ${countOf(irreversible.length, { one: "step", other: "steps" })} cannot be taken back: emails cannot be unsent, and admin notices and webhook calls stay sent.`
                  : " Emails cannot be unsent."}
              </p>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" onClick={() => setConfirming(false)} disabled={undo.isPending}>
                  Keep it
                </Button>
                <Button
                  variant="destructive"
                  disabled={undo.isPending}
                  onClick={() =>
                    undo.mutate(run.id, {
                      onSuccess: () => {
                        setConfirming(false);
                        notify("success", "The run was undone.");
                      },
                      onError: (error) =>
                        notify("error", agentErrorMessage(error, "The run could not be undone.")),
                    })
                  }
                >
                  <Undo2Icon aria-hidden="true" /> Undo the run
                </Button>
              </div>
            </div>
          ) : (
            <Button variant="outline" onClick={() => setConfirming(true)} className="justify-self-start">
              <Undo2Icon aria-hidden="true" /> Undo this run
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}

type ReplayedPlan = {
  skipped: string | null;
  steps: { summary: string }[];
  stoppedAt: { index: number; limit: string } | null;
};

/** A plan's steps with their place in it (1, 2, …): the list's stable keys. */
const numbered = (steps: ReplayedPlan["steps"]) =>
  steps.map((step, index) => ({ ...step, number: index + 1 }));

/** Plans the run's trigger again with today's data, beside what the run did: nothing is sent or changed. */
function Replay({ runId }: { runId: string }) {
  const [asked, setAsked] = useState(false);
  const replay = useQuery({ ...agentRunReplayQueryOptions(runId), enabled: asked });
  const plan = replay.data as ReplayedPlan | null | undefined;
  return (
    <section aria-label="Replay with today's data" className="grid gap-2">
      <h3 className="font-semibold">Replay with today's data</h3>
      <p className="text-muted-foreground">
        What the agent would do for the same trigger now, planned as a dry run is. Nothing is sent or changed.
      </p>
      {!asked ? (
        <Button variant="outline" className="justify-self-start" onClick={() => setAsked(true)}>
          <PlayIcon aria-hidden="true" /> Replay
        </Button>
      ) : replay.isPending ? (
        <p role="status" className="text-muted-foreground">
          Planning…
        </p>
      ) : replay.isError ? (
        <p role="alert" className="text-destructive">
          {agentErrorMessage(replay.error, "The run could not be replayed.")}
        </p>
      ) : !plan ? (
        <p className="text-muted-foreground">The agent is gone: there is nothing to replay.</p>
      ) : plan.skipped ? (
        <p>Today it would do nothing: {plan.skipped}</p>
      ) : (
        <ol className="grid list-decimal gap-1 pl-5" aria-label="Steps it would take today">
          {numbered(plan.steps).map((step) => (
            <li key={step.number}>
              {step.summary}
              {plan.stoppedAt && plan.stoppedAt.index < step.number ? (
                <span className="text-muted-foreground"> (stopped by a limit)</span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}
