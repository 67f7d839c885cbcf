import { useQuery } from "@tanstack/react-query";
import { SaveIcon } from "lucide-react";
import { useId, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Button } from "#client/components/ui/button.tsx";
import { ChoiceGroup } from "#client/components/ui/choice-group.tsx";
import { FieldError } from "#client/components/ui/field-message.tsx";
import { Input } from "#client/components/ui/input.tsx";
import { useUnsavedChanges } from "#client/components/ui/unsaved-changes.tsx";
import { GraphQLRequestError } from "#client/lib/graphql.ts";
import { notify } from "#client/lib/notify.ts";
import { describeAgent } from "#shared/agent-describe.ts";
import { AGENT_LIMITS, type AgentApprovalMode, type AgentDefinition } from "#shared/agents.ts";
import { agentSegmentsQueryOptions, useCreateAgent, useUpdateAgent } from "../api/agents-queries.ts";
import { type FieldErrors, fieldErrorsOf } from "../definition.ts";
import { agentErrorMessage } from "../error-message.ts";
import { ActionsFields } from "./actions-fields.tsx";
import { ConditionsFields } from "./conditions-fields.tsx";
import { describedBy, Field, NumberField } from "./field.tsx";
import { TriggerFields } from "./trigger-fields.tsx";

const APPROVAL_CHOICES = [
  {
    value: "propose",
    label: "Propose, I approve",
    hint: "Each action waits in the approvals queue until someone approves it.",
  },
  { value: "act", label: "Act on its own", hint: "Actions happen right away; you can undo them later." },
] as const;

export type SavedAgent = { id: string; name: string; definition: unknown; webhookSecret: string | null };

/** Words lists keep what is being typed; what is saved has no blanks or stray spaces. */
function cleaned(definition: AgentDefinition): AgentDefinition {
  const judgement = definition.conditions.judgement;
  return {
    ...definition,
    conditions: {
      ...definition.conditions,
      judgement:
        judgement?.kind === "answers_contain"
          ? { ...judgement, words: judgement.words.map((w) => w.trim()).filter(Boolean) }
          : judgement,
    },
  };
}

/**
 * The agent's form: name, trigger, conditions, actions, approval mode and limits, with the
 * sentence saying what it does as it is edited. Field errors from the server show under each
 * field; nothing typed is lost when saving fails.
 */
export function AgentForm({
  communityId,
  agentId,
  template,
  initialName,
  initialDefinition,
  webhookSecret,
  modelConfigured,
  onSaved,
  onDraft,
}: {
  communityId: string;
  /** Null: a new agent, created on the first save. */
  agentId: string | null;
  template: string | null;
  initialName: string;
  initialDefinition: AgentDefinition;
  webhookSecret: string | null;
  modelConfigured: boolean;
  onSaved: (agent: SavedAgent, allowLeave: () => void) => void;
  /** Told each edit, so the dry run can rehearse what the form has before it is saved. */
  onDraft: (definition: AgentDefinition) => void;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [name, setName] = useState(initialName);
  const [definition, setDefinition] = useState(initialDefinition);
  const [saved, setSaved] = useState({ name: initialName, definition: initialDefinition });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<{ message: string; code: string } | null>(null);
  const create = useCreateAgent();
  const update = useUpdateAgent();
  const pending = create.isPending || update.isPending;
  const dirty = name !== saved.name || definition !== saved.definition;
  const { prompt, allowLeave } = useUnsavedChanges(dirty);
  const segments = useQuery(agentSegmentsQueryOptions(communityId));
  const sentence = useMemo(
    () =>
      describeAgent(definition, {
        segments: Object.fromEntries((segments.data ?? []).map((s) => [s.id, s.name])),
      }),
    [definition, segments.data],
  );
  const set = <K extends keyof AgentDefinition>(key: K, value: AgentDefinition[K]) => {
    const next = { ...definition, [key]: value };
    setDefinition(next);
    onDraft(cleaned(next));
  };

  /** The first field the errors name gets focus, so a keyboard or screen reader user lands on it. */
  function focusFirstError() {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = "Give the agent a name.";
    if (definition.actions.length === 0) found.actions = "Add at least one action.";
    flushSync(() => {
      setErrors(found);
      setFormError(null);
    });
    if (Object.keys(found).length > 0) return focusFirstError();
    const body = cleaned(definition);
    try {
      const agent =
        agentId === null
          ? await create.mutateAsync({ communityId, name: name.trim(), template, definition: body })
          : await update.mutateAsync({ id: agentId, name: name.trim(), definition: body });
      setSaved({ name, definition });
      setErrors({});
      notify(
        "success",
        agentId === null ? "Agent created. It stays off until you switch it on." : "Agent saved.",
      );
      onSaved(agent, allowLeave);
    } catch (failure) {
      if (failure instanceof GraphQLRequestError && failure.fields.length > 0) {
        flushSync(() => {
          setErrors(fieldErrorsOf(failure.fields));
          setFormError({
            message: "Some fields need a look: see the messages below them.",
            code: failure.code,
          });
        });
        focusFirstError();
      } else if (failure instanceof GraphQLRequestError) {
        setFormError({
          message: agentErrorMessage(failure, "The agent could not be saved."),
          code: failure.code,
        });
      } else notify("error", "The agent could not be saved.");
    }
  }

  return (
    <form
      ref={form}
      onSubmit={handleSubmit}
      noValidate
      className="grid gap-6"
      aria-labelledby={`${id}-heading`}
    >
      {prompt}
      <h2 id={`${id}-heading`} className="sr-only">
        What the agent does
      </h2>
      <div className="rounded-xl border bg-muted/40 p-4">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">In one sentence</p>
        <p className="mt-1 text-base font-medium" aria-live="polite" data-testid="agent-sentence">
          {sentence}
        </p>
      </div>
      <Field id={`${id}-name`} label="Name" error={errors.name}>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={AGENT_LIMITS.nameLength}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy(`${id}-name`, false, errors.name)}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <FormSection title="When">
        <TriggerFields
          trigger={definition.trigger}
          onChange={(trigger) => set("trigger", trigger)}
          errors={errors}
        />
      </FormSection>
      <FormSection title="Only if">
        <ConditionsFields
          communityId={communityId}
          trigger={definition.trigger}
          conditions={definition.conditions}
          onChange={(conditions) => set("conditions", conditions)}
          errors={errors}
          modelConfigured={modelConfigured}
        />
      </FormSection>
      <FormSection title="Do">
        <ActionsFields
          communityId={communityId}
          actions={definition.actions}
          onChange={(actions) => set("actions", actions)}
          errors={errors}
          webhookSecret={webhookSecret}
          modelConfigured={modelConfigured}
        />
      </FormSection>
      <ChoiceGroup<AgentApprovalMode>
        legend="Approval"
        name={`${id}-approval`}
        value={definition.approvalMode}
        onChange={(mode) => set("approvalMode", mode)}
        choices={APPROVAL_CHOICES}
        error={errors.approvalMode}
        errorId={`${id}-approval-error`}
      />
      <FormSection title="Limits">
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField
            label="Messages per run"
            value={definition.limits.messagesPerRun}
            max={AGENT_LIMITS.messagesPerRunMax}
            error={errors["limits.messagesPerRun"]}
            onChange={(messagesPerRun) => set("limits", { ...definition.limits, messagesPerRun })}
          />
          <NumberField
            label="Messages per day"
            value={definition.limits.messagesPerDay}
            max={AGENT_LIMITS.messagesPerDayMax}
            error={errors["limits.messagesPerDay"]}
            onChange={(messagesPerDay) => set("limits", { ...definition.limits, messagesPerDay })}
          />
        </div>
        <p className="mt-2 text-sm text-muted-foreground">
          Past a limit the agent pauses and tells the admins, so a mistake can&apos;t email everyone.
        </p>
      </FormSection>
      <FieldError code={formError?.code}>{formError?.message}</FieldError>
      <div className="flex justify-end border-t pt-5">
        <Button type="submit" disabled={pending || (agentId !== null && !dirty)}>
          <SaveIcon aria-hidden="true" /> {agentId === null ? "Create agent" : "Save changes"}
        </Button>
      </div>
    </form>
  );
}

function FormSection({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid gap-4">
      <legend className="mb-3 text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}
