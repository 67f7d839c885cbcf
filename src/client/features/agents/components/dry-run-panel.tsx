import { PlayIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { formSelectClass } from "#client/components/ui/native-select.ts";
import { Spinner } from "#client/components/ui/spinner.tsx";
import { countOf } from "#client/lib/plural.ts";
import type { AgentTriggerKind } from "#shared/agents.ts";
import { useDryRunAgent } from "../api/agent-runs-queries.ts";
import { type DryRunView, dryRunViews, LIMIT_WORDS, periodRange } from "../dry-run.ts";
import { agentErrorMessage } from "../error-message.ts";
import { formatWhen, TRIGGER_LABELS } from "../labels.ts";
import { Field } from "./field.tsx";

type Choice = "7" | "30" | "dates";

/**
 * A rehearsal: what the agent, as the form now has it, would have done over a past period. Sends
 * nothing and changes nothing; shows the totals and each would-be run.
 */
export function DryRunPanel({ agentId, draft }: { agentId: string; draft: () => unknown }) {
  const id = useId();
  const dryRun = useDryRunAgent();
  const [choice, setChoice] = useState<Choice>("7");
  const [dates, setDates] = useState({ from: "", to: "" });
  const [error, setError] = useState<string | null>(null);
  const result = dryRun.data;
  const views = result ? dryRunViews(result.runs) : [];

  function run(event: React.FormEvent) {
    event.preventDefault();
    const range = periodRange(choice, dates, new Date());
    if (!range) {
      setError("Choose a first and a last day, the first not after the last.");
      return;
    }
    setError(null);
    dryRun.mutate(
      { id: agentId, definition: draft(), ...range },
      { onError: (failure) => setError(agentErrorMessage(failure, "The dry run could not be made.")) },
    );
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="grid gap-4 rounded-2xl border bg-card p-5 shadow-xs sm:p-6"
    >
      <div className="grid gap-1">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          Dry run
        </h2>
        <p className="text-sm text-muted-foreground">
          What this agent, as the form has it now, would have done over past days. Nothing is sent or changed.
          Each trigger is weighed as things stood at that moment: tags, roles, join requests and registrations
          waiting for a decision, and what the agent itself would have changed by then. Activity, plans and
          event details are read as they are today.
        </p>
      </div>
      <form onSubmit={run} noValidate className="flex flex-wrap items-end gap-3">
        <div className="min-w-44">
          <Field id={`${id}-period`} label="Period" error={undefined}>
            <select
              id={`${id}-period`}
              className={formSelectClass}
              value={choice}
              onChange={(event) => setChoice(event.target.value as Choice)}
            >
              <option value="7">Last 7 days</option>
              <option value="30">Last 30 days</option>
              <option value="dates">Between dates</option>
            </select>
          </Field>
        </div>
        {choice === "dates" ? (
          <>
            <Field id={`${id}-from`} label="First day" error={undefined}>
              <Input
                id={`${id}-from`}
                type="date"
                value={dates.from}
                onChange={(event) => setDates({ ...dates, from: event.target.value })}
              />
            </Field>
            <Field id={`${id}-to`} label="Last day" error={undefined}>
              <Input
                id={`${id}-to`}
                type="date"
                value={dates.to}
                onChange={(event) => setDates({ ...dates, to: event.target.value })}
              />
            </Field>
          </>
        ) : null}
        <Button type="submit" variant="outline" disabled={dryRun.isPending}>
          {dryRun.isPending ? <Spinner label="Rehearsing" /> : <PlayIcon aria-hidden="true" />} Run dry run
        </Button>
      </form>
      <FieldError>{error}</FieldError>
      {result ? (
        <div className="grid gap-4" aria-live="polite">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
            <Total label="Triggers" value={result.totals.triggers} />
            <Total label="Would act" value={result.totals.acting} />
            <Total label="Messages" value={result.totals.messages} />
            <Total label="Tag changes" value={result.totals.tagChanges} />
            <Total label="Decisions" value={result.totals.decisions} />
            <Total label="Stopped by a limit" value={result.totals.stoppedByLimit} />
          </dl>
          {views.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing triggered the agent in that period.</p>
          ) : (
            <ol className="grid gap-3" aria-label="Would-be runs">
              {views.map((view, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a rehearsal's runs have no ids; their order is the record.
                <WouldBeRun key={index} view={view} />
              ))}
            </ol>
          )}
        </div>
      ) : null}
    </section>
  );
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value.toLocaleString()}</dd>
    </div>
  );
}

function WouldBeRun({ view }: { view: DryRunView }) {
  const label = TRIGGER_LABELS[view.triggerKind as AgentTriggerKind] ?? view.triggerKind;
  return (
    <li className="grid gap-2 rounded-lg border p-3 text-sm">
      <p>
        <span className="font-medium">{label}</span>
        <span className="text-muted-foreground"> · {formatWhen(view.occurredAt)}</span>
      </p>
      {view.skipped ? <p className="text-muted-foreground">Would do nothing: {view.skipped}</p> : null}
      {view.steps.length > 0 ? (
        <ol className="grid gap-2">
          {view.steps.map((step, index) => {
            const stopped = view.stoppedAt !== null && index >= view.stoppedAt.index;
            return (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: planned steps are identified by their place.
                key={index}
                className={stopped ? "grid gap-1 text-muted-foreground line-through" : "grid gap-1"}
              >
                <span>
                  {step.summary}
                  {step.messages > 0
                    ? ` (${countOf(step.messages, { one: "message", other: "messages" })})`
                    : ""}
                </span>
                {step.subject !== null && !stopped ? (
                  <details className="rounded-md bg-muted/50 px-3 py-2">
                    <summary className="cursor-pointer font-medium">Message: {step.subject}</summary>
                    <pre className="mt-2 font-sans whitespace-pre-wrap">{step.body}</pre>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      {view.stoppedAt ? (
        <p className="font-medium text-destructive">
          Stopped at step {view.stoppedAt.index + 1} by {LIMIT_WORDS[view.stoppedAt.limit] ?? "a limit"}.
        </p>
      ) : null}
    </li>
  );
}
