import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#client/components/ui/button.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { formSelectClass } from "#client/components/ui/native-select.ts";
import { AGENT_ACTION_KINDS, AGENT_LIMITS, type AgentAction, type AgentActionKind } from "#shared/agents.ts";
import type { FieldErrors } from "../definition.ts";
import { newAction } from "../definition.ts";
import { ACTION_LABELS } from "../labels.ts";
import { ActionFields } from "./action-fields.tsx";
import { Field } from "./field.tsx";

/** The actions in order: add, remove and move each; each kind shows its own fields. */
export function ActionsFields({
  communityId,
  actions,
  onChange,
  errors,
  webhookSecret,
  modelConfigured,
}: {
  communityId: string;
  actions: AgentAction[];
  onChange: (actions: AgentAction[]) => void;
  errors: FieldErrors;
  webhookSecret: string | null;
  modelConfigured: boolean;
}) {
  const id = useId();
  const [kind, setKind] = useState<AgentActionKind>("email");
  const move = (from: number, to: number) => {
    const next = [...actions];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    onChange(next);
  };
  return (
    <div className="grid gap-4">
      {actions.length === 0 ? (
        <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          No actions yet: add what the agent does, in order.
        </p>
      ) : (
        <ol className="grid gap-4">
          {actions.map((action, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: actions have no identity but their place, which errors use too.
            <li key={index} className="grid gap-4 rounded-lg border p-4">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-sm font-semibold">
                  {index + 1}. {ACTION_LABELS[action.kind]}
                </h3>
                <div className="ml-auto flex gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                    aria-label={`Move action ${index + 1} up`}
                  >
                    <ArrowUpIcon aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    disabled={index === actions.length - 1}
                    onClick={() => move(index, index + 1)}
                    aria-label={`Move action ${index + 1} down`}
                  >
                    <ArrowDownIcon aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => onChange(actions.filter((_, i) => i !== index))}
                    aria-label={`Remove action ${index + 1}`}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </div>
              </div>
              <FieldError>{errors[`actions.${index}.kind`] ?? errors[`actions.${index}`]}</FieldError>
              <ActionFields
                communityId={communityId}
                action={action}
                path={`actions.${index}`}
                onChange={(next) => onChange(actions.map((a, i) => (i === index ? next : a)))}
                errors={errors}
                webhookSecret={webhookSecret}
                modelConfigured={modelConfigured}
              />
            </li>
          ))}
        </ol>
      )}
      <FieldError>{errors.actions}</FieldError>
      {actions.length < AGENT_LIMITS.actions ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-56">
            <Field id={`${id}-kind`} label="Add an action" error={undefined}>
              <select
                id={`${id}-kind`}
                className={formSelectClass}
                value={kind}
                onChange={(event) => setKind(event.target.value as AgentActionKind)}
              >
                {AGENT_ACTION_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {ACTION_LABELS[k]}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <Button variant="outline" onClick={() => onChange([...actions, newAction(kind)])}>
            <PlusIcon aria-hidden="true" /> Add
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">An agent has at most {AGENT_LIMITS.actions} actions.</p>
      )}
    </div>
  );
}
