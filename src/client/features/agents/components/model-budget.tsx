import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { notify } from "#client/lib/notify.ts";
import { agentSettingsQueryOptions, useUpdateAgentSettings } from "../api/agents-queries.ts";
import { agentErrorMessage } from "../error-message.ts";
import { formatMicros } from "../labels.ts";
import { describedBy, Field } from "./field.tsx";

/**
 * The language model's monthly budget for the community, and what it spent this month. Agents
 * that would pass it pause and tell the admins. Without a model configured, it says so instead.
 */
export function ModelBudget({ communityId }: { communityId: string }) {
  const id = useId();
  const settings = useQuery(agentSettingsQueryOptions(communityId));
  const update = useUpdateAgentSettings(communityId);
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  if (!settings.data) return null;
  const { modelConfigured, modelBudgetMicros, modelSpentMicros } = settings.data;
  const value = typed ?? (modelBudgetMicros / 1_000_000).toFixed(2);

  function save(event: React.FormEvent) {
    event.preventDefault();
    const dollars = Number(value);
    if (!value.trim() || !Number.isFinite(dollars) || dollars < 0) {
      setError("Write an amount in dollars, such as 20 or 12.50.");
      return;
    }
    setError(undefined);
    update.mutate(Math.round(dollars * 1_000_000), {
      onSuccess: () => {
        setTyped(null);
        notify("success", "Model budget saved.");
      },
      onError: (failure) =>
        failure instanceof GraphQLRequestError && failure.fields.length > 0
          ? setError(failure.fields[0]?.message)
          : notify("error", agentErrorMessage(failure, "The budget could not be saved.")),
    });
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3 rounded-xl border p-4 sm:p-5">
      <h2 id={`${id}-heading`} className="text-base font-semibold">
        Language model
      </h2>
      {modelConfigured ? (
        <>
          <p className="text-sm text-muted-foreground">
            Spent this month:{" "}
            <span className="font-medium text-foreground">{formatMicros(modelSpentMicros)}</span> of{" "}
            {formatMicros(modelBudgetMicros)}. An agent that would pass the budget pauses and tells the
            admins.
          </p>
          <form onSubmit={save} noValidate className="flex flex-wrap items-end gap-3">
            <div className="w-40">
              <Field id={`${id}-budget`} label="Monthly budget (USD)" error={error}>
                <Input
                  id={`${id}-budget`}
                  inputMode="decimal"
                  value={value}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy(`${id}-budget`, false, error)}
                  onChange={(event) => setTyped(event.target.value)}
                />
              </Field>
            </div>
            <Button type="submit" variant="outline" disabled={update.isPending || typed === null}>
              Save budget
            </Button>
          </form>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          This server has no language model configured: agents send their messages as written and judge
          answers only by the words they contain.
        </p>
      )}
    </section>
  );
}
